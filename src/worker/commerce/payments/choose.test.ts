// The store's lane of its own processor, from configuration: sandbox by default and at the unprefixed paths,
// production under /p/ with a live key; a mode or key that cannot work is refused, naming what to set.

import { describe, expect, it } from 'vitest';
import { paymentProviderFor, processorLane } from './choose.ts';

const PROCESSOR = { PAYMENTS: {} as Fetcher, PAYMENTS_ORIGIN: 'https://pay.example' };

describe('the processor lane the store pays in', () => {
  it('is the sandbox when PAYMENTS_MODE is unset, framing the fields at the unprefixed path', () => {
    expect(processorLane({ ...PROCESSOR, PAYMENTS_SECRET_KEY: 'sk_test_a' })).toMatchObject({ lane: { name: 'sandbox', base: '' }, secretKey: 'sk_test_a' });
    expect(paymentProviderFor({ ...PROCESSOR, PAYMENTS_SECRET_KEY: 'sk_test_a' }).cardFields()).toEqual({
      provider: 'sandbox',
      fieldsUrl: 'https://pay.example/fields',
    });
  });

  it('is production under /p/ with the live key when PAYMENTS_MODE says so', () => {
    const env = { ...PROCESSOR, PAYMENTS_MODE: 'production', PAYMENTS_SECRET_KEY: 'sk_test_a', PAYMENTS_LIVE_SECRET_KEY: 'sk_live_b' };
    expect(processorLane(env)).toMatchObject({ lane: { name: 'production', base: '/p' }, secretKey: 'sk_live_b' });
    expect(paymentProviderFor(env).cardFields()).toEqual({ provider: 'sandbox', fieldsUrl: 'https://pay.example/p/fields' });
  });

  it('refuses a key of the other lane, a missing key and an unknown mode, saying what to set', () => {
    expect(() => processorLane({ ...PROCESSOR, PAYMENTS_MODE: 'production', PAYMENTS_LIVE_SECRET_KEY: 'sk_test_a' })).toThrow(
      'PAYMENTS_LIVE_SECRET_KEY must be a production key starting sk_live_',
    );
    expect(() => processorLane({ ...PROCESSOR, PAYMENTS_SECRET_KEY: 'sk_live_b' })).toThrow('PAYMENTS_SECRET_KEY must be a sandbox key starting sk_test_');
    expect(() => processorLane({ ...PROCESSOR, PAYMENTS_MODE: 'production', PAYMENTS_SECRET_KEY: 'sk_test_a' })).toThrow(
      'PAYMENTS_MODE=production pays with PAYMENTS_LIVE_SECRET_KEY',
    );
    expect(() => processorLane({ ...PROCESSOR, PAYMENTS_MODE: 'live', PAYMENTS_LIVE_SECRET_KEY: 'sk_live_b' })).toThrow('set it to "production" or "sandbox"');
  });

  it('leaves Stripe to its own keys, whatever the mode', () => {
    const env = { ...PROCESSOR, PAYMENTS_MODE: 'production', STRIPE_SECRET_KEY: 'sk_test_stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_stripe' };
    expect(paymentProviderFor(env).name).toBe('stripe');
  });
});
