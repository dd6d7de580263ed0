// Price adjustments (the cart issue, §2; the security issue, §4): an in-store associate, connected on a
// device registered to their store, takes an amount or a percent off one line, with a reason, up to
// PRICE_ADJUSTMENT_MAX_PERCENT of the line. Every change, and every refusal past the limit, is in the
// audit log under the associate's id.

import { PRICE_ADJUSTMENT_MAX_PERCENT } from '../../../shared/commerce/commerce-config.ts';
import { findLocale, SITES, type SiteId } from '../../../shared/locale/sites.ts';
import { auditStatement } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { isConnected } from '../identity/associates.ts';
import { requireDeviceOf } from '../stores/devices.ts';
import { type BasketChange, callerOf } from './caller.ts';
import type { CartState } from './cart-state.ts';
import { refuseGiftLine } from './lines.ts';
import { cartStub, throwRefusal } from './service.ts';
import { variantFacts } from './variant-facts.ts';

interface AdjustmentInput {
  adjustmentId?: string;
  itemId?: string;
  kind: 'amount' | 'percent';
  value: number;
  reason: string;
}

/** The associate connected on this request's device: the session names them, and the device is their store's. */
async function actingAssociate(shopper: Shopper) {
  const associate = shopper.claims?.buyInStore;
  if (!isConnected(associate)) throw new HttpError('API403', 'Only a store associate connected on this device can adjust a price.');
  // The session's cookies alone, carried to another machine, adjust nothing: the device must be there too.
  requireDeviceOf(await shopper.device(), associate.storeId);
  return associate;
}

/** How much of the line, in percent, an adjustment takes off (an amount measured against the line's price). */
async function percentOff(db: D1Database, state: CartState, lineId: string, input: AdjustmentInput): Promise<number | null> {
  const line = state.lines.find((l) => l.id === lineId);
  const site = SITES[state.owner.siteId as SiteId];
  const locale = findLocale(site?.locales[0]);
  if (!line || !locale) return input.kind === 'percent' ? input.value : 0;
  const fact = (await variantFacts(db, locale, [line.variantId])).get(line.variantId);
  const unit = fact ? (fact.saleAmount ?? fact.listAmount) : null;
  // A line with no price left has nothing to take off (PRC400, said by the caller).
  if (!unit) return null;
  return input.kind === 'percent' ? input.value : (input.value * 100) / (unit * line.qty);
}

/** One adjustment per line, created or changed; PRC403 past the most an associate may give. */
export async function adjustPrice(deps: ServiceDeps, shopper: Shopper, basketId: string, input: AdjustmentInput): Promise<BasketChange> {
  const associate = await actingAssociate(shopper);
  const caller = callerOf(shopper);
  const stub = cartStub(deps.env, basketId);
  const current = await stub.read(caller);
  if (!current.ok) throwRefusal(current);
  const existing = input.adjustmentId ? current.state.adjustments.find((a) => a.id === input.adjustmentId) : undefined;
  if (input.adjustmentId && !existing) throw new HttpError('API404', 'This price adjustment is not on the cart.');
  const itemId = existing?.lineId ?? input.itemId ?? '';
  refuseGiftLine(itemId);
  const id = existing?.id ?? crypto.randomUUID();
  const details = { adjustmentId: id, itemId, kind: input.kind, value: input.value, reason: input.reason };
  const percent = await percentOff(deps.env.DB, current.state, itemId, input);
  if (percent === null) throw new HttpError('PRC400', undefined, [{ field: 'itemId', message: 'This item has no price to adjust.' }]);
  if (percent > PRICE_ADJUSTMENT_MAX_PERCENT) {
    await auditAdjustment(deps, shopper, basketId, 'refused', { ...details, maxPercent: PRICE_ADJUSTMENT_MAX_PERCENT });
    const message = `An associate may take at most ${PRICE_ADJUSTMENT_MAX_PERCENT} % off a line. Ask a store manager.`;
    throw new HttpError('PRC403', message, [{ field: 'value', message }]);
  }
  const result = await stub.putAdjustment(caller, {
    id,
    lineId: itemId,
    kind: input.kind,
    value: input.value,
    reason: input.reason,
    storeId: associate.storeId,
    employeeId: associate.storeEmployeeId,
  });
  if (result.ok) await auditAdjustment(deps, shopper, basketId, existing ? 'update' : 'create', details);
  return { result };
}

export async function removeAdjustment(deps: ServiceDeps, shopper: Shopper, basketId: string, adjustmentId: string): Promise<BasketChange> {
  await actingAssociate(shopper);
  const result = await cartStub(deps.env, basketId).removeAdjustment(callerOf(shopper), adjustmentId);
  if (result.ok) await auditAdjustment(deps, shopper, basketId, 'delete', { adjustmentId });
  return { result };
}

async function auditAdjustment(deps: ServiceDeps, shopper: Shopper, basketId: string, change: string, details: Record<string, unknown>): Promise<void> {
  const associate = shopper.claims?.buyInStore;
  await auditStatement(deps.env.DB, {
    actor: `associate:${associate?.storeEmployeeId ?? 'unknown'}`,
    action: `cart.price_adjustment.${change}`,
    subject: `basket:${basketId}`,
    details: { ...details, storeId: associate?.storeId ?? null },
    correlationId: deps.correlationId,
  }).run();
}
