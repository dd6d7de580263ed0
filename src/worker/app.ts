// createApp(): the middleware order, the mounts of /api and the pages, and the one error handler.

import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CATALOGUE, type ErrorCode, type ErrorEnvelope } from '../shared/errors.ts';
import { adminRoutes } from './admin/routes.ts';
import { apiRoutes } from './api.ts';
import type { AppEnv } from './env.ts';
import { healthRoutes } from './health-routes.ts';
import { HttpError } from './lib/http-error.ts';
import { ERROR_EVENTS } from './lib/logger.ts';
import { allowedMethods } from './lib/registered-routes.ts';
import { acceptable } from './middleware/acceptable.ts';
import { associateAudit } from './middleware/associate-audit.ts';
import { missingBindings, requireBindings } from './middleware/bindings.ts';
import { consent } from './middleware/consent.ts';
import { correlationId } from './middleware/correlation-id.ts';
import { d1Sessions } from './middleware/d1-session.ts';
import { locale } from './middleware/locale.ts';
import { pageViews } from './middleware/page-views.ts';
import { preview } from './middleware/preview.ts';
import { requestBody } from './middleware/request-body.ts';
import { requestLog } from './middleware/request-log.ts';
import { sameOrigin } from './middleware/same-origin.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { session } from './middleware/session.ts';
import { pageCache } from './pages/cache-gateway.ts';
import { errorPage, notFoundPage } from './pages/errors/error-page.tsx';
import { previewRoutes } from './pages/preview/route.ts';
import { pageRoutes } from './pages/routes.tsx';

const MINIMAL_500 =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong | Cairn</title>' +
  '<meta name="description" content="This page is not available."></head><body><h1>Something went wrong</h1>' +
  '<p>We’re sorry. Please try again in a moment.</p></body></html>';

/** Machine-facing paths answer errors as JSON envelopes. */
function isApi(path: string): boolean {
  return /^\/(api|admin)(\/|$)/.test(path);
}

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'AUT401',
  403: 'API403',
  404: 'API404',
  405: 'API405',
  406: 'API406',
  409: 'API409',
  413: 'API413',
  415: 'API415',
  429: 'API429',
};

/**
 * The framework's own errors (a malformed body met by Hono's validator, a body limit, a thrown
 * HTTPException in any route) speak the catalogue too: a client error keeps its status under its code.
 */
function asHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof HTTPException) || error.status >= 500) return undefined;
  const code = CODE_FOR_STATUS[error.status] ?? 'API400';
  return new HttpError(code, error.message || undefined);
}

export function createApp() {
  const app = new Hono<AppEnv>();
  const methodsFor = allowedMethods(app);

  // Order: identify the request first (every later log carries the id), then headers, then rules.
  app.use(correlationId());
  app.route('/', healthRoutes);
  app.use(requireBindings());
  // Before anything reads the database: every later read goes through the request's D1 session.
  app.use(d1Sessions());
  app.use(requestLog());
  app.use(securityHeaders());
  app.use(locale());
  app.use(preview());
  app.use(consent());
  app.use(sameOrigin());
  app.use(acceptable());
  app.use(requestBody());
  // After the same-origin check: renewing a session writes, and a cross-site request must not.
  app.use(session());
  app.use(associateAudit());
  // Around the page cache, so a page it answers is counted as a rendered one is (middleware/page-views.ts).
  app.use(pageViews());
  // Last before the routes: it needs the locale, preview, consent and session the middleware above read.
  app.use(pageCache());

  app.route('/api', apiRoutes);
  app.route('/admin', adminRoutes);
  app.route('/preview', previewRoutes);
  app.route('/', pageRoutes);

  app.notFound((c) => {
    const allowed = methodsFor(c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      c.header('Allow', allowed.join(', '));
      throw new HttpError('API405', `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(' or ')}.`);
    }
    if (isApi(c.req.path)) throw new HttpError('API404', `No API endpoint ${c.req.method} ${c.req.path}.`);
    // "/en-us/" typed or linked by hand is the same page as "/en-us": one canonical address, kept query.
    if (/^(GET|HEAD)$/.test(c.req.method) && c.req.path.length > 1 && c.req.path.endsWith('/')) {
      const url = new URL(c.req.url);
      return c.redirect(`${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`, 301);
    }
    return notFoundPage(c);
  });

  app.onError(async (error, c) => {
    const known = asHttpError(error);
    const code = known?.code ?? 'GEN500';
    if (!known) c.get('logger')?.error(ERROR_EVENTS.unhandled, { error, method: c.req.method, path: c.req.path });
    else if (known.status >= 500) c.get('logger')?.error(ERROR_EVENTS.refusedOnFailure, { code, error: known.cause ?? known, path: c.req.path });
    // Without its bindings the app cannot render a page: answer plainly.
    if (!known && missingBindings(c.env).length > 0) return c.text(ERROR_CATALOGUE.GEN500.message, 500);
    const status = ERROR_CATALOGUE[code].status as ContentfulStatusCode;
    if (known?.retryAfter) c.header('Retry-After', String(known.retryAfter));
    if (isApi(c.req.path)) {
      const body: ErrorEnvelope = {
        errorId: code,
        // An unexpected failure never tells the client more than the catalogue's message.
        message: known?.message ?? ERROR_CATALOGUE.GEN500.message,
        appId: c.env.APP_ID,
        correlationId: c.get('correlationId'),
        ...(known?.details ? { details: known.details } : {}),
      };
      return c.json(body, status);
    }
    try {
      return await errorPage(c, status);
    } catch (pageError) {
      c.get('logger')?.error(ERROR_EVENTS.errorPageFailed, { error: pageError });
      return c.html(MINIMAL_500, 500);
    }
  });

  return app;
}
