// What both surfaces of the sandbox processor share (worker.ts, the browser's; server-api.ts, the store
// server's): its bindings, its one ledger, the key check and the error shape.

import type { Ledger } from './ledger.ts';

export interface SandboxBindings {
  LEDGER: DurableObjectNamespace<Ledger>;
  /** The key the store's server calls /v1 with (sk_test_…). */
  SANDBOX_SECRET_KEY: string;
  /** The key the card fields call /v1/tokens with: public, like a processor's publishable key. */
  SANDBOX_PUBLISHABLE_KEY: string;
}

export type SandboxEnv = { Bindings: SandboxBindings; Variables: { nonce: string } };

export const ledger = (env: SandboxBindings) => env.LEDGER.get(env.LEDGER.idFromName('ledger'));

export async function sameKey(given: string | undefined, expected: string): Promise<boolean> {
  if (!given || !expected) return false;
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encoder.encode(given)), crypto.subtle.digest('SHA-256', encoder.encode(expected))]);
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(a, b);
}

export const bearer = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '');

export const error = (code: string, message: string) => ({ error: { code, message } });
