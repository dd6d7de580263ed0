// The processor's pages post and call under their lane's prefix: a production page never reaches the sandbox.

import { describe, expect, it } from 'vitest';
import type { Authorization, WalletSession } from './ledger-records.ts';
import { challengePage, fieldsPage, indexPage, walletPage } from './pages.ts';

const AUTHORIZATION: Authorization = {
  id: 'auth_1',
  status: 'requires_action',
  amount: 4200,
  currency: 'USD',
  reference: 'US order',
  method: 'card',
  declineCode: null,
  challengeUrl: 'https://pay.example/p/challenge/auth_1',
  card: null,
  capturedAmount: 0,
  refundedAmount: 0,
  createdAt: '2026-11-24T00:00:00.000Z',
};

const SESSION: WalletSession = {
  id: 'pps_1',
  method: 'paypal',
  amount: 4200,
  currency: 'USD',
  reference: 'US basket',
  returnUrl: 'https://store.example/en-us/checkout/wallet-return',
  cancelUrl: 'https://store.example/en-us/checkout',
  status: 'pending',
  payer: null,
  createdAt: '2026-11-24T00:00:00.000Z',
};

describe("the processor's pages, per lane", () => {
  it("the card fields ask for tokens under their lane's prefix", () => {
    const html = fieldsPage({ lang: 'en', parent: 'https://store.example', mode: 'card', publishableKey: 'pk_live_x', base: '/p', nonce: 'n' });
    expect(html).toContain('"base":"/p"');
    expect(html).toContain("fetch(config.base + (config.mode === 'cvc' ? '/v1/cvc-tokens' : '/v1/tokens')");
  });

  it('the challenge and the wallet answer post to their own lane', () => {
    expect(challengePage({ lang: 'en', parent: 'https://store.example', authorization: AUTHORIZATION, base: '/p', nonce: 'n' })).toContain(
      'action="/p/challenge/auth_1?parent=',
    );
    expect(challengePage({ lang: 'en', parent: 'https://store.example', authorization: AUTHORIZATION, base: '', nonce: 'n' })).toContain(
      'action="/challenge/auth_1?parent=',
    );
    const production = walletPage({ lang: 'en', session: SESSION, nonce: 'n', country: 'US', lane: 'production', base: '/p' });
    expect(production).toContain('action="/p/wallet/pps_1?lang=en"');
    expect(production).not.toContain('(sandbox)');
    expect(walletPage({ lang: 'en', session: SESSION, nonce: 'n', country: 'US', lane: 'sandbox', base: '' })).toContain('PayPal (sandbox)');
  });

  it('lists the test cards on the sandbox index only', () => {
    expect(indexPage('n', 'sandbox')).toContain('4242 4242 4242 4242');
    expect(indexPage('n', 'production')).not.toContain('4242');
  });
});
