import { describe, expect, it } from 'vitest';
import type { Block } from '../content/blocks.ts';
import { DecisionRecord, shownExperiences } from './decisions.ts';
import type { PersonalisationContext } from './personalisation.ts';

/** An experience whose one variant takes everyone, with `targets` inside that variant and `baselines` as the control. */
const experience = (id: string, targets: Block[] = [], baselines: Block[] = []) =>
  ({
    type: 'Experience',
    id: `block-${id}`,
    experienceId: id,
    name: id,
    baselines,
    variants: [{ name: `${id}-v`, variantId: `${id}-v`, label: 'B', weight: 100, targets }],
  }) as unknown as Block;

// A members' segment holding E1 (else E3), and a top-level E2 whose variant holds E4 (its control E5).
const PAGE = [
  { type: 'Segmentation', id: 'S', segments: [{ id: 'loggedin', targets: [experience('E1')] }], baselines: [experience('E3')] } as unknown as Block,
  experience('E2', [experience('E4')], [experience('E5')]),
];

function visitor(segment: 'loggedin' | 'loggedout'): PersonalisationContext {
  return { testContext: null, visitorId: 'visitor-1', allowed: true, segments: new Set([segment, 'cart-empty']) };
}

describe('the experiences a page showed', () => {
  const record = new DecisionRecord();
  record.add(PAGE);
  const decisions = record.decisions();

  it('keeps every experience of every branch for the page cache, and where each sits', () => {
    expect(decisions.experiences.map((e) => e.experienceId).sort()).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
    expect(decisions.experiences.find((e) => e.experienceId === 'E4')?.under).toEqual({ kind: 'experience', id: 'E2', branch: 'E2-v' });
    expect(decisions.experiences.find((e) => e.experienceId === 'E3')?.under).toEqual({ kind: 'segmentation', id: 'S', branch: 'baseline' });
  });

  it('counts only the branches this visitor got, nested ones included', () => {
    const shown = (who: PersonalisationContext) =>
      shownExperiences(decisions, who)
        .map((e) => `${e.experienceId}=${e.variantId}`)
        .sort();
    expect(shown(visitor('loggedout'))).toEqual(['E2=E2-v', 'E3=E3-v', 'E4=E4-v']);
    expect(shown(visitor('loggedin'))).toEqual(['E1=E1-v', 'E2=E2-v', 'E4=E4-v']);
    // Without targeting consent everyone gets every control: the nested experiences of variants are not shown.
    expect(shown({ ...visitor('loggedout'), allowed: false })).toEqual(['E2=baseline', 'E3=baseline', 'E5=baseline']);
  });
});
