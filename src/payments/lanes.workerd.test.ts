// A lane takes only keys of its own kind, as Stripe's test and live modes do: even a deployment that put a
// live key on the sandbox lane (or a test key on the production lane) by mistake refuses it, so a key
// can never say one lane while opening the other. Runs in workerd: the key check is timingSafeEqual.

import { describe, expect, it } from 'vitest';
import type { SandboxBindings } from './sandbox-http.ts';
import { createSandbox } from './worker.ts';

/** Keys swapped between the lanes: each lane is configured with the other kind's key. */
const SWAPPED = {
  SANDBOX_SECRET_KEY: 'sk_live_swapped_0123456789',
  SANDBOX_PUBLISHABLE_KEY: 'pk_live_swapped',
  LIVE_SECRET_KEY: 'sk_test_swapped_0123456789',
  LIVE_PUBLISHABLE_KEY: 'pk_test_swapped',
} as unknown as SandboxBindings;

const app = createSandbox();

async function codeOf(path: string, key: string, method = 'GET'): Promise<[number, string]> {
  const response = await app.request(
    path,
    { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) },
    SWAPPED,
  );
  const body = (await response.json()) as { error?: { code: string } };
  return [response.status, body.error?.code ?? ''];
}

describe('a lane refuses a key of the other kind', () => {
  it('the sandbox lane refuses a live secret key, even the one it was given', async () => {
    expect(await codeOf('/v1/tokens/tok_x', 'sk_live_swapped_0123456789')).toEqual([401, 'unauthorized']);
  });

  it('the production lane refuses a test secret key, even the one it was given', async () => {
    expect(await codeOf('/p/v1/tokens/tok_x', 'sk_test_swapped_0123456789')).toEqual([401, 'unauthorized']);
  });

  it("each lane's card fields refuse a publishable key of the other kind", async () => {
    expect(await codeOf('/v1/tokens', 'pk_live_swapped', 'POST')).toEqual([401, 'unauthorized']);
    expect(await codeOf('/p/v1/tokens', 'pk_test_swapped', 'POST')).toEqual([401, 'unauthorized']);
  });
});
