// The experiment arms a visitor has been shown (README, Business events): which variant of which experience.
// They are what joins a later funnel step (an add to cart, an order) to the variant seen before it, without
// any id of the visitor reaching the events: Analytics Engine has no joins, so each step is counted again
// under each arm (variant_step), and the arms travel in a cookie of their own, kept only with targeting consent.

import { type PageDecisions, shownExperiences } from '../../shared/personalisation/decisions.ts';
import type { PersonalisationContext } from '../../shared/personalisation/personalisation.ts';

export const ARMS_COOKIE = 'cairnArms';
/** How long a step is still counted for the variant seen before it: a month, as the visitor id's bucket holds. */
export const ARMS_MAX_AGE = 30 * 24 * 60 * 60;
/** A few experiments run at once; more arms than this keep the newest. */
const MAX_ARMS = 8;
const ID = /^[\w .:-]{1,64}$/;

export interface ExperimentArm {
  experience: string;
  /** The variant's id, or "baseline" for the control. */
  variant: string;
}

/** The arms a cookie holds; anything malformed counts as none (it is the visitor's to tamper with, and only skews their own count). */
export function parseArms(value: string | undefined): ExperimentArm[] {
  if (!value) return [];
  try {
    const pairs: unknown = JSON.parse(value);
    if (!Array.isArray(pairs)) return [];
    return pairs
      .filter((pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && pair.every((id) => typeof id === 'string' && ID.test(id)))
      .slice(-MAX_ARMS)
      .map(([experience, variant]) => ({ experience, variant }));
  } catch {
    return [];
  }
}

export function serializeArms(arms: readonly ExperimentArm[]): string {
  return JSON.stringify(arms.slice(-MAX_ARMS).map((arm) => [arm.experience, arm.variant]));
}

/**
 * The arm of each experience the page showed this visitor (one nested in a branch they did not get is not
 * shown), bucketed by their id. A forced variant (a test context) is a marketer checking a page, and a visitor
 * without an id is in no experiment: neither has an arm.
 */
export function armsShown(decisions: PageDecisions, visitor: PersonalisationContext): ExperimentArm[] {
  if (!visitor.allowed || !visitor.visitorId || visitor.testContext) return [];
  return shownExperiences(decisions, visitor).flatMap(({ experienceId, variantId }) => {
    const arm = { experience: experienceId, variant: variantId };
    return ID.test(arm.experience) && ID.test(arm.variant) ? [arm] : [];
  });
}

/** The arms kept after a page: each experience's latest arm, the newest last. */
export function mergeArms(known: readonly ExperimentArm[], shown: readonly ExperimentArm[]): ExperimentArm[] {
  const others = known.filter((arm) => !shown.some((s) => s.experience === arm.experience));
  return [...others, ...shown].slice(-MAX_ARMS);
}
