// The personalisation a page holds, recorded while it renders, so a cached copy can be chosen for another
// visitor without rendering: every Experience and Segmentation of the page at any depth, all their branches
// (not only the one shown), because the branch another visitor gets may hold decisions of its own.

import type { Block, ExperienceBlock, SegmentationBlock } from '../content/blocks.ts';
import { chooseSegment, chooseVariant, type PersonalisationContext } from './personalisation.ts';

/** The branch a decision sits in: a variant (or "baseline") of an Experience, a segment (or "baseline") of a Segmentation. */
export interface DecisionBranch {
  kind: 'experience' | 'segmentation';
  id: string;
  branch: string;
}

export interface RecordedExperience {
  experienceId: string;
  name: string;
  variants: { variantId: string; label: string; weight: number }[];
  /** Where it sits when nested: shown only to visitors who get that branch. Absent at the top of the page. */
  under?: DecisionBranch;
}

export interface PageDecisions {
  experiences: RecordedExperience[];
  /** Each Segmentation's segments in order (the first that holds wins), keyed by block id. */
  segmentations: { id: string; segments: SegmentationBlock['segments'][number]['id'][]; under?: DecisionBranch }[];
}

export const NO_DECISIONS: PageDecisions = { experiences: [], segmentations: [] };

/** Collects what personalize meets; one per page request. */
export class DecisionRecord {
  private readonly experiences = new Map<string, RecordedExperience>();
  private readonly segmentations = new Map<string, PageDecisions['segmentations'][number]>();

  /** Records every decision in `blocks`, whatever branch the visitor is shown, with the branch each sits in. */
  add(blocks: readonly Block[], under?: DecisionBranch): void {
    const where = under ? { under } : {};
    for (const block of blocks) {
      if (block.type === 'Experience') {
        this.experiences.set(block.experienceId, {
          experienceId: block.experienceId,
          name: block.name,
          variants: block.variants.map(({ variantId, label, weight }) => ({ variantId, label, weight })),
          ...where,
        });
        const branch = (id: string): DecisionBranch => ({ kind: 'experience', id: block.experienceId, branch: id });
        this.add(block.baselines, branch(BASELINE));
        for (const variant of block.variants) this.add(variant.targets, branch(variant.variantId));
      } else if (block.type === 'Segmentation') {
        this.segmentations.set(block.id, { id: block.id, segments: block.segments.map((s) => s.id), ...where });
        const branch = (id: string): DecisionBranch => ({ kind: 'segmentation', id: block.id, branch: id });
        this.add(block.baselines, branch(BASELINE));
        for (const segment of block.segments) this.add(segment.targets, branch(segment.id));
      } else if (block.type === 'Collection') {
        this.add(block.items, under);
      }
    }
  }

  /** The decisions a stored page was recorded with, when the page cache answers it without rendering. */
  adopt(decisions: PageDecisions): void {
    for (const experience of decisions.experiences) this.experiences.set(experience.experienceId, experience);
    for (const segmentation of decisions.segmentations) this.segmentations.set(segmentation.id, segmentation);
  }

  decisions(): PageDecisions {
    return { experiences: [...this.experiences.values()], segmentations: [...this.segmentations.values()] };
  }
}

/** The branch a visitor gets where nothing more specific is chosen: an experience's control, a segmentation's default. */
export const BASELINE = 'baseline';

const experienceBlock = (recorded: RecordedExperience) =>
  ({ ...recorded, variants: recorded.variants.map((v) => ({ ...v, name: v.label, targets: [] })) }) as unknown as ExperienceBlock;
const segmentationBlock = (recorded: PageDecisions['segmentations'][number]) =>
  ({ type: 'Segmentation', id: recorded.id, segments: recorded.segments.map((id) => ({ id, targets: [] })), baselines: [] }) as SegmentationBlock;

/**
 * The experiences this visitor is actually shown on the page, with their variant ("baseline" for the control):
 * a nested one only when the visitor gets every branch above it. The page holds the others for other visitors.
 */
export function shownExperiences(decisions: PageDecisions, context: PersonalisationContext): { experienceId: string; variantId: string }[] {
  const choices = new Map<string, string>();
  for (const recorded of decisions.experiences)
    choices.set(`experience:${recorded.experienceId}`, chooseVariant(experienceBlock(recorded), context).variantId ?? BASELINE);
  for (const recorded of decisions.segmentations)
    choices.set(`segmentation:${recorded.id}`, chooseSegment(segmentationBlock(recorded), context.segments, context.testContext?.segment) ?? BASELINE);
  const under = new Map<string, DecisionBranch | undefined>([
    ...decisions.experiences.map((e): [string, DecisionBranch | undefined] => [`experience:${e.experienceId}`, e.under]),
    ...decisions.segmentations.map((s): [string, DecisionBranch | undefined] => [`segmentation:${s.id}`, s.under]),
  ]);
  const shown = (key: string, depth = 0): boolean => {
    const parent = under.get(key);
    if (!parent) return true;
    const parentKey = `${parent.kind}:${parent.id}`;
    // Content nests a few levels at most; a cycle (a malformed document) counts as not shown.
    return depth < 16 && choices.get(parentKey) === parent.branch && shown(parentKey, depth + 1);
  };
  return decisions.experiences
    .filter((e) => shown(`experience:${e.experienceId}`))
    .map((e) => ({ experienceId: e.experienceId, variantId: choices.get(`experience:${e.experienceId}`) as string }));
}

/**
 * What this visitor gets at each decision of the page, as text: two visitors with the same outcome text get
 * the same page. Stable in order, bounded by the page's decisions and their branches.
 */
export function decisionOutcomes(decisions: PageDecisions, context: PersonalisationContext): string {
  const parts: string[] = [];
  for (const recorded of [...decisions.experiences].sort((a, b) => a.experienceId.localeCompare(b.experienceId))) {
    parts.push(`x:${recorded.experienceId}=${chooseVariant(experienceBlock(recorded), context).variantId ?? '-'}`);
  }
  for (const recorded of [...decisions.segmentations].sort((a, b) => a.id.localeCompare(b.id))) {
    parts.push(`s:${recorded.id}=${chooseSegment(segmentationBlock(recorded), context.segments, context.testContext?.segment) ?? '-'}`);
  }
  return parts.join(',');
}
