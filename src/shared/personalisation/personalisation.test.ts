import { describe, expect, it } from 'vitest';
import type { Block, ExperienceBlock, SegmentationBlock } from '../content/blocks.ts';
import { ANONYMOUS_VISITOR, activeSegments, bucket, chooseSegment, chooseVariant, parseTestContext, personalize } from './personalisation.ts';

const text = (id: string): Block => ({ type: 'RichText', id, richText: id });
const experience: ExperienceBlock = {
  type: 'Experience',
  id: 'exp',
  experienceId: 'home-hero',
  name: 'Home hero',
  baselines: [text('baseline')],
  variants: [{ name: 'Winter', variantId: 'winter', label: 'B', weight: 50, targets: [text('winter')] }],
};

describe('chooseVariant', () => {
  const visitors = Array.from({ length: 400 }, (_, i) => `visitor-${i}`);
  it('takes a test-context override first', () => {
    const context = parseTestContext('{"variants":{"home-hero":"winter"}}');
    expect(chooseVariant(experience, { testContext: context, visitorId: null, allowed: true })).toMatchObject({ variantId: 'winter', source: 'override' });
    expect(chooseVariant(experience, { testContext: parseTestContext('{"home-hero":"baseline"}'), visitorId: 'v', allowed: true })).toMatchObject({
      variantId: null,
      source: 'override',
    });
  });
  it('buckets visitors deterministically and stickily by weight', () => {
    const first = visitors.map((v) => chooseVariant(experience, { testContext: null, visitorId: v, allowed: true }).variantId);
    const again = visitors.map((v) => chooseVariant(experience, { testContext: null, visitorId: v, allowed: true }).variantId);
    expect(again).toEqual(first);
    const share = first.filter((id) => id === 'winter').length / visitors.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    expect(bucket('a', 'x')).toBe(bucket('a', 'x'));
  });
  it('falls back to the baseline without a visitor id or without consent', () => {
    expect(chooseVariant(experience, { testContext: null, visitorId: null, allowed: true }).variantId).toBeNull();
    expect(chooseVariant(experience, { testContext: parseTestContext('{"home-hero":"winter"}'), visitorId: 'v', allowed: false })).toMatchObject({
      variantId: null,
      source: 'baseline',
    });
  });
});

describe('segments', () => {
  const block: SegmentationBlock = {
    type: 'Segmentation',
    id: 'seg',
    segments: [
      { id: 'loyalty-loggedin', targets: [text('loyal')] },
      { id: 'loggedin', targets: [text('welcome')] },
    ],
    baselines: [text('join')],
  };
  it('derives the visibility segments of a visitor', () => {
    expect([...activeSegments(ANONYMOUS_VISITOR)].sort()).toEqual(['cart-empty', 'loggedout']);
    const member = activeSegments({ ...ANONYMOUS_VISITOR, loggedIn: true, loyalty: true, identities: ['IPA'], cartItems: 2 });
    expect(member.has('loyalty-loggedin')).toBe(true);
    expect(member.has('ipa-wranx-loggedin')).toBe(true);
    expect(member.has('non-wranx-loggedin')).toBe(true);
    expect(member.has('cart-not-empty')).toBe(true);
  });
  it('picks the first segment that holds, a forced one, else the baseline', () => {
    const member = activeSegments({ ...ANONYMOUS_VISITOR, loggedIn: true, loyalty: true });
    expect(chooseSegment(block, member)).toBe('loyalty-loggedin');
    expect(chooseSegment(block, activeSegments({ ...ANONYMOUS_VISITOR, loggedIn: true }))).toBe('loggedin');
    expect(chooseSegment(block, activeSegments(ANONYMOUS_VISITOR))).toBeNull();
    expect(chooseSegment(block, activeSegments(ANONYMOUS_VISITOR), 'loggedin')).toBe('loggedin');
  });
});

describe('personalize', () => {
  it('replaces experiences and segments by what was chosen and reports impressions', () => {
    const impressions: ReturnType<typeof chooseVariant>[] = [];
    const out = personalize(
      [experience],
      { testContext: parseTestContext('{"home-hero":"winter"}'), visitorId: null, allowed: true, segments: new Set() },
      impressions,
    );
    expect(out[0]).toMatchObject({ type: 'Experience', baselines: [{ id: 'winter' }], variants: [] });
    expect(impressions).toEqual([{ experienceId: 'home-hero', experienceName: 'Home hero', variantId: 'winter', label: 'B', source: 'override' }]);
  });
});

describe('parseTestContext', () => {
  it('reads the nested and the flat form with a segment', () => {
    expect(parseTestContext('{"variants":{"home-hero":"winter"},"segment":"loyalty-loggedin"}')).toEqual({
      variants: { 'home-hero': 'winter' },
      segment: 'loyalty-loggedin',
    });
    expect(parseTestContext('{"home-hero":"winter","segment":"loggedin"}')).toEqual({ variants: { 'home-hero': 'winter' }, segment: 'loggedin' });
  });
  it('is no test context when too long, not JSON, oddly shaped or naming an unknown segment', () => {
    const huge = JSON.stringify({ 'home-hero': 'x'.repeat(48 * 1024) });
    for (const raw of [huge, '{', '[]', '"x"', '{"a b":"x"}', '{"home-hero":1}', '{"segment":"everyone"}', '{"variants":[1]}']) {
      expect(parseTestContext(raw), raw.slice(0, 40)).toBeNull();
    }
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`exp-${i}`, 'a']));
    expect(parseTestContext(JSON.stringify(many))).toBeNull();
  });
});
