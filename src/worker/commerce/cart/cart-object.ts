// One SQLite-backed Durable Object per basket (ARCHITECTURE.md, Where data lives): its lines, coupons and
// owner. Every method runs on the synchronous storage API with no await inside, so the object handles one
// mutation at a time and 100 concurrent adds of one item add up exactly. Prices are not kept here: the
// service reads them fresh from D1 on every answer. A basket untouched for 30 days expires.

import { DurableObject } from 'cloudflare:workers';

export const CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface CartOwner {
  /** A guest's basket belongs to the session's anonymous id; a registered shopper's to the consumer. */
  usid: string;
  consumerNo?: string;
  siteId: string;
  currency: string;
}

/** Who is asking: the session's usid, and its consumer when signed in. */
export interface CartCaller {
  usid: string;
  consumerNo?: string | undefined;
}

/** A line brought in from another basket (sign-in merges the guest's), with its limits now. */
export interface MergeLine {
  variantId: string;
  productId: string;
  gift: GiftOption | null;
  qty: number;
  maxQty: number;
  stock: number;
}

/** A digital gift card's recipient and message (commerce-core §3, giftOption): all three or none. */
export interface GiftOption {
  to: string;
  email: string;
  message: string;
}

export interface StoredLine {
  id: string;
  variantId: string;
  productId: string;
  qty: number;
  addedAt: string;
  /** A gift card sent to someone: one line per variant and recipient. */
  gift: GiftOption | null;
}

/** A payment instrument applied to the basket: a gift card, by its id in D1 (never its number). */
export type InstrumentMethod = 'GIFT_CERTIFICATE' | 'REWARD_CODE' | 'REWARD_CARD';

export interface StoredInstrument {
  id: string;
  /** A gift card, or a loyalty member's reward code or reward card (stored value of the same kind). */
  method: InstrumentMethod;
  cardId: string;
  last4: string;
  addedAt: string;
}

const instrumentMethod = (stored: string): InstrumentMethod => (stored === 'REWARD_CODE' || stored === 'REWARD_CARD' ? stored : 'GIFT_CERTIFICATE');

/** A store associate's price adjustment on one line: an amount (minor units) or a percent off, and why. */
export interface StoredAdjustment {
  id: string;
  lineId: string;
  kind: 'amount' | 'percent';
  value: number;
  reason: string;
  storeId: string;
  employeeId: string;
  createdAt: string;
}

/**
 * How the rest is paid, once gift cards and rewards have done their part: a card by the processor's token
 * (and what the shopper recognises it by, never its number), or a redirect wallet.
 */
export type BasketPayment =
  | {
      method: 'CREDIT_CARD';
      token: string;
      card: { brand: string; last4: string; bin: string; expMonth: number; expYear: number };
      /** A registered shopper's saved card, and the security code asked again for it. */
      savedCardId?: string;
      cvcToken?: string;
      /** Keep it on the account after the order. */
      save?: boolean;
    }
  | { method: 'PAYPAL' | 'KLARNA'; walletSession?: string }
  /** Apple Pay: chosen at merchant validation, then the processor's token for the payment the device authorized. */
  | {
      method: 'DW_APPLE_PAY';
      /** The store's payment session for the sheet: the basket, amount and currency it was shown for. */
      session?: string;
      token?: string;
      card?: { brand: string; last4: string; bin: string; expMonth: number; expYear: number };
    };

/**
 * What the review step last showed for this basket: the total, what is left to pay after gift cards, rewards
 * and points, and what each of those pays. An order placed from the basket pays exactly this or is refused.
 */
export interface ReviewQuote {
  currency: string;
  total: number;
  remainingToPay: number;
  /** Each tender paying before the card or wallet, by what it spends (a gift card's id, or its method). */
  tenders: { method: string; ref: string; amount: number }[];
  /** The coupon codes that took something off. */
  coupons: string[];
}

/** An order being placed from this basket: a second submit, tab or retry joins it instead of starting another. */
export interface PlacingOrder {
  orderNumber: string;
  startedAt: string;
}

export interface PickupContacts {
  collectionPoint?: { contactName: string; mobilePhone: string; email: string } | undefined;
  storePickup?: { email: string } | undefined;
}

export interface CartState {
  basketId: string;
  owner: CartOwner;
  lines: StoredLine[];
  coupons: string[];
  instruments: StoredInstrument[];
  adjustments: StoredAdjustment[];
  /** The loyalty voucher applied (points to spend, minor units off), if any. */
  reward: { points: number; amount: number } | null;
  /** An athlete pays with their yearly allowance first (its amount is worked out on each answer). */
  athletePayment: boolean;
  /** Per line: the store it is picked up at (none: delivered), and the delivery it had when last answered. */
  deliveries: Record<string, { storeId: string | null; lastCode: string | null }>;
  /** The home delivery shipment's method ("standard", "express", or "pudo" to a pickup point). */
  shipping: { code: string; pointId?: string };
  shippingAddress: Record<string, string | boolean> | null;
  billingAddress: Record<string, string | boolean> | null;
  payment: BasketPayment | null;
  /** The guest's email for the order (a registered shopper's is on the account). */
  email: string | null;
  /** Who collects a parcel at a pickup point, and where a store pickup's ready notice goes, where the locale asks. */
  pickupContacts: PickupContacts | null;
  placing: PlacingOrder | null;
  /** What the review step showed, if the basket has been reviewed since it last changed hands. */
  quote: ReviewQuote | null;
  createdAt: string;
  updatedAt: string;
  /** Said once, on the next answer: "items were merged". */
  notices: string[];
}

/** Why a call was refused: the service turns each into its catalogue code. */
export type CartRefusal =
  | 'missing'
  | 'foreign'
  | 'max-quantity'
  | 'out-of-stock'
  | 'no-line'
  | 'no-coupon'
  | 'instrument-applied'
  | 'instrument-limit'
  | 'reward-limit'
  | 'no-instrument'
  | 'no-adjustment';

export type CartAnswer = { ok: true; state: CartState } | { ok: false; refusal: CartRefusal; state?: CartState };

export interface AddLine {
  variantId: string;
  productId: string;
  gift?: GiftOption | null;
  qty: number;
  /** The most of this variant one basket may hold, and what is in stock now. */
  maxQty: number;
  stock: number;
}

/** A line is its variant and, for a gift card sent to someone, the recipient and message ('' for none). */
const LINES_COLUMNS = `
  id TEXT PRIMARY KEY, variant_id TEXT NOT NULL, product_id TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0), added_at TEXT NOT NULL, gift TEXT NOT NULL DEFAULT '',
  UNIQUE (variant_id, gift)`;

const giftKey = (gift: GiftOption | null | undefined): string => (gift ? JSON.stringify([gift.to, gift.email, gift.message]) : '');

function giftOf(key: string): GiftOption | null {
  if (!key) return null;
  const [to, email, message] = JSON.parse(key) as [string, string, string];
  return { to, email, message };
}

/** The line for this variant and gift, if the basket has one. */
const sameLine = (add: { variantId: string; gift?: GiftOption | null | undefined }) => (line: StoredLine) =>
  line.variantId === add.variantId && giftKey(line.gift) === giftKey(add.gift);

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
    this.ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS lines (${LINES_COLUMNS});
      CREATE TABLE IF NOT EXISTS coupons (code TEXT PRIMARY KEY, added_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS deliveries (
        line_id TEXT PRIMARY KEY, store_id TEXT, last_code TEXT
      );
      CREATE TABLE IF NOT EXISTS adjustments (
        id TEXT PRIMARY KEY, line_id TEXT NOT NULL, kind TEXT NOT NULL, value INTEGER NOT NULL, reason TEXT NOT NULL,
        store_id TEXT NOT NULL, employee_id TEXT NOT NULL, created_at TEXT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS instruments (
        id TEXT PRIMARY KEY, method TEXT NOT NULL, card_id TEXT NOT NULL UNIQUE, last4 TEXT NOT NULL, added_at TEXT NOT NULL
      );
    `);
    this.upgradeLines();
    this.ready = true;
  }

  /**
   * Baskets made before gift options had one line per variant; a gift card for two people needs two.
   * Their lines table is rebuilt once, in one transaction, keeping every line as it was.
   */
  private upgradeLines(): void {
    try {
      this.ctx.storage.sql.exec('SELECT gift FROM lines LIMIT 0');
      return;
    } catch {
      // No gift column: the first shape of the table.
    }
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec('ALTER TABLE lines RENAME TO lines_v1');
      this.ctx.storage.sql.exec(`CREATE TABLE lines (${LINES_COLUMNS})`);
      this.ctx.storage.sql.exec('INSERT INTO lines (id, variant_id, product_id, qty, added_at) SELECT id, variant_id, product_id, qty, added_at FROM lines_v1');
      this.ctx.storage.sql.exec('DROP TABLE lines_v1');
    });
  }

  private meta(key: string): string | null {
    const row = this.ctx.storage.sql.exec<{ value: string }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0];
    return row?.value ?? null;
  }

  private setMeta(key: string, value: string): void {
    this.cached = null;
    this.ctx.storage.sql.exec('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
  }

  private state(): CartState | null {
    if (this.cached) return this.cached;
    this.cached = this.readState();
    return this.cached;
  }

  private readState(): CartState | null {
    // One read of the basket's facts, then its lines and coupons.
    const meta = new Map(
      this.ctx.storage.sql
        .exec<{ key: string; value: string }>('SELECT key, value FROM meta')
        .toArray()
        .map((row) => [row.key, row.value]),
    );
    const owner = meta.get('owner');
    if (!owner) return null;
    const lines = this.ctx.storage.sql
      .exec<{ id: string; variant_id: string; product_id: string; qty: number; added_at: string; gift: string }>('SELECT * FROM lines ORDER BY added_at, id')
      .toArray()
      .map((row) => ({ id: row.id, variantId: row.variant_id, productId: row.product_id, qty: row.qty, addedAt: row.added_at, gift: giftOf(row.gift) }));
    const coupons = this.ctx.storage.sql
      .exec<{ code: string }>('SELECT code FROM coupons ORDER BY added_at')
      .toArray()
      .map((row) => row.code);
    const instruments = this.ctx.storage.sql
      .exec<{ id: string; method: string; card_id: string; last4: string; added_at: string }>('SELECT * FROM instruments ORDER BY added_at, id')
      .toArray()
      .map((row) => ({ id: row.id, method: instrumentMethod(row.method), cardId: row.card_id, last4: row.last4, addedAt: row.added_at }));
    const deliveries = Object.fromEntries(
      this.ctx.storage.sql
        .exec<{ line_id: string; store_id: string | null; last_code: string | null }>('SELECT * FROM deliveries')
        .toArray()
        .map((row) => [row.line_id, { storeId: row.store_id, lastCode: row.last_code }]),
    );
    const adjustments = this.ctx.storage.sql
      .exec<{ id: string; line_id: string; kind: string; value: number; reason: string; store_id: string; employee_id: string; created_at: string }>(
        'SELECT * FROM adjustments ORDER BY created_at, id',
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        lineId: row.line_id,
        kind: row.kind as 'amount' | 'percent',
        value: row.value,
        reason: row.reason,
        storeId: row.store_id,
        employeeId: row.employee_id,
        createdAt: row.created_at,
      }));
    const json = <T>(key: string, fallback: T): T => (meta.has(key) ? (JSON.parse(meta.get(key) as string) as T) : fallback);
    return {
      basketId: meta.get('basketId') ?? '',
      owner: JSON.parse(owner) as CartOwner,
      deliveries,
      shipping: json('shipping', { code: 'standard' }),
      shippingAddress: json('shippingAddress', null),
      billingAddress: json('billingAddress', null),
      payment: json('payment', null),
      email: meta.get('email') ?? null,
      pickupContacts: json('pickupContacts', null),
      placing: json('placing', null),
      quote: json('quote', null),
      lines,
      coupons,
      instruments,
      adjustments,
      reward: meta.has('reward') ? (JSON.parse(meta.get('reward') as string) as { points: number; amount: number } | null) : null,
      athletePayment: meta.get('athletePayment') === 'true',
      createdAt: meta.get('createdAt') ?? '',
      updatedAt: meta.get('updatedAt') ?? '',
      notices: JSON.parse(meta.get('notices') ?? '[]') as string[],
    };
  }

  private static allowed(owner: CartOwner, caller: CartCaller): boolean {
    return owner.consumerNo ? owner.consumerNo === caller.consumerNo : owner.usid === caller.usid;
  }

  /** The variant's line at `qty`: the one it has, or a new one. */
  private putLine(line: StoredLine | undefined, add: { variantId: string; productId: string; gift?: GiftOption | null | undefined }, qty: number): void {
    if (line) this.ctx.storage.sql.exec('UPDATE lines SET qty = ? WHERE id = ?', qty, line.id);
    else {
      this.ctx.storage.sql.exec(
        'INSERT INTO lines (id, variant_id, product_id, qty, added_at, gift) VALUES (?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        add.variantId,
        add.productId,
        qty,
        new Date().toISOString(),
        giftKey(add.gift),
      );
    }
  }

  /** How many of a variant the basket holds, over all its lines (a gift card for several people has several). */
  private static unitsOf(state: CartState, variantId: string, except?: string): number {
    return state.lines.reduce((sum, line) => (line.variantId === variantId && line.id !== except ? sum + line.qty : sum), 0);
  }

  /** The basket for its owner, or why not. */
  private owned(caller: CartCaller): CartAnswer {
    this.schema();
    const state = this.state();
    if (!state) return { ok: false, refusal: 'missing' };
    if (!Cart.allowed(state.owner, caller)) return { ok: false, refusal: 'foreign' };
    return { ok: true, state };
  }

  /** Every change moves the expiry 30 days on. */
  private touched(): CartState {
    const now = new Date();
    this.setMeta('updatedAt', now.toISOString());
    void this.ctx.storage.setAlarm(now.getTime() + CART_LIFETIME_MS);
    return this.state() as CartState;
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

  /** Empties a basket of its owner's for a new start (a wallet basket used again for another product). */
  reset(caller: CartCaller): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    for (const table of ['lines', 'coupons', 'instruments', 'deliveries', 'adjustments']) this.ctx.storage.sql.exec(`DELETE FROM ${table}`);
    for (const key of ['reward', 'athletePayment', 'shipping', 'shippingAddress', 'billingAddress', 'notices', 'payment', 'placing', 'quote']) {
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
    if (outcome !== 'placed') {
      this.cached = null;
      this.ctx.storage.sql.exec("DELETE FROM meta WHERE key = 'placing'");
      // A card the processor declined is not offered again as if nothing happened (a saved card stays on the
      // account); a refusal before any payment (a missing field, no stock) leaves the choice as it was.
      if (outcome === 'declined') {
        const payment = owned.state.payment;
        // An Apple Pay sheet stays open after a decline for another card: its session goes on, the declined card not.
        if (payment?.method === 'DW_APPLE_PAY' && payment.session)
          this.setMeta('payment', JSON.stringify({ method: 'DW_APPLE_PAY', session: payment.session }));
        else this.ctx.storage.sql.exec("DELETE FROM meta WHERE key = 'payment'");
      }
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
    this.ctx.storage.sql.exec('DELETE FROM lines');
    this.ctx.storage.sql.exec('DELETE FROM coupons');
    this.ctx.storage.sql.exec('DELETE FROM instruments');
    this.ctx.storage.sql.exec('DELETE FROM deliveries');
    this.ctx.storage.sql.exec('DELETE FROM adjustments');
    this.setMeta('reward', 'null');
    this.setMeta('owner', JSON.stringify({ ...owned.state.owner, usid: `merged:${owned.state.owner.usid}` }));
    void this.ctx.storage.setAlarm(Date.now());
    return owned;
  }

  /** Lines from a guest basket: the same variant (and gift) adds up within its maximum and stock; the owner is told. */
  merge(caller: CartCaller, lines: readonly MergeLine[]): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    let merged = false;
    for (const add of lines) {
      // Read again each time: an earlier line of this merge may hold the same variant for another recipient.
      const state = this.state() as CartState;
      const line = state.lines.find(sameLine(add));
      const others = Cart.unitsOf(state, add.variantId, line?.id);
      const qty = Math.min((line?.qty ?? 0) + add.qty, add.maxQty - others, add.stock - others);
      if (qty <= (line?.qty ?? 0)) continue;
      merged = true;
      this.putLine(line, add, qty);
    }
    if (merged) this.setMeta('notices', JSON.stringify([...owned.state.notices, 'items-merged']));
    return { ok: true, state: this.touched() };
  }

  /**
   * Adds to the variant's line (one line per variant, or per variant and recipient for a gift card), within
   * its maximum and the stock over all the variant's lines.
   */
  addItem(caller: CartCaller, add: AddLine): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    const line = owned.state.lines.find(sameLine(add));
    const held = Cart.unitsOf(owned.state, add.variantId);
    if (add.stock <= 0 || held >= add.stock) return { ok: false, refusal: 'out-of-stock', state: owned.state };
    if (held + add.qty > add.maxQty || held + add.qty > add.stock) return { ok: false, refusal: 'max-quantity', state: owned.state };
    this.putLine(line, add, (line?.qty ?? 0) + add.qty);
    return { ok: true, state: this.touched() };
  }

  /** Sets a line's quantity, within its maximum and the stock. */
  setQuantity(caller: CartCaller, lineId: string, qty: number, limits: { maxQty: number; stock: number }): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    const line = owned.state.lines.find((l) => l.id === lineId);
    if (!line) return { ok: false, refusal: 'no-line', state: owned.state };
    if (limits.stock <= 0) return { ok: false, refusal: 'out-of-stock', state: owned.state };
    const others = Cart.unitsOf(owned.state, line.variantId, lineId);
    if (others + qty > limits.maxQty || others + qty > limits.stock) return { ok: false, refusal: 'max-quantity', state: owned.state };
    this.ctx.storage.sql.exec('UPDATE lines SET qty = ? WHERE id = ?', qty, lineId);
    return { ok: true, state: this.touched() };
  }

  /**
   * Another size (or amount) of a line's product, chosen from the cart (the quick-shop dialog's update):
   * the line keeps its place, quantity, gift and delivery; where the basket already holds the new variant
   * for the same recipient, the two lines become one. A price adjustment made for the old variant goes.
   */
  changeVariant(caller: CartCaller, lineId: string, next: AddLine): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    const line = owned.state.lines.find((l) => l.id === lineId);
    if (!line) return { ok: false, refusal: 'no-line', state: owned.state };
    if (line.variantId === next.variantId) return { ok: true, state: owned.state };
    const into = owned.state.lines.find(sameLine({ variantId: next.variantId, gift: line.gift }));
    const held = Cart.unitsOf(owned.state, next.variantId);
    if (next.stock <= 0 || held >= next.stock) return { ok: false, refusal: 'out-of-stock', state: owned.state };
    if (held + line.qty > next.maxQty || held + line.qty > next.stock) return { ok: false, refusal: 'max-quantity', state: owned.state };
    this.ctx.storage.sql.exec('DELETE FROM adjustments WHERE line_id = ?', lineId);
    if (into) {
      this.ctx.storage.sql.exec('UPDATE lines SET qty = ? WHERE id = ?', into.qty + line.qty, into.id);
      this.ctx.storage.sql.exec('DELETE FROM lines WHERE id = ?', lineId);
      this.ctx.storage.sql.exec('DELETE FROM deliveries WHERE line_id = ?', lineId);
    } else {
      this.ctx.storage.sql.exec('UPDATE lines SET variant_id = ?, product_id = ? WHERE id = ?', next.variantId, next.productId, lineId);
    }
    return { ok: true, state: this.touched() };
  }

  /**
   * A gift card line's recipient and message (the add gift option dialog), or none: the line keeps its place
   * and quantity; where the basket already holds the same card for that recipient, the two become one.
   */
  setLineGift(caller: CartCaller, lineId: string, gift: GiftOption | null): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    const line = owned.state.lines.find((l) => l.id === lineId);
    if (!line) return { ok: false, refusal: 'no-line', state: owned.state };
    if (giftKey(line.gift) === giftKey(gift)) return { ok: true, state: owned.state };
    const into = owned.state.lines.find((l) => l.id !== lineId && sameLine({ variantId: line.variantId, gift })(l));
    if (into) {
      this.ctx.storage.sql.exec('UPDATE lines SET qty = ? WHERE id = ?', into.qty + line.qty, into.id);
      this.ctx.storage.sql.exec('DELETE FROM lines WHERE id = ?', lineId);
      this.ctx.storage.sql.exec('DELETE FROM deliveries WHERE line_id = ?', lineId);
      this.ctx.storage.sql.exec('DELETE FROM adjustments WHERE line_id = ?', lineId);
    } else {
      this.ctx.storage.sql.exec('UPDATE lines SET gift = ? WHERE id = ?', giftKey(gift), lineId);
    }
    return { ok: true, state: this.touched() };
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
    this.ctx.storage.sql.exec(
      'INSERT INTO instruments (id, method, card_id, last4, added_at) VALUES (?, ?, ?, ?, ?)',
      crypto.randomUUID(),
      method,
      card.cardId,
      card.last4,
      new Date().toISOString(),
    );
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
    for (const [lineId, code] of Object.entries(codes)) {
      this.ctx.storage.sql.exec(
        'INSERT INTO deliveries (line_id, store_id, last_code) VALUES (?, NULL, ?) ON CONFLICT (line_id) DO UPDATE SET last_code = excluded.last_code',
        lineId,
        code,
      );
    }
    return true;
  }

  /** The home delivery shipment's method, checked by the service. */
  setShipping(caller: CartCaller, shipping: { code: string; pointId?: string }): CartAnswer {
    const owned = this.owned(caller);
    if (!owned.ok) return owned;
    this.setMeta('shipping', JSON.stringify(shipping));
    return { ok: true, state: this.touched() };
  }

  /** A checked shipping or billing address, or none. */
  setAddress(caller: CartCaller, kind: 'shippingAddress' | 'billingAddress', address: Record<string, string | boolean> | null): CartAnswer {
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
    this.ctx.storage.sql.exec('DELETE FROM adjustments WHERE line_id = ? AND id != ?', adjustment.lineId, adjustment.id);
    this.ctx.storage.sql.exec(
      `INSERT INTO adjustments (id, line_id, kind, value, reason, store_id, employee_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, value = excluded.value, reason = excluded.reason,
         store_id = excluded.store_id, employee_id = excluded.employee_id`,
      adjustment.id,
      adjustment.lineId,
      adjustment.kind,
      adjustment.value,
      adjustment.reason,
      adjustment.storeId,
      adjustment.employeeId,
      new Date().toISOString(),
    );
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
    this.ctx.storage.sql.exec('DELETE FROM lines WHERE id = ?', lineId);
    this.ctx.storage.sql.exec('DELETE FROM deliveries WHERE line_id = ?', lineId);
    this.ctx.storage.sql.exec('DELETE FROM adjustments WHERE line_id = ?', lineId);
    return { ok: true, state: this.touched() };
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
