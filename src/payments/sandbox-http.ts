// What both surfaces of the processor share (worker.ts, the browser's; server-api.ts, the store server's):
// its bindings, a lane's ledger and keys, the key check and the error shape.

import type { Lane } from './lanes.ts';
import type { Ledger } from './ledger.ts';

export interface SandboxBindings {
  LEDGER: DurableObjectNamespace<Ledger>;
  /** The key the store's server calls the sandbox lane's /v1 with (sk_test_…). */
  SANDBOX_SECRET_KEY: string;
  /** The key the sandbox lane's card fields call /v1/tokens with (pk_test_…): public, like a processor's publishable key. */
  SANDBOX_PUBLISHABLE_KEY: string;
  /** The production lane's (/p/) secret key (sk_live_…); unset, that lane answers every call as an unknown key. */
  LIVE_SECRET_KEY?: string;
  /** The production lane's publishable key (pk_live_…). */
  LIVE_PUBLISHABLE_KEY?: string;
  /** "off" leaves out the line per request (the integration suite, whose thousands of calls would bury a failure's lines); errors are always logged. */
  REQUEST_LOGS?: string;
}

export type SandboxEnv = { Bindings: SandboxBindings; Variables: { nonce: string; correlationId: string } };

const CORRELATION_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The caller's correlation id when well formed (the store sends its request's), else one of the processor's own. */
export function correlationIdOf(header: string | undefined): string {
  return header && CORRELATION_ID.test(header) ? header : crypto.randomUUID();
}

/** One JSON line, as the store logs: the processor's logs are searched by the same correlation id. */
export function logLine(level: 'info' | 'error', event: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, event, time: new Date().toISOString(), service: 'payments', ...fields });
  if (level === 'error') console.error(line);
  else console.log(line);
}

/** The lane's books: one ledger object per lane, so no token, payment or wallet session crosses between them. */
export const ledger = (env: SandboxBindings, lane: Lane) => env.LEDGER.get(env.LEDGER.idFromName(lane.ledgerName));

export function laneKeys(env: SandboxBindings, lane: Lane): { secret: string | undefined; publishable: string | undefined } {
  return lane.name === 'production'
    ? { secret: env.LIVE_SECRET_KEY, publishable: env.LIVE_PUBLISHABLE_KEY }
    : { secret: env.SANDBOX_SECRET_KEY, publishable: env.SANDBOX_PUBLISHABLE_KEY };
}

/**
 * Whether `given` is the lane's key of this kind. Both must carry the lane's prefix: a live key put on the
 * sandbox lane by mistake (or a test key on the production lane) is refused rather than opening it.
 */
export async function laneKey(given: string | undefined, expected: string | undefined, prefix: string): Promise<boolean> {
  if (!given?.startsWith(prefix) || !expected?.startsWith(prefix)) return false;
  return sameKey(given, expected);
}

export async function sameKey(given: string | undefined, expected: string): Promise<boolean> {
  if (!given || !expected) return false;
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encoder.encode(given)), crypto.subtle.digest('SHA-256', encoder.encode(expected))]);
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(a, b);
}

export const bearer = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '');

export const error = (code: string, message: string) => ({ error: { code, message } });
