// The one fetch helper for calls the worker makes to other services: standard headers, a timeout,
// and a structured log line for every failure.

import { standardHeaders } from '../../shared/api/standard-headers.ts';
import type { Locale } from '../../shared/locale/sites.ts';
import type { Logger } from './logger.ts';

export interface OutboundContext {
  locale: Locale;
  brand: string;
  appId: string;
  logger: Logger;
  usid?: string | undefined;
}

const OUTBOUND_TIMEOUT_MS = 8000;

export async function outboundFetch(context: OutboundContext, url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(standardHeaders({ locale: context.locale, brand: context.brand, clientApp: context.appId, usid: context.usid }));
  // The caller's own headers win: a content call adds its preview headers, a POST its content type.
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(OUTBOUND_TIMEOUT_MS) });
    if (!response.ok)
      context.logger.warn('outbound.status', { url: String(url), status: response.status, outboundCorrelationId: headers.get('x-correlation-id') });
    return response;
  } catch (error) {
    context.logger.error('outbound.failed', {
      url: String(url),
      error,
      durationMs: Date.now() - started,
      outboundCorrelationId: headers.get('x-correlation-id'),
    });
    throw error;
  }
}
