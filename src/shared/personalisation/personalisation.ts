// Personalisation decisions (account-content §4, §6), the same on the server render and in the decide
// endpoint: experience variants from a test context, else sticky bucketing, else the baseline; the
// first segment whose condition holds, else the baseline.

import { type Block, type ExperienceBlock, type SegmentationBlock, VISIBILITY_SEGMENTS, type VisibilitySegment } from '../content/blocks.ts';

export interface TestContext {
  /** experienceId -> variantId ("baseline" forces the baseline). */
  variants: Record<string, string>;
  segment?: VisibilitySegment;
}

/** Longer than any real override: a test context travels in every link of a page, so its size is capped. */
const TEST_CONTEXT_MAX_LENGTH = 512;
const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_OVERRIDES = 16;

/**
 * `p13n_testcontext`: JSON, either { variants: {...}, segment } or a flat { experienceId: variantId }.
 * Anything else (too long, not JSON, odd ids, an unknown segment) is no test context at all.
 */
export function parseTestContext(raw: string | null | undefined): TestContext | null {
  if (!raw || raw.length > TEST_CONTEXT_MAX_LENGTH) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { variants: nested, segment, ...flat } = parsed as Record<string, unknown>;
  const variants = nested === undefined ? flat : nested;
  if (!variants || typeof variants !== 'object' || Array.isArray(variants)) return null;
  const entries = Object.entries(variants);
  if (entries.length > MAX_OVERRIDES || !entries.every(([id, value]) => ID.test(id) && typeof value === 'string' && ID.test(value))) return null;
  if (segment !== undefined && !(typeof segment === 'string' && (VISIBILITY_SEGMENTS as readonly string[]).includes(segment))) return null;
  return { variants: Object.fromEntries(entries) as Record<string, string>, ...(segment ? { segment: segment as VisibilitySegment } : {}) };
}

/** 0..99, the same for a visitor and experience on every request and every edge location (FNV-1a). */
export function bucket(visitorId: string, experienceId: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${experienceId}:${visitorId}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

export interface VariantChoice {
  experienceId: string;
  experienceName: string;
  /** null: the baseline. */
  variantId: string | null;
  label: string;
  source: 'override' | 'decision' | 'baseline';
  /** The analytics event the marketer named for this experience's impressions (Experience.trackingEvent). */
  trackingEvent?: string;
}

export interface DecisionInput {
  testContext: TestContext | null;
  /** Present only with targeting consent. */
  visitorId: string | null;
  allowed: boolean;
}

export function chooseVariant(experience: ExperienceBlock, input: DecisionInput): VariantChoice {
  const base = {
    experienceId: experience.experienceId,
    experienceName: experience.name,
    ...(experience.trackingEvent ? { trackingEvent: experience.trackingEvent } : {}),
  };
  const baseline: VariantChoice = { ...base, variantId: null, label: 'A', source: 'baseline' };
  if (!input.allowed) return baseline;
  const forced = input.testContext?.variants[experience.experienceId];
  if (forced !== undefined) {
    const variant = experience.variants.find((v) => v.variantId === forced);
    return variant ? { ...base, variantId: variant.variantId, label: variant.label, source: 'override' } : { ...baseline, source: 'override' };
  }
  if (!input.visitorId) return baseline;
  let threshold = 0;
  const point = bucket(input.visitorId, experience.experienceId);
  for (const variant of experience.variants) {
    threshold += variant.weight;
    if (point < threshold) return { ...base, variantId: variant.variantId, label: variant.label, source: 'decision' };
  }
  return baseline;
}

export interface Visitor {
  loggedIn: boolean;
  loyalty: boolean;
  employee: boolean;
  athlete: boolean;
  identities: ('WRANX' | 'IPA')[];
  cartItems: number;
}

export const ANONYMOUS_VISITOR: Visitor = { loggedIn: false, loyalty: false, employee: false, athlete: false, identities: [], cartItems: 0 };

/** Which visibility segments hold for a visitor (account-content §6). */
export function activeSegments(visitor: Visitor): Set<VisibilitySegment> {
  const active = new Set<VisibilitySegment>([visitor.loggedIn ? 'loggedin' : 'loggedout', visitor.cartItems > 0 ? 'cart-not-empty' : 'cart-empty']);
  if (!visitor.loggedIn) return active;
  const wranx = visitor.identities.includes('WRANX');
  const ipa = visitor.identities.includes('IPA');
  const flags: [boolean, VisibilitySegment, VisibilitySegment][] = [
    [visitor.loyalty, 'loyalty-loggedin', 'non-loyalty-loggedin'],
    [visitor.employee, 'employee-loggedin', 'non-employee-loggedin'],
    [wranx || ipa, 'ipa-wranx-loggedin', 'non-ipa-wranx-loggedin'],
    [wranx, 'wranx-loggedin', 'non-wranx-loggedin'],
    [ipa, 'ipa-loggedin', 'non-ipa-loggedin'],
    [visitor.athlete, 'athletes-loggedin', 'non-athletes-loggedin'],
  ];
  for (const [holds, yes, no] of flags) active.add(holds ? yes : no);
  return active;
}

export function chooseSegment(block: SegmentationBlock, active: ReadonlySet<VisibilitySegment>, forced?: VisibilitySegment): VisibilitySegment | null {
  if (forced && block.segments.some((s) => s.id === forced)) return forced;
  return block.segments.find((s) => active.has(s.id))?.id ?? null;
}

export interface PersonalisationContext extends DecisionInput {
  segments: ReadonlySet<VisibilitySegment>;
  /** Told of every decision the blocks hold (page-cache keys are chosen from them: decisions.ts). */
  record?: { add(blocks: readonly Block[]): void };
}

/**
 * Resolves every Experience and Segmentation in `blocks` to the content chosen for this visitor, as
 * their `baselines`, and reports the experiences shown for the analytics data layer.
 */
export function personalize(blocks: Block[], context: PersonalisationContext, impressions: VariantChoice[] = []): Block[] {
  // The record walks every branch once, from the top; the choices below walk only the chosen ones.
  context.record?.add(blocks);
  return chosenBlocks(blocks, context, impressions);
}

function chosenBlocks(blocks: Block[], context: PersonalisationContext, impressions: VariantChoice[]): Block[] {
  return blocks.map((block): Block => {
    if (block.type === 'Experience') {
      const choice = chooseVariant(block, context);
      impressions.push(choice);
      const chosen = block.variants.find((v) => v.variantId === choice.variantId)?.targets ?? block.baselines;
      return { ...block, baselines: chosenBlocks(chosen, context, impressions), variants: [] };
    }
    if (block.type === 'Segmentation') {
      const segment = chooseSegment(block, context.segments, context.testContext?.segment);
      const chosen = block.segments.find((s) => s.id === segment)?.targets ?? block.baselines;
      return { ...block, baselines: chosenBlocks(chosen, context, impressions), segments: [] };
    }
    if (block.type === 'Collection') return { ...block, items: chosenBlocks(block.items, context, impressions) };
    return block;
  });
}
