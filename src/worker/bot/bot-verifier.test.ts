import { describe, expect, it, vi } from 'vitest';
import { botVerifierFor, SITEVERIFY_URL, turnstileVerifier } from './bot-verifier.ts';

const answer = (body: object, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('the Turnstile verifier', () => {
  it('sends the secret, the token and the address, and takes a success for the same action', async () => {
    const fetcher = answer({ success: true, action: 'login' });
    expect(await turnstileVerifier('secret-1', fetcher as unknown as typeof fetch).verify('tok', 'login', '203.0.113.5')).toBe(true);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(SITEVERIFY_URL);
    const form = init.body as FormData;
    expect([form.get('secret'), form.get('response'), form.get('remoteip')]).toEqual(['secret-1', 'tok', '203.0.113.5']);
  });
  it('refuses a failure, a token for another action, and no token at all', async () => {
    expect(await turnstileVerifier('s', answer({ success: false }) as unknown as typeof fetch).verify('tok', 'login', undefined)).toBe(false);
    expect(await turnstileVerifier('s', answer({ success: true, action: 'register' }) as unknown as typeof fetch).verify('tok', 'login', undefined)).toBe(
      false,
    );
    expect(await turnstileVerifier('s', answer({ success: true }) as unknown as typeof fetch).verify(undefined, 'login', undefined)).toBe(false);
  });
});

describe('choosing a verifier', () => {
  it('passes locally unless told to fail, and fails closed in production without a secret', async () => {
    expect(await botVerifierFor({ ENVIRONMENT: 'development' }).verify(undefined, 'login', undefined)).toBe(true);
    expect(await botVerifierFor({ ENVIRONMENT: 'development', BOT_CHECK: 'fail' }).verify('x', 'login', undefined)).toBe(false);
    expect(await botVerifierFor({ ENVIRONMENT: 'production' }).verify('x', 'login', undefined)).toBe(false);
    expect(await botVerifierFor({ ENVIRONMENT: 'production', BOT_CHECK: 'pass' }).verify('x', 'login', undefined)).toBe(true);
  });
});
