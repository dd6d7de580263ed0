// One SQLite-backed Durable Object per basket (ARCHITECTURE.md, Where data lives): its lines, coupons and
// owner. Every method runs on the synchronous storage API with no await inside, so the object handles one
// mutation at a time and 100 concurrent adds of one item add up exactly. Prices are not kept here: the
// service reads them fresh from D1 on every answer. A basket untouched for 30 days expires.

import { DurableObject } from 'cloudflare:workers';
import * as lineChanges from './cart-line-changes.ts';
import { CART_EVENTS, cartLogger } from './cart-log.ts';
import type {
  AddLine,
  BasketPayment,
  CartAnswer,
  CartCaller,
  CartOwner,
  CartState,
  GiftOption,
  InstrumentMethod,
  MergeLine,
  PickupContacts,
  PlacingOrder,
  ReviewQuote,
  StoredAdjustment,
} from './cart-state.ts';
import { copyBasket, createCartTables, deleteLine, forgetFailedOrder, insertInstrument, putAdjustmentRow, putMeta, readCartState } from './cart-tables.ts';

export const CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A basket's tables besides its meta, and the meta a new start forgets (its owner and dates stay). */
const BASKET_TABLES = ['lines', 'coupons', 'instruments', 'deliveries', 'adjustments'] as const;
const RESET_META = ['reward', 'athletePayment', 'shipping', 'shippingAddress', 'billingAddress', 'deliveryEstimate', 'notices', 'payment', 'placing', 'quote'];

export class Cart extends DurableObject {
  private ready = false;
  /**
   * The basket as last read, kept until something writes: reads far outnumber changes, and every write
   * goes through this object, which clears it (setMeta, which every change's touched() calls, and the
   * writes that do not move the expiry).
   */
  private cached: CartState | null = null;

  private schema(): void {
    if (this.ready) return;
    createCartTables(this.ctx.storage);
    this.ready = true;
  }

  private meta(key: string): string | null {
    const row = this.ctx.storage.sql.exec<{ value: string }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0];
    return row?.value ?? null;
  }

  private setMeta(key: string, value: string): void {
    this.cached = null;
    putMeta(this.ctx.storage.sql, key, value);
  }

  private state(): CartState | null {
    if (this.cached) return this.cached;
    this.cached = readCartState(this.ctx.storage.sql);
    return this.cached;
  }

  private static allowed(owner: CartOwner, caller: CartCaller): boolean {
    return owner.consumerNo ? owner.consumerNo === caller.consumerNo : owner.usid === caller.usid;
  }

  /** The basket for its owner, or why not. */
  private owned(caller: CartCaller): CartAnswer {
    this.schema();
    const state = this.state();
    if (!state) return { ok: false, refusal: 'missing' };
    if (!Cart.allowed(state.owner, caller)) {
      cartLogger(caller, state.basketId).warn(CART_EVENTS.foreignCaller);
      return { ok: false, refusal: 'foreign' };
    }
    return { ok: true, state };
  }

  /** Every change moves the expiry 30 days on. */
  private touched(): CartState {
    const now = new Date();
    this.setMeta('updatedAt', now.toISOString());
    void this.ctx.storage.setAlarm(now.getTime() + CART_LIFETIME_MS);
    return this.state() as CartState;
  }

  /** A line change's answer: refused with the basket as it was, or the basket as it now is. */
  private answered(state: CartState, change: lineChanges.LineChange): CartAnswer {
    if (change === 'unchanged') return { ok: true, state };
    if (change !== 'written') return { ok: false, refusal: change.refused, state };
    return { ok: true, state: this.touched() };
  }

  /** Creates the basket for its owner; creating it again for the same owner answers it as it is. */
  create(basketId: string, owner: CartOwner): CartAnswer {
    this.schema();
    const existing = this.state();
    if (existing) return Cart.allowed(existing.owner, owner) ? { ok: true, state: existing } : { ok: false, refusal: 'foreign' };
    const now = new Date().toISOString();
    this.setMeta('basketId', basketId);
    this.setMeta('owner', JSON.stringify(owner));
    this.setMeta('createdAt', now);
    return { ok: true, state: this.touched() };
  }

  /** A new basket holding what `from` held but its payment (commerce-core §4: a failed 3-D Secure check; cart-tables.ts copyBasket). */
  createFrom(basketId: string, from: CartState): CartAnswer {
    const created = this.create(basketId, from.owner);
    if (!created.ok || created.state.lines.length > 0) return created;
    copyBasket(this.ctx.storage.sql, from);
    this.cached = null;
    return { ok: true, state: this.touched() };
  }

  /** Empties a basket of its owner's for a new start (a wallet basket used again for another product). */
  reset(caller: CartCaller): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    for (const table of BASKET_TABLES) this.ctx.storage.sql.exec(`DELETE FROM ${table}`);
    for (const key of RESET_META) {
      this.ctx.storage.sql.exec('DELETE FROM meta WHERE key = ?', key);
    }
    return { ok: true, state: this.touched() };
  }

  setPayment(caller: CartCaller, payment: BasketPayment | null): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (payment) this.setMeta('payment', JSON.stringify(payment));
    else {
      this.cached = null;
      this.ctx.storage.sql.exec("DELETE FROM meta WHERE key = 'payment'");
    }
    return { ok: true, state: this.touched() };
  }

  /** The review step's amounts, which the next order from this basket must pay exactly. */
  setQuote(caller: CartCaller, quote: ReviewQuote): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('quote', JSON.stringify(quote));
    return { ok: true, state: this.touched() };
  }

  setPickupContacts(caller: CartCaller, contacts: PickupContacts): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('pickupContacts', JSON.stringify(contacts));
    return { ok: true, state: this.touched() };
  }

  setEmail(caller: CartCaller, email: string): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('email', email);
    return { ok: true, state: this.touched() };
  }

  /**
   * Starts placing an order from this basket, unless one already is: then its number is answered and the
   * caller joins it. Serialized here, two tabs submitting at once can never start two orders.
   */
  beginOrder(
    caller: CartCaller,
    orderNumber: string,
  ): { ok: true; state: CartState; placing: PlacingOrder; fresh: boolean } | Exclude<CartAnswer, { ok: true }> {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (owned.state.placing) return { ok: true, state: owned.state, placing: owned.state.placing, fresh: false };
    const placing = { orderNumber, startedAt: new Date().toISOString() };
    this.setMeta('placing', JSON.stringify(placing));
    cartLogger(caller, owned.state.basketId).info(CART_EVENTS.orderBegun, { orderNumber });
    return { ok: true, state: this.touched(), placing, fresh: true };
  }

  /**
   * The order is over: placed empties the basket for the next one (addresses stay for a registered
   * shopper's next order, not a guest's), failed leaves everything as it was so the shopper can pay another way.
   */
  finishOrder(caller: CartCaller, orderNumber: string, outcome: 'placed' | 'failed' | 'declined'): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (owned.state.placing?.orderNumber !== orderNumber) return owned;
    cartLogger(caller, owned.state.basketId).info(CART_EVENTS.orderFinished, { orderNumber, outcome });
    if (outcome !== 'placed') {
      this.cached = null;
      forgetFailedOrder(this.ctx.storage.sql, owned.state, outcome);
      return { ok: true, state: this.touched() };
    }
    return this.reset(caller);
  }

  /** The basket as it is; a notice waiting for its owner is said now and then forgotten. */
  read(caller: CartCaller): CartAnswer {
    const owned = this.owned(caller);
    if (owned.ok && owned.state.notices.length > 0) this.setMeta('notices', '[]');
    return owned;
  }

  /** A guest's basket becomes the consumer's at sign-in (they had none of their own). */
  claim(guest: CartCaller, consumerNo: string): CartAnswer {
    const owned = this.owned(guest);
    if (!owned.ok) return owned;
    this.setMeta('owner', JSON.stringify({ ...owned.state.owner, consumerNo }));
    return { ok: true, state: this.touched() };
  }

  /** The guest basket's lines, as the sign-in merge takes them; the guest basket is emptied and forgotten. */
  surrender(guest: CartCaller): CartAnswer {
    const owned = this.owned(guest);
    if (!owned.ok) return owned;
    for (const table of BASKET_TABLES) this.ctx.storage.sql.exec(`DELETE FROM ${table}`);
    this.setMeta('reward', 'null');
    this.setMeta('owner', JSON.stringify({ ...owned.state.owner, usid: `merged:${owned.state.owner.usid}` }));
    void this.ctx.storage.setAlarm(Date.now());
    return owned;
  }

  /** Lines from a guest basket: the same variant (and gift) adds up within its maximum and stock; the owner is told. */
  merge(caller: CartCaller, lines: readonly MergeLine[]): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    // Each line meets the basket as the lines before it left it (not the cached state): two recipients of one limited card stay within it.
    const notices = lineChanges.mergeNotices(lineChanges.mergeLines(this.ctx.storage.sql, () => readCartState(this.ctx.storage.sql) as CartState, lines));
    this.cached = null;
    if (notices.length > 0) this.setMeta('notices', JSON.stringify([...owned.state.notices, ...notices]));
    return { ok: true, state: this.touched() };
  }

  /** Adds to the variant's line (cart-line-changes.ts addLine). */
  addItem(caller: CartCaller, add: AddLine): CartAnswer {
    const owned = this.owned(caller);
    return owned.ok ? this.answered(owned.state, lineChanges.addLine(this.ctx.storage.sql, owned.state, add)) : owned;
  }

  /** Sets a line's quantity, within its maximum and the stock. */
  setQuantity(caller: CartCaller, lineId: string, qty: number, limits: { maxQty: number; stock: number }): CartAnswer {
    const owned = this.owned(caller);
    return owned.ok ? this.answered(owned.state, lineChanges.setLineQuantity(this.ctx.storage.sql, owned.state, lineId, qty, limits)) : owned;
  }

  /** Another size (or amount) of a line's product (cart-line-changes.ts changeLineVariant). */
  changeVariant(caller: CartCaller, lineId: string, next: AddLine): CartAnswer {
    const owned = this.owned(caller);
    return owned.ok ? this.answered(owned.state, lineChanges.changeLineVariant(this.ctx.storage.sql, owned.state, lineId, next)) : owned;
  }

  /** A gift card line's recipient and message, or none (cart-line-changes.ts setGiftOfLine). */
  setLineGift(caller: CartCaller, lineId: string, gift: GiftOption | null): CartAnswer {
    const owned = this.owned(caller);
    return owned.ok ? this.answered(owned.state, lineChanges.setGiftOfLine(this.ctx.storage.sql, owned.state, lineId, gift)) : owned;
  }

  /** A coupon the service has checked; the engine decides what it is worth. */
  addCoupon(caller: CartCaller, code: string): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.ctx.storage.sql.exec('INSERT INTO coupons (code, added_at) VALUES (?, ?) ON CONFLICT (code) DO NOTHING', code, new Date().toISOString());
    return { ok: true, state: this.touched() };
  }

  removeCoupon(caller: CartCaller, code: string): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (!owned.state.coupons.includes(code)) return { ok: false, refusal: 'no-coupon', state: owned.state };
    this.ctx.storage.sql.exec('DELETE FROM coupons WHERE code = ?', code);
    return { ok: true, state: this.touched() };
  }

  /**
   * A gift card or reward the service has checked, once each: at most `max` gift cards, and one reward (a
   * code or a card) per basket.
   */
  addInstrument(caller: CartCaller, card: { cardId: string; last4: string; method?: InstrumentMethod }, max: number): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    const method = card.method ?? 'GIFT_CERTIFICATE';
    const reward = method !== 'GIFT_CERTIFICATE';
    if (owned.state.instruments.some((i) => i.cardId === card.cardId)) return { ok: false, refusal: 'instrument-applied', state: owned.state };
    const sameFamily = owned.state.instruments.filter((i) => (i.method !== 'GIFT_CERTIFICATE') === reward);
    if (reward && sameFamily.length >= 1) return { ok: false, refusal: 'reward-limit', state: owned.state };
    if (!reward && sameFamily.length >= max) return { ok: false, refusal: 'instrument-limit', state: owned.state };
    insertInstrument(this.ctx.storage.sql, card, method);
    return { ok: true, state: this.touched() };
  }

  /** A line picked up at a store (the service has checked the store), or delivered again (null). */
  setLineStore(caller: CartCaller, lineId: string, storeId: string | null): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (!owned.state.lines.some((l) => l.id === lineId)) return { ok: false, refusal: 'no-line', state: owned.state };
    this.ctx.storage.sql.exec(
      // A delivery the shopper chooses is not one that changed on its own: nothing to report next time.
      'INSERT INTO deliveries (line_id, store_id, last_code) VALUES (?, ?, NULL) ON CONFLICT (line_id) DO UPDATE SET store_id = excluded.store_id, last_code = NULL',
      lineId,
      storeId,
    );
    return { ok: true, state: this.touched() };
  }

  /**
   * The delivery each line was answered with, kept so the next answer can tell the shopper when one has
   * changed on its own (stock moved). Not a change of the basket: its expiry does not move.
   */
  recordDeliveries(caller: CartCaller, codes: Record<string, string>): boolean {
    if (!this.owned(caller).ok) return false;
    this.cached = null;
    lineChanges.putDeliveryCodes(this.ctx.storage.sql, codes);
    return true;
  }

  /** The home delivery shipment's method and who chose it, checked by the service. */
  setShipping(caller: CartCaller, shipping: CartState['shipping']): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('shipping', JSON.stringify(shipping));
    return { ok: true, state: this.touched() };
  }

  /** A checked shipping or billing address, or the cart's estimate of where it goes, or none. */
  setAddress(caller: CartCaller, kind: 'shippingAddress' | 'billingAddress' | 'deliveryEstimate', address: CartState['billingAddress']): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta(kind, JSON.stringify(address));
    return { ok: true, state: this.touched() };
  }

  /** An associate's adjustment on a line (the service has checked who may make it): one per line, replaced. */
  putAdjustment(caller: CartCaller, adjustment: Omit<StoredAdjustment, 'createdAt'>): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (!owned.state.lines.some((l) => l.id === adjustment.lineId)) return { ok: false, refusal: 'no-line', state: owned.state };
    putAdjustmentRow(this.ctx.storage.sql, adjustment);
    return { ok: true, state: this.touched() };
  }

  removeAdjustment(caller: CartCaller, adjustmentId: string): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (!owned.state.adjustments.some((a) => a.id === adjustmentId)) return { ok: false, refusal: 'no-adjustment', state: owned.state };
    this.ctx.storage.sql.exec('DELETE FROM adjustments WHERE id = ?', adjustmentId);
    return { ok: true, state: this.touched() };
  }

  /** Whether an athlete's allowance pays (checked by the service against their standing). */
  setAthletePayment(caller: CartCaller, on: boolean): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('athletePayment', String(on));
    return { ok: true, state: this.touched() };
  }

  /** The member's loyalty voucher (checked by the service against their points), or none. */
  setReward(caller: CartCaller, reward: { points: number; amount: number } | null): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('reward', JSON.stringify(reward));
    return { ok: true, state: this.touched() };
  }

  removeInstrument(caller: CartCaller, instrumentId: string): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (!owned.state.instruments.some((i) => i.id === instrumentId)) return { ok: false, refusal: 'no-instrument', state: owned.state };
    this.ctx.storage.sql.exec('DELETE FROM instruments WHERE id = ?', instrumentId);
    return { ok: true, state: this.touched() };
  }

  removeItem(caller: CartCaller, lineId: string): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    if (!owned.state.lines.some((l) => l.id === lineId)) return { ok: false, refusal: 'no-line', state: owned.state };
    deleteLine(this.ctx.storage.sql, lineId);
    return { ok: true, state: this.touched() };
  }

  /** An operator clears the basket (a stuck or abused one): it is gone, as after its thirty days; answers whether there was one. */
  async discard(): Promise<boolean> {
    this.schema();
    const existed = this.meta('owner') !== null;
    await this.ctx.storage.deleteAll();
    this.ready = false;
    this.cached = null;
    return existed;
  }

  /** Thirty days without a change (or merged into a consumer's basket): the basket and everything in it go. */
  override async alarm(): Promise<void> {
    this.schema();
    const updated = Date.parse(this.meta('updatedAt') ?? '');
    const surrendered = (this.meta('owner') ?? '').includes('"usid":"merged:');
    if (!surrendered && Number.isFinite(updated) && Date.now() - updated < CART_LIFETIME_MS) {
      await this.ctx.storage.setAlarm(updated + CART_LIFETIME_MS);
      return;
    }
    await this.ctx.storage.deleteAll();
    this.ready = false;
    this.cached = null;
  }
}
