import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLocale } from '../../shared/locale/sites.ts';
import { createLogger } from './logger.ts';
import { outboundFetch } from './outbound.ts';

const context = {
  locale: findLocale('fr-ca') as NonNullable<ReturnType<typeof findLocale>>,
  brand: 'CRN',
  appId: 'cairn-storefront',
  logger: createLogger({}),
  usid: 'usid-123',
};

describe('outboundFetch', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the standard header set with a fresh correlation id per call', async () => {
    const seen: Headers[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}');
    });
    await outboundFetch(context, 'https://content.example/api', { headers: { 'x-preview': 'true' } });
    await outboundFetch(context, 'https://content.example/api');
    const [first, second] = seen as [Headers, Headers];
    expect(Object.fromEntries(first)).toMatchObject({
      'x-locale': 'fr-ca',
      'x-site-id': 'CA',
      'x-channel': 'ECOMM',
      'x-brand': 'CRN',
      'x-region': 'NA',
      'x-source': 'ECOM15',
      'x-client-app': 'cairn-storefront',
      'x-usid': 'usid-123',
      'x-preview': 'true',
    });
    expect(first.get('x-correlation-id')).not.toBe(second.get('x-correlation-id'));
  });

  it('logs and rethrows a failed call, with the correlation id of the request beside that of the call', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logged = { ...context, logger: createLogger({ correlationId: 'request-0001' }) };
    await expect(outboundFetch(logged, 'https://content.example/api')).rejects.toThrow('network down');
    const line = JSON.parse(String(error.mock.calls[0]?.[0])) as Record<string, unknown>;
    expect(line).toMatchObject({ event: 'outbound.failed', correlationId: 'request-0001' });
    expect(line.outboundCorrelationId).toMatch(/^[\w-]{8,}$/);
    expect(line.outboundCorrelationId).not.toBe('request-0001');
  });
});
