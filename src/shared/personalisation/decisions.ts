// The personalisation a page holds, recorded while it renders, so a cached copy can be chosen for another
// visitor without rendering: every Experience and Segmentation of the page at any depth, all their branches
// (not only the one shown), because the branch another visitor gets may hold decisions of its own.

import type { Block, ExperienceBlock, SegmentationBlock } from '../content/blocks.ts';
import { chooseSegment, chooseVariant, type PersonalisationContext } from './personalisation.ts';

export interface RecordedExperience {
  experienceId: string;
  name: string;
  variants: { variantId: string; label: string; weight: number }[];
}

export interface PageDecisions {
  experiences: RecordedExperience[];
  /** Each Segmentation's segments in order (the first that holds wins), keyed by block id. */
  segmentations: { id: string; segments: SegmentationBlock['segments'][number]['id'][] }[];
}

export const NO_DECISIONS: PageDecisions = { experiences: [], segmentations: [] };

/** Collects what personalize meets; one per page request. */
export class DecisionRecord {
  private readonly experiences = new Map<string, RecordedExperience>();
  private readonly segmentations = new Map<string, PageDecisions['segmentations'][number]>();

  /** Records every decision in `blocks`, whatever branch the visitor is shown. */
  add(blocks: readonly Block[]): void {
    for (const block of blocks) {
      if (block.type === 'Experience') {
        this.experiences.set(block.experienceId, {
          experienceId: block.experienceId,
          name: block.name,
          variants: block.variants.map(({ variantId, label, weight }) => ({ variantId, label, weight })),
        });
        this.add(block.baselines);
        for (const variant of block.variants) this.add(variant.targets);
      } else if (block.type === 'Segmentation') {
        this.segmentations.set(block.id, { id: block.id, segments: block.segments.map((s) => s.id) });
        this.add(block.baselines);
        for (const segment of block.segments) this.add(segment.targets);
      } else if (block.type === 'Collection') {
        this.add(block.items);
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

/**
 * What this visitor gets at each decision of the page, as text: two visitors with the same outcome text get
 * the same page. Stable in order, bounded by the page's decisions and their branches.
 */
export function decisionOutcomes(decisions: PageDecisions, context: PersonalisationContext): string {
  const parts: string[] = [];
  for (const recorded of [...decisions.experiences].sort((a, b) => a.experienceId.localeCompare(b.experienceId))) {
    const experience = { ...recorded, variants: recorded.variants.map((v) => ({ ...v, name: v.label, targets: [] })) } as unknown as ExperienceBlock;
    parts.push(`x:${recorded.experienceId}=${chooseVariant(experience, context).variantId ?? '-'}`);
  }
  for (const recorded of [...decisions.segmentations].sort((a, b) => a.id.localeCompare(b.id))) {
    const block = { type: 'Segmentation', id: recorded.id, segments: recorded.segments.map((id) => ({ id, targets: [] })), baselines: [] } as SegmentationBlock;
    parts.push(`s:${recorded.id}=${chooseSegment(block, context.segments, context.testContext?.segment) ?? '-'}`);
  }
  return parts.join(',');
}
