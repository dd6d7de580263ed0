// One shard of a flash sale's stock (issue 27): a SQLite-backed Durable Object named "{variantId}:{i}" that
// holds its share of the sale's units for baskets. Every method runs on the synchronous storage API with no
// await inside, so concurrent takes are served one at a time and a shard never grants more than its share.
// A hold lasts the sale's hold time; the alarm gives lapsed ones back. A committed hold is a sold unit and
// is never given back. The sale's terms come with every call (the D1 row is the truth), so a shard needs no
// set-up, and a new sale id on the same variant starts the shard afresh.

import { DurableObject } from 'cloudflare:workers';

/** The sale's terms as one shard sees them. */
export interface ShardSale {
  saleId: string;
  /** When this sale was declared (ms): a call for an older sale than the one a shard keeps changes nothing. */
  declaredAt: number;
  /** This shard's share of the units. */
  allotment: number;
  holdMs: number;
}

export interface TakeAnswer {
  granted: number;
  /** Units this shard has left after the take. */
  available: number;
  /** When the first hold that could free a unit lapses (epoch ms), or null when no hold could. */
  nextFreeAt: number | null;
}

export interface ShardStatus {
  saleId: string | null;
  allotment: number;
  held: number;
  sold: number;
  available: number;
}

interface HoldRow extends Record<string, SqlStorageValue> {
  basket_id: string;
  qty: number;
  expires_at: number;
  /** The order being paid that the units are pinned to, until it is paid or refused. */
  order_number: string | null;
}

export class FlashStock extends DurableObject {
  private ready = false;

  private get sql(): SqlStorage {
    if (!this.ready) {
      this.ctx.storage.sql.exec(`
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS holds (basket_id TEXT PRIMARY KEY, qty INTEGER NOT NULL, expires_at INTEGER NOT NULL, order_number TEXT);
        CREATE TABLE IF NOT EXISTS sold (order_number TEXT PRIMARY KEY, basket_id TEXT NOT NULL, qty INTEGER NOT NULL, at INTEGER NOT NULL);`);
      this.ready = true;
    }
    return this.ctx.storage.sql;
  }

  private meta(key: string): string | null {
    return this.sql.exec<{ value: string }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: string): void {
    this.sql.exec('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);
  }

  /**
   * The sale this call is for; a newer sale than the one kept means the variant's sale was declared anew. Answers
   * false for an older one (an isolate that has not read the new declaration yet), which must not wipe the new
   * sale's holds and sales: the call then changes nothing and gets nothing.
   */
  private enter(sale: ShardSale, now: number): boolean {
    const kept = this.meta('saleId');
    if (kept !== sale.saleId) {
      if (kept !== null && sale.declaredAt <= Number(this.meta('declaredAt') ?? 0)) return false;
      this.sql.exec('DELETE FROM holds');
      this.sql.exec('DELETE FROM sold');
      this.setMeta('saleId', sale.saleId);
      this.setMeta('declaredAt', String(sale.declaredAt));
    }
    this.setMeta('allotment', String(sale.allotment));
    // Lapsed holds are free whether or not the alarm has run yet.
    this.sql.exec('DELETE FROM holds WHERE expires_at <= ?', now);
    return true;
  }

  private sum(table: 'holds' | 'sold'): number {
    return this.sql.exec<{ n: number }>(`SELECT COALESCE(SUM(qty), 0) AS n FROM ${table}`).one().n;
  }

  private available(): number {
    return Math.max(0, Number(this.meta('allotment') ?? 0) - this.sum('holds') - this.sum('sold'));
  }

  private holdOf(basketId: string): HoldRow | undefined {
    return this.sql.exec<HoldRow>('SELECT basket_id, qty, expires_at, order_number FROM holds WHERE basket_id = ?', basketId).toArray()[0];
  }

  /** The basket's hold here becomes `qty` units until `expiresAt` (none at 0); the alarm is due by then. */
  private putHold(basketId: string, qty: number, expiresAt: number, orderNumber: string | null = null): void {
    if (qty <= 0) {
      this.sql.exec('DELETE FROM holds WHERE basket_id = ?', basketId);
      return;
    }
    this.sql.exec(
      `INSERT INTO holds (basket_id, qty, expires_at, order_number) VALUES (?, ?, ?, ?)
       ON CONFLICT (basket_id) DO UPDATE SET qty = excluded.qty, expires_at = excluded.expires_at, order_number = excluded.order_number`,
      basketId,
      qty,
      expiresAt,
      orderNumber,
    );
    const due = Number(this.meta('alarmAt') ?? 0);
    if (!due || expiresAt < due) {
      this.setMeta('alarmAt', String(expiresAt));
      void this.ctx.storage.setAlarm(expiresAt);
    }
  }

  private nextFreeAt(): number | null {
    return this.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM holds').one().at;
  }

  /** Up to `qty` more units for the basket, as many as this shard has left; its whole hold here runs the hold time again. */
  take(sale: ShardSale, basketId: string, qty: number): TakeAnswer {
    const now = Date.now();
    if (!this.enter(sale, now)) return { granted: 0, available: 0, nextFreeAt: null };
    const granted = Math.min(qty, this.available());
    const hold = this.holdOf(basketId);
    const held = hold?.qty ?? 0;
    // Units pinned to an order being paid stay pinned, for as long as the pin lasts: an add meanwhile joins them.
    const pinned = hold?.order_number && hold.expires_at > now ? hold : null;
    if (granted > 0) this.putHold(basketId, held + granted, Math.max(now + sale.holdMs, pinned?.expires_at ?? 0), pinned?.order_number ?? null);
    const available = this.available();
    return { granted, available, nextFreeAt: available > 0 ? null : this.nextFreeAt() };
  }

  /**
   * Gives back `qty` of the basket's units here (all of them when null); answers how many went back. Units pinned
   * to an order being paid go back only for that order (its refusal): a basket edited during the payment (a line
   * removed while the bank asks for 3-D Secure) must not free units the order is about to buy.
   */
  give(sale: ShardSale, basketId: string, qty: number | null, orderNumber: string | null = null): number {
    const now = Date.now();
    if (!this.enter(sale, now)) return 0;
    const hold = this.holdOf(basketId);
    if (!hold) return 0;
    if (hold.order_number && hold.order_number !== orderNumber && hold.expires_at > now) return 0;
    const back = qty === null ? hold.qty : Math.min(qty, hold.qty);
    this.putHold(basketId, hold.qty - back, hold.expires_at);
    return back;
  }

  /**
   * An order is being placed from the basket: its hold here becomes `want` units (taking what it lacks, if this
   * shard has them, or giving back what is over) and lasts until `until`. Answers the units it now holds here.
   */
  pin(sale: ShardSale, basketId: string, orderNumber: string, want: number, until: number): number {
    if (!this.enter(sale, Date.now())) return 0;
    const held = this.holdOf(basketId)?.qty ?? 0;
    const qty = held >= want ? want : held + Math.min(want - held, this.available());
    this.putHold(basketId, qty, until, orderNumber);
    return qty;
  }

  /**
   * The order is paid: the basket's units here are sold to it, for good, up to `want`. With `takeIfShort`, a
   * hold that lapsed meanwhile is taken again from what is left. Asked twice for one order, answers the same units.
   */
  commit(sale: ShardSale, basketId: string, orderNumber: string, want: number, takeIfShort: boolean): number {
    const now = Date.now();
    if (!this.enter(sale, now)) return 0;
    const done = this.sql.exec<{ qty: number }>('SELECT qty FROM sold WHERE order_number = ?', orderNumber).toArray()[0];
    if (done) return done.qty;
    const held = this.holdOf(basketId)?.qty ?? 0;
    const qty = Math.min(want, held + (takeIfShort ? this.available() : 0));
    if (qty === 0) return 0;
    this.sql.exec('DELETE FROM holds WHERE basket_id = ?', basketId);
    this.sql.exec('INSERT INTO sold (order_number, basket_id, qty, at) VALUES (?, ?, ?, ?)', orderNumber, basketId, qty, now);
    return qty;
  }

  /** A guest basket merged into a member's at sign-in: its hold here becomes the member basket's, for the hold time again. */
  transfer(sale: ShardSale, fromBasketId: string, toBasketId: string): number {
    const now = Date.now();
    if (!this.enter(sale, now)) return 0;
    const from = this.holdOf(fromBasketId);
    if (!from || fromBasketId === toBasketId) return 0;
    this.putHold(fromBasketId, 0, now);
    this.putHold(toBasketId, (this.holdOf(toBasketId)?.qty ?? 0) + from.qty, now + sale.holdMs);
    return from.qty;
  }

  /** What this shard holds, has sold and has left (the admin's view, and the health check's probe). */
  status(): ShardStatus {
    this.sql.exec('DELETE FROM holds WHERE expires_at <= ?', Date.now());
    return {
      saleId: this.meta('saleId'),
      allotment: Number(this.meta('allotment') ?? 0),
      held: this.sum('holds'),
      sold: this.sum('sold'),
      available: this.available(),
    };
  }

  /** Unpaid holds whose time is up go back to the sale; the alarm is set again for the next one due. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.sql.exec('DELETE FROM holds WHERE expires_at <= ?', now);
    const next = this.nextFreeAt();
    this.sql.exec("DELETE FROM meta WHERE key = 'alarmAt'");
    if (next !== null) {
      this.setMeta('alarmAt', String(next));
      await this.ctx.storage.setAlarm(next);
    }
  }
}
