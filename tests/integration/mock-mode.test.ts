// Mock mode is offered only outside production (commerce-core §7): the page tells the browser whether it may
// answer calls from the tab's mock answers (client/mock-mode.ts), and a production page never does.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type PageState, STATE_SCRIPT_ID } from '../../src/shared/island.ts';
import { ORIGIN, request } from './helpers.ts';

async function stateOf(bindings: typeof env): Promise<PageState> {
  const html = await (await request('/en-us/help', {}, ORIGIN, bindings)).text();
  const json = new RegExp(`<script[^>]*id="${STATE_SCRIPT_ID}"[^>]*>([^<]*)</script>`).exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '{}') as PageState;
}

describe('mock mode', () => {
  it('is offered by a store that is not production', async () => {
    expect((await stateOf(env)).mockable).toBe(true);
  });

  it('is never offered by production', async () => {
    expect((await stateOf({ ...env, ENVIRONMENT: 'production', BOT_CHECK: 'pass' })).mockable).toBeUndefined();
  });
});
