// The shop's funnel as business events (README, Business events): an add to cart, each checkout step, the
// order placed and a payment refused, written by the services where each happens, so a page form and an
// island's call count alike. Each step is counted once as itself and once more under each experiment arm the
// shopper was shown (variant_step), which is how conversion per variant is read without joins.

import type { ServiceDeps, Shopper } from '../commerce/call.ts';
import type { CartAnswer } from '../commerce/cart/cart-state.ts';
import { type BusinessEvent, businessEventsFor, recordEvents } from './business-events.ts';
import type { ExperimentArm } from './experiment-arms.ts';

/** The checkout's steps in the order a shopper meets them; `place` is the order asked for, `order_placed` it paid. */
export const CHECKOUT_STEPS = ['shipping_address', 'shipping_method', 'billing_address', 'payment_instrument', 'review', 'place'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
export type FunnelStep = 'add_to_cart' | CheckoutStep | 'order_placed';

export interface EventPlace {
  siteId: string;
  /** The locale code, or '' where the call does not say it (a billing address). */
  locale: string;
}

/** The step's own event (its name in blob4 for all three kinds, so one query reads the funnel) and its arms' copies. */
export function funnelEvents(step: FunnelStep, where: EventPlace, arms: readonly ExperimentArm[], value = 1, detail = ''): BusinessEvent[] {
  const name = step === 'add_to_cart' || step === 'order_placed' ? step : 'checkout_step';
  const own: BusinessEvent = { ...where, name, details: detail ? [step, detail] : [step], value };
  return [own, ...arms.map((arm): BusinessEvent => ({ ...where, name: 'variant_step', details: [arm.experience, arm.variant, step], value }))];
}

/** Written after the answer where the request lets work outlive it, else before; a failed write is logged, never the shopper's error. */
export function recordStep(
  deps: ServiceDeps,
  shopper: Pick<Shopper, 'arms'>,
  where: EventPlace,
  step: FunnelStep,
  options: { value?: number; detail?: string } = {},
): Promise<void> {
  return recordBusinessEvents(deps, funnelEvents(step, where, shopper.arms ?? [], options.value, options.detail));
}

/** A payment the processor refused, with why and how the shopper tried to pay: what the payments team watches. */
export function recordRefusal(deps: ServiceDeps, where: EventPlace, reason: string, method: string): Promise<void> {
  return recordBusinessEvents(deps, [{ ...where, name: 'payment_refused', details: [reason, method] }]);
}

async function recordBusinessEvents(deps: ServiceDeps, events: readonly BusinessEvent[]): Promise<void> {
  const pending: Promise<unknown>[] = [];
  recordEvents(businessEventsFor(deps.env), events, deps.logger, deps.waitUntil ?? ((promise) => pending.push(promise)));
  await Promise.all(pending);
}

/** A step that changed the basket, counted when the change went through, in the basket's site. */
export function recordCartStep(deps: ServiceDeps, shopper: Pick<Shopper, 'arms'>, answer: CartAnswer, step: FunnelStep, locale = ''): Promise<void> {
  return answer.ok ? recordStep(deps, shopper, { siteId: answer.state.owner.siteId, locale }, step) : Promise.resolve();
}
