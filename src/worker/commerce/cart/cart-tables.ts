// The Cart Durable Object's SQLite tables (cart-object.ts): their shape and its one upgrade, the basket read
// back whole, and the row writes its changes share. Synchronous storage calls only, so the object's one
// mutation at a time holds.

import type { AddLine, CartOwner, CartState, GiftOption, InstrumentMethod, StoredAdjustment, StoredLine } from './cart-state.ts';

/**
 * A line is its variant and, for a gift card sent to someone, the recipient and message, or for a pair made to
 * order, its design's recipe ('' for none).
 */
const LINES_COLUMNS = `
  id TEXT PRIMARY KEY, variant_id TEXT NOT NULL, product_id TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (qty > 0), added_at TEXT NOT NULL, gift TEXT NOT NULL DEFAULT '', recipe TEXT NOT NULL DEFAULT '',
  UNIQUE (variant_id, gift, recipe)`;

export const giftKey = (gift: GiftOption | null | undefined): string => (gift ? JSON.stringify([gift.to, gift.email, gift.message]) : '');

function giftOf(key: string): GiftOption | null {
  if (!key) return null;
  const [to, email, message] = JSON.parse(key) as [string, string, string];
  return { to, email, message };
}

const instrumentMethod = (stored: string): InstrumentMethod => (stored === 'REWARD_CODE' || stored === 'REWARD_CARD' ? stored : 'GIFT_CERTIFICATE');

/** The line for this variant, gift and design, if the basket has one. */
export const sameLine = (add: { variantId: string; gift?: GiftOption | null | undefined; recipeId?: string | null | undefined }) => (line: StoredLine) =>
  line.variantId === add.variantId && giftKey(line.gift) === giftKey(add.gift) && (line.recipeId ?? '') === (add.recipeId ?? '');

/** How many of a variant the basket holds, over all its lines (a gift card for several people has several). */
export function unitsOf(state: CartState, variantId: string, except?: string): number {
  return state.lines.reduce((sum, line) => (line.variantId === variantId && line.id !== except ? sum + line.qty : sum), 0);
}

/** The tables, made on first use and brought up to the current shape. */
export function createCartTables(storage: DurableObjectStorage): void {
  storage.sql.exec(`
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
  upgradeLines(storage);
}

/**
 * Baskets made before gift options had one line per variant, and before made-to-order pairs one per variant
 * and recipient; a pair to each of two designs needs two. Their lines table is rebuilt once, in one
 * transaction, keeping every line as it was.
 */
function upgradeLines(storage: DurableObjectStorage): void {
  const has = (column: string) => {
    try {
      storage.sql.exec(`SELECT ${column} FROM lines LIMIT 0`);
      return true;
    } catch {
      return false;
    }
  };
  if (has('recipe')) return;
  const gift = has('gift') ? 'gift' : "''";
  storage.transactionSync(() => {
    storage.sql.exec('ALTER TABLE lines RENAME TO lines_old');
    storage.sql.exec(`CREATE TABLE lines (${LINES_COLUMNS})`);
    storage.sql.exec(
      `INSERT INTO lines (id, variant_id, product_id, qty, added_at, gift) SELECT id, variant_id, product_id, qty, added_at, ${gift} FROM lines_old`,
    );
    storage.sql.exec('DROP TABLE lines_old');
  });
}

export function readCartState(sql: SqlStorage): CartState | null {
  // One read of the basket's facts, then its lines and coupons.
  const meta = new Map(
    sql
      .exec<{ key: string; value: string }>('SELECT key, value FROM meta')
      .toArray()
      .map((row) => [row.key, row.value]),
  );
  const owner = meta.get('owner');
  if (!owner) return null;
  const lines = sql
    .exec<{ id: string; variant_id: string; product_id: string; qty: number; added_at: string; gift: string; recipe: string }>(
      'SELECT * FROM lines ORDER BY added_at, id',
    )
    .toArray()
    .map((row) => ({
      id: row.id,
      variantId: row.variant_id,
      productId: row.product_id,
      qty: row.qty,
      addedAt: row.added_at,
      gift: giftOf(row.gift),
      recipeId: row.recipe || null,
    }));
  const coupons = sql
    .exec<{ code: string }>('SELECT code FROM coupons ORDER BY added_at')
    .toArray()
    .map((row) => row.code);
  const instruments = sql
    .exec<{ id: string; method: string; card_id: string; last4: string; added_at: string }>('SELECT * FROM instruments ORDER BY added_at, id')
    .toArray()
    .map((row) => ({ id: row.id, method: instrumentMethod(row.method), cardId: row.card_id, last4: row.last4, addedAt: row.added_at }));
  const deliveries = Object.fromEntries(
    sql
      .exec<{ line_id: string; store_id: string | null; last_code: string | null }>('SELECT * FROM deliveries')
      .toArray()
      .map((row) => [row.line_id, { storeId: row.store_id, lastCode: row.last_code }]),
  );
  const adjustments = sql
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
    // Nobody has chosen yet: the store's pick, the cheapest (shipment-choice.ts).
    shipping: json('shipping', { code: 'standard', shopperApplied: false }),
    shippingAddress: json('shippingAddress', null),
    billingAddress: json('billingAddress', null),
    deliveryEstimate: json('deliveryEstimate', null),
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

/** The variant's line at `qty`: the one it has, or a new one; answers the line's id. */
export function putLine(
  sql: SqlStorage,
  line: StoredLine | undefined,
  add: Pick<AddLine, 'variantId' | 'productId' | 'gift' | 'recipeId'>,
  qty: number,
): string {
  if (line) {
    sql.exec('UPDATE lines SET qty = ? WHERE id = ?', qty, line.id);
    return line.id;
  }
  const id = crypto.randomUUID();
  sql.exec(
    'INSERT INTO lines (id, variant_id, product_id, qty, added_at, gift, recipe) VALUES (?, ?, ?, ?, ?, ?, ?)',
    id,
    add.variantId,
    add.productId,
    qty,
    new Date().toISOString(),
    giftKey(add.gift),
    add.recipeId ?? '',
  );
  return id;
}

/** A line goes with what hangs on it: its delivery and its price adjustment. */
export function deleteLine(sql: SqlStorage, lineId: string): void {
  sql.exec('DELETE FROM lines WHERE id = ?', lineId);
  sql.exec('DELETE FROM deliveries WHERE line_id = ?', lineId);
  sql.exec('DELETE FROM adjustments WHERE line_id = ?', lineId);
}

export function insertInstrument(sql: SqlStorage, card: { cardId: string; last4: string }, method: InstrumentMethod): void {
  sql.exec(
    'INSERT INTO instruments (id, method, card_id, last4, added_at) VALUES (?, ?, ?, ?, ?)',
    crypto.randomUUID(),
    method,
    card.cardId,
    card.last4,
    new Date().toISOString(),
  );
}

/** The line's one adjustment, replacing any other on it. */
export function putAdjustmentRow(sql: SqlStorage, adjustment: Omit<StoredAdjustment, 'createdAt'>): void {
  sql.exec('DELETE FROM adjustments WHERE line_id = ? AND id != ?', adjustment.lineId, adjustment.id);
  sql.exec(
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
}

/**
 * What another basket held, into a new one (Cart.createFrom): its lines with their deliveries and price
 * adjustments, coupons, delivery method, addresses and estimate, email and pickup contacts; never its payment, gift cards,
 * reward or review, which belonged to the order that failed.
 */
export function copyBasket(sql: SqlStorage, from: CartState): void {
  const meta = {
    shipping: from.shipping,
    shippingAddress: from.shippingAddress,
    billingAddress: from.billingAddress,
    deliveryEstimate: from.deliveryEstimate,
    pickupContacts: from.pickupContacts,
  };
  for (const [key, value] of Object.entries(meta)) {
    if (value) putMeta(sql, key, JSON.stringify(value));
  }
  if (from.email) putMeta(sql, 'email', from.email);
  for (const line of from.lines) {
    sql.exec(
      'INSERT INTO lines (id, variant_id, product_id, qty, added_at, gift, recipe) VALUES (?, ?, ?, ?, ?, ?, ?)',
      line.id,
      line.variantId,
      line.productId,
      line.qty,
      line.addedAt,
      giftKey(line.gift),
      line.recipeId ?? '',
    );
  }
  for (const [lineId, delivery] of Object.entries(from.deliveries)) {
    sql.exec('INSERT INTO deliveries (line_id, store_id, last_code) VALUES (?, ?, ?)', lineId, delivery.storeId, delivery.lastCode);
  }
  for (const adjustment of from.adjustments) putAdjustmentRow(sql, adjustment);
  for (const code of from.coupons) sql.exec('INSERT INTO coupons (code, added_at) VALUES (?, ?)', code, new Date().toISOString());
}

/**
 * An order from the basket that did not go through: the basket is no longer placing it. A card the processor
 * declined is not offered again as if nothing happened (a saved card stays on the account); a refusal before
 * any payment (a missing field, no stock) leaves the choice as it was. An Apple Pay sheet stays open after a
 * decline for another card: its session goes on, the declined card not.
 */
export function forgetFailedOrder(sql: SqlStorage, state: CartState, outcome: 'failed' | 'declined'): void {
  sql.exec("DELETE FROM meta WHERE key = 'placing'");
  if (outcome !== 'declined') return;
  const payment = state.payment;
  if (payment?.method === 'DW_APPLE_PAY' && payment.session) putMeta(sql, 'payment', JSON.stringify({ method: 'DW_APPLE_PAY', session: payment.session }));
  else sql.exec("DELETE FROM meta WHERE key = 'payment'");
}

/** One value of the basket's meta table, written or replaced. */
export function putMeta(sql: SqlStorage, key: string, value: string): void {
  sql.exec('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
}
