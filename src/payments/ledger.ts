// The processor's books: one SQLite-backed Durable Object per lane (lanes.ts) holds the tokens it issued,
// the authorizations it made (idempotent per key), their 3-D Secure challenges, wallet sessions and the
// devices its fraud check has seen. Every method is synchronous on the storage API, so two calls with
// one idempotency key can never both authorize.

import { DurableObject } from 'cloudflare:workers';
import { behaviourOf, type CardBehaviour, type CardBrand, type CheckedCard } from './cards.ts';
import type { LaneName } from './lanes.ts';
import type {
  Authorization,
  AuthorizationStatus,
  AuthorizeInput,
  LedgerRefusal,
  TokenRecord,
  WalletMethod,
  WalletPayer,
  WalletSession,
  WalletStatus,
} from './ledger-records.ts';

/** Distinct cards one device may try within the window before the fraud check blocks it (card testing). */
export const VELOCITY_LIMIT = 5;
export const VELOCITY_WINDOW_MS = 60 * 60 * 1000;
/** The seeded risky pattern: a device reporting this time zone is on the denylist (nobody lives there). */
export const DENYLISTED_TIME_ZONE = 'Etc/GMT+12';

const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`;

type AuthorizationRow = {
  id: string;
  idempotency_key: string;
  token_id: string | null;
  wallet_session_id: string | null;
  amount: number;
  currency: string;
  reference: string;
  status: AuthorizationStatus;
  decline_code: string | null;
  challenge_url: string | null;
  created_at: string;
};

export class Ledger extends DurableObject {
  private ready = false;

  private schema(): void {
    if (this.ready) return;
    this.ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS tokens (
        id TEXT PRIMARY KEY, brand TEXT NOT NULL, last4 TEXT NOT NULL, bin TEXT NOT NULL,
        exp_month INTEGER NOT NULL, exp_year INTEGER NOT NULL, behaviour TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS authorizations (
        id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, token_id TEXT, wallet_session_id TEXT,
        amount INTEGER NOT NULL, currency TEXT NOT NULL, reference TEXT NOT NULL, status TEXT NOT NULL,
        decline_code TEXT, challenge_url TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS wallet_sessions (
        id TEXT PRIMARY KEY, method TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
        reference TEXT NOT NULL, return_url TEXT NOT NULL, cancel_url TEXT NOT NULL, status TEXT NOT NULL,
        payer TEXT, created_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS devices (
        id TEXT PRIMARY KEY, time_zone TEXT NOT NULL, created_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS device_cards (
        device_id TEXT NOT NULL, token_id TEXT NOT NULL, card_key TEXT NOT NULL, seen_at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS device_cards_device ON device_cards(device_id, seen_at);
      CREATE TABLE IF NOT EXISTS movements (
        authorization_id TEXT NOT NULL, kind TEXT NOT NULL, amount INTEGER NOT NULL, idempotency_key TEXT UNIQUE, created_at TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS movements_authorization ON movements(authorization_id);
    `);
    this.ready = true;
  }

  /**
   * A card's token, with what the card does in this ledger's lane (a test card is declined in production);
   * `deviceAuthenticated` (Apple Pay's cryptogram) stands in for a 3-D Secure challenge.
   */
  issueToken(card: CheckedCard, lane: LaneName, deviceAuthenticated = false): TokenRecord {
    this.schema();
    const behaviour = behaviourOf(card.number, lane);
    const record: TokenRecord = {
      id: newId('tok'),
      brand: card.brand,
      last4: card.number.slice(-4),
      bin: card.number.slice(0, 6),
      expMonth: card.expMonth,
      expYear: card.expYear,
    };
    this.ctx.storage.sql.exec(
      'INSERT INTO tokens (id, brand, last4, bin, exp_month, exp_year, behaviour, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      record.id,
      record.brand,
      record.last4,
      record.bin,
      record.expMonth,
      record.expYear,
      JSON.stringify(deviceAuthenticated && behaviour.kind === 'challenge' ? { kind: 'approve' } : behaviour),
      new Date().toISOString(),
    );
    return record;
  }

  token(id: string): TokenRecord | null {
    this.schema();
    const row = this.ctx.storage.sql
      .exec<{ id: string; brand: CardBrand; last4: string; bin: string; exp_month: number; exp_year: number }>('SELECT * FROM tokens WHERE id = ?', id)
      .toArray()[0];
    return row ? { id: row.id, brand: row.brand, last4: row.last4, bin: row.bin, expMonth: row.exp_month, expYear: row.exp_year } : null;
  }

  private behaviour(tokenId: string): CardBehaviour {
    const row = this.ctx.storage.sql.exec<{ behaviour: string }>('SELECT behaviour FROM tokens WHERE id = ?', tokenId).toArray()[0];
    return row ? (JSON.parse(row.behaviour) as CardBehaviour) : { kind: 'approve' };
  }

  registerDevice(timeZone: string): { deviceId: string } {
    this.schema();
    const deviceId = newId('dev');
    this.ctx.storage.sql.exec('INSERT INTO devices (id, time_zone, created_at) VALUES (?, ?, ?)', deviceId, timeZone, new Date().toISOString());
    return { deviceId };
  }

  /** The fraud check: the seeded denylisted device pattern, or too many distinct cards from one device. */
  private risky(deviceId: string | undefined, tokenId: string, now: number): boolean {
    if (!deviceId) return false;
    const device = this.ctx.storage.sql.exec<{ time_zone: string }>('SELECT time_zone FROM devices WHERE id = ?', deviceId).toArray()[0];
    if (!device) return false;
    if (device.time_zone === DENYLISTED_TIME_ZONE) return true;
    const token = this.token(tokenId);
    const cardKey = token ? `${token.bin}${token.last4}${token.expMonth}${token.expYear}` : tokenId;
    this.ctx.storage.sql.exec('INSERT INTO device_cards (device_id, token_id, card_key, seen_at) VALUES (?, ?, ?, ?)', deviceId, tokenId, cardKey, now);
    const distinct = this.ctx.storage.sql
      .exec<{ n: number }>('SELECT COUNT(DISTINCT card_key) AS n FROM device_cards WHERE device_id = ? AND seen_at > ?', deviceId, now - VELOCITY_WINDOW_MS)
      .one().n;
    return distinct > VELOCITY_LIMIT;
  }

  authorize(input: AuthorizeInput): { ok: true; authorization: Authorization } | { ok: false; refusal: LedgerRefusal } {
    this.schema();
    const existing = this.ctx.storage.sql.exec<AuthorizationRow>('SELECT * FROM authorizations WHERE idempotency_key = ?', input.idempotencyKey).toArray()[0];
    if (existing) {
      // A retry must ask for the same payment; another amount under the same key is a caller's bug.
      if (existing.amount !== input.amount || existing.currency !== input.currency || existing.reference !== input.reference) {
        return { ok: false, refusal: 'idempotency-mismatch' };
      }
      return { ok: true, authorization: this.view(existing) };
    }
    const now = Date.now();
    const id = newId('auth');
    let status: AuthorizationStatus = 'authorized';
    let declineCode: string | null = null;
    let challengeUrl: string | null = null;
    if (input.walletSession) {
      const session = this.walletSession(input.walletSession);
      if (!session) return { ok: false, refusal: 'unknown-session' };
      if (session.status !== 'approved') return { ok: false, refusal: 'session-not-approved' };
      // The shopper approved this much in this currency at the wallet: never more, never another currency.
      if (input.currency !== session.currency) return { ok: false, refusal: 'currency-mismatch' };
      if (input.amount > session.amount) return { ok: false, refusal: 'amount-exceeds-session' };
      this.ctx.storage.sql.exec("UPDATE wallet_sessions SET status = 'used' WHERE id = ?", session.id);
    } else {
      if (!input.token || !this.token(input.token)) return { ok: false, refusal: 'unknown-token' };
      const behaviour = this.behaviour(input.token);
      if (behaviour.kind === 'fraud' || this.risky(input.deviceId, input.token, now)) {
        status = 'blocked';
        declineCode = 'fraudulent';
      } else if (behaviour.kind === 'decline') {
        status = 'declined';
        declineCode = behaviour.declineCode;
      } else if (behaviour.kind === 'challenge') {
        status = 'requires_action';
        challengeUrl = `${input.challengeBase}/challenge/${id}`;
      }
    }
    const stamp = new Date(now).toISOString();
    this.ctx.storage.sql.exec(
      `INSERT INTO authorizations (id, idempotency_key, token_id, wallet_session_id, amount, currency, reference, status, decline_code, challenge_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.idempotencyKey,
      input.token ?? null,
      input.walletSession ?? null,
      input.amount,
      input.currency,
      input.reference,
      status,
      declineCode,
      challengeUrl,
      stamp,
      stamp,
    );
    return { ok: true, authorization: this.authorization(id) as Authorization };
  }

  authorization(id: string): Authorization | null {
    this.schema();
    const row = this.ctx.storage.sql.exec<AuthorizationRow>('SELECT * FROM authorizations WHERE id = ?', id).toArray()[0];
    return row ? this.view(row) : null;
  }

  private view(row: AuthorizationRow): Authorization {
    const session = row.wallet_session_id ? this.walletSession(row.wallet_session_id) : null;
    return {
      id: row.id,
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      reference: row.reference,
      method: session ? session.method : 'card',
      declineCode: row.decline_code,
      challengeUrl: row.status === 'requires_action' ? row.challenge_url : null,
      card: row.token_id ? this.token(row.token_id) : null,
      capturedAmount: this.moved(row.id, 'capture'),
      refundedAmount: this.moved(row.id, 'refund'),
      createdAt: row.created_at,
    };
  }

  /** The shopper's answer on the challenge page: passed authorizes, failed declines. Answered once. */
  completeChallenge(id: string, passed: boolean): Authorization | null {
    this.schema();
    const current = this.authorization(id);
    if (!current) return null;
    if (current.status !== 'requires_action') return current;
    this.ctx.storage.sql.exec(
      'UPDATE authorizations SET status = ?, decline_code = ?, updated_at = ? WHERE id = ?',
      passed ? 'authorized' : 'declined',
      passed ? null : 'authentication_failed',
      new Date().toISOString(),
      id,
    );
    return this.authorization(id);
  }

  /** Releases an authorization (or one still waiting on its challenge); voiding twice is harmless. */
  void(id: string): { ok: true; authorization: Authorization } | { ok: false; refusal: LedgerRefusal } {
    return this.move(id, ['authorized', 'requires_action', 'voided'], 'voided');
  }

  /** Takes `amount`, which the store always names; capturing twice is harmless and takes nothing more. */
  capture(id: string, amount: number): { ok: true; authorization: Authorization } | { ok: false; refusal: LedgerRefusal } {
    this.schema();
    const current = this.authorization(id);
    if (current?.status === 'captured') return { ok: true, authorization: current };
    const taking = amount;
    if (current && (!Number.isInteger(taking) || taking < 1 || taking > current.amount)) return { ok: false, refusal: 'amount-invalid' };
    const moved = this.move(id, ['authorized'], 'captured');
    if (moved.ok) this.record(id, 'capture', taking, null);
    return moved.ok ? { ok: true, authorization: this.authorization(id) as Authorization } : moved;
  }

  /** Gives back `amount` of what was captured (all that is left by default); a key already used refunds nothing more. */
  refund(id: string, amount?: number, idempotencyKey?: string): { ok: true; authorization: Authorization } | { ok: false; refusal: LedgerRefusal } {
    this.schema();
    const current = this.authorization(id);
    if (!current) return { ok: false, refusal: 'unknown-authorization' };
    if (idempotencyKey && this.ctx.storage.sql.exec('SELECT 1 FROM movements WHERE idempotency_key = ?', idempotencyKey).toArray().length > 0) {
      return { ok: true, authorization: current };
    }
    if (current.status !== 'captured')
      return current.status === 'refunded' && amount === undefined ? { ok: true, authorization: current } : { ok: false, refusal: 'not-voidable' };
    const left = current.capturedAmount - current.refundedAmount;
    const giving = amount ?? left;
    if (!Number.isInteger(giving) || giving < 1 || giving > left) return { ok: false, refusal: 'amount-invalid' };
    this.record(id, 'refund', giving, idempotencyKey ?? null);
    if (giving === left) return this.move(id, ['captured'], 'refunded');
    return { ok: true, authorization: this.authorization(id) as Authorization };
  }

  private moved(id: string, kind: 'capture' | 'refund'): number {
    const row = this.ctx.storage.sql
      .exec<{ total: number }>('SELECT COALESCE(SUM(amount), 0) AS total FROM movements WHERE authorization_id = ? AND kind = ?', id, kind)
      .toArray()[0];
    return row?.total ?? 0;
  }

  private record(id: string, kind: 'capture' | 'refund', amount: number, idempotencyKey: string | null): void {
    this.ctx.storage.sql.exec(
      'INSERT INTO movements (authorization_id, kind, amount, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?)',
      id,
      kind,
      amount,
      idempotencyKey,
      new Date().toISOString(),
    );
  }

  private move(
    id: string,
    from: AuthorizationStatus[],
    to: AuthorizationStatus,
  ): { ok: true; authorization: Authorization } | { ok: false; refusal: LedgerRefusal } {
    this.schema();
    const current = this.authorization(id);
    if (!current) return { ok: false, refusal: 'unknown-authorization' };
    if (!from.includes(current.status)) return { ok: false, refusal: 'not-voidable' };
    this.ctx.storage.sql.exec('UPDATE authorizations SET status = ?, updated_at = ? WHERE id = ?', to, new Date().toISOString(), id);
    return { ok: true, authorization: this.authorization(id) as Authorization };
  }

  /** Every authorization made for a reference (an order number): what tests and support look at. */
  authorizationsFor(reference: string): Authorization[] {
    this.schema();
    return this.ctx.storage.sql
      .exec<AuthorizationRow>('SELECT * FROM authorizations WHERE reference = ? ORDER BY created_at', reference)
      .toArray()
      .map((row) => this.view(row));
  }

  openWalletSession(input: Omit<WalletSession, 'id' | 'status' | 'payer' | 'createdAt'>): WalletSession {
    this.schema();
    const id = newId(input.method === 'applepay' ? 'aps' : input.method === 'paypal' ? 'pps' : 'kls');
    this.ctx.storage.sql.exec(
      "INSERT INTO wallet_sessions (id, method, amount, currency, reference, return_url, cancel_url, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)",
      id,
      input.method,
      input.amount,
      input.currency,
      input.reference,
      input.returnUrl,
      input.cancelUrl,
      new Date().toISOString(),
    );
    return this.walletSession(id) as WalletSession;
  }

  walletSession(id: string): WalletSession | null {
    this.schema();
    const row = this.ctx.storage.sql
      .exec<{
        id: string;
        method: WalletMethod;
        amount: number;
        currency: string;
        reference: string;
        return_url: string;
        cancel_url: string;
        status: WalletStatus;
        payer: string | null;
        created_at: string;
      }>('SELECT * FROM wallet_sessions WHERE id = ?', id)
      .toArray()[0];
    if (!row) return null;
    return {
      id: row.id,
      method: row.method,
      amount: row.amount,
      currency: row.currency,
      reference: row.reference,
      returnUrl: row.return_url,
      cancelUrl: row.cancel_url,
      status: row.status,
      payer: row.payer ? (JSON.parse(row.payer) as WalletSession['payer']) : null,
      createdAt: row.created_at,
    };
  }

  decideWalletSession(id: string, approve: boolean, payer: WalletPayer | null): WalletSession | null {
    this.schema();
    const session = this.walletSession(id);
    if (session?.status !== 'pending') return session;
    this.ctx.storage.sql.exec(
      'UPDATE wallet_sessions SET status = ?, payer = ? WHERE id = ?',
      approve ? 'approved' : 'cancelled',
      payer ? JSON.stringify(payer) : null,
      id,
    );
    return this.walletSession(id);
  }
}
