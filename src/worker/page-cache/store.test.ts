import { describe, expect, it } from 'vitest';
import type { PageDecisions } from '../../shared/personalisation/decisions.ts';
import { keptUnderAddress } from './store.ts';

const hero = (weight: number): PageDecisions => ({
  experiences: [
    {
      experienceId: 'hero',
      name: 'Home hero',
      variants: [
        { variantId: 'a', label: 'Baseline', weight },
        { variantId: 'b', label: 'Winter', weight: 100 - weight },
      ],
    },
  ],
  segmentations: [],
});

describe('where a rendering of a personalised page is kept', () => {
  const winter = { decisions: hero(50), outcomes: 'x:hero=b' };

  it('under its address when nothing, or nothing personalised, or the same outcomes are kept there', () => {
    expect(keptUnderAddress(undefined, winter)).toBe(true);
    expect(keptUnderAddress(null, winter)).toBe(true);
    expect(keptUnderAddress({ decisions: hero(50), outcomes: 'x:hero=b' }, winter)).toBe(true);
  });

  it('under its own outcomes when the address holds another outcome of the same decisions', () => {
    expect(keptUnderAddress({ decisions: hero(50), outcomes: 'x:hero=a' }, winter)).toBe(false);
  });

  it('under its address, replacing the copy there, when the decisions it was found by are no longer the page’s', () => {
    // Else every visitor would be looked up by the old decisions and never find the new copies.
    expect(keptUnderAddress({ decisions: hero(90), outcomes: 'x:hero=a' }, winter)).toBe(true);
  });
});
