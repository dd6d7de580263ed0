// The store's card processor: its own small worker on its own origin (ARCHITECTURE.md, Payments). The
// browser meets it in the card-fields frame, the 3-D Secure challenge and the wallet pages; the store's
// server reaches its /v1 API through a service binding with the secret key. Card numbers end here.
// One deployment serves two lanes (lanes.ts, account-content §9): every path under /p/ is the production
// lane, the same path without it the sandbox lane, each with its own ledger and keys.

import { Hono } from 'hono';
import { checkCard } from './cards.ts';
import { LANES, type Lane } from './lanes.ts';
import { challengeDonePage, challengePage, fieldsPage, indexPage, type SandboxLang, sandboxBuyer, walletPage } from './pages.ts';
import { bearer, correlationIdOf, error, laneKey, laneKeys, ledger, logLine, type SandboxBindings, type SandboxEnv } from './sandbox-http.ts';
import { serverApi } from './server-api.ts';

export { Ledger } from './ledger.ts';

const langOf = (value: string | undefined): SandboxLang => (value === 'fr' || value === 'de' || value === 'it' ? value : 'en');

/** The store's origin the frame talks to; anything that is not a plain http(s) origin is refused. */
function parentOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

function htmlHeaders(nonce: string, frameAncestors: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self' http: https:; frame-ancestors ${frameAncestors}; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/** The pages a store's page frames or sends the shopper to: the card fields, the 3-D Secure challenge, a wallet. */
function framePages(app: Hono<SandboxEnv>, lane: Lane): void {
  app.get('/fields', (c) => {
    const parent = parentOrigin(c.req.query('parent'));
    if (!parent) return c.text('parent must be the origin of the page framing the fields', 400);
    const publishableKey = laneKeys(c.env, lane).publishable;
    if (!publishableKey) return c.text(`The ${lane.name} lane has no publishable key on this deployment.`, 503);
    const nonce = c.get('nonce');
    const mode = c.req.query('mode') === 'cvc' ? 'cvc' : 'card';
    return c.body(fieldsPage({ lang: langOf(c.req.query('lang')), parent, mode, publishableKey, base: lane.base, nonce }), 200, htmlHeaders(nonce, parent));
  });

  app.get('/challenge/:id', async (c) => {
    const parent = parentOrigin(c.req.query('parent'));
    if (!parent) return c.text('parent must be the origin of the page framing the challenge', 400);
    const authorization = await ledger(c.env, lane).authorization(c.req.param('id'));
    if (!authorization) return c.text('No such payment.', 404);
    const nonce = c.get('nonce');
    const lang = langOf(c.req.query('lang'));
    const html =
      authorization.status === 'requires_action'
        ? challengePage({ lang, parent, authorization, base: lane.base, nonce })
        : challengeDonePage({ lang, parent, authorization, nonce });
    return c.body(html, 200, htmlHeaders(nonce, parent));
  });

  app.post('/challenge/:id', async (c) => {
    const parent = parentOrigin(c.req.query('parent'));
    if (!parent) return c.text('parent must be the origin of the page framing the challenge', 400);
    const form = await c.req.formData();
    const authorization = await ledger(c.env, lane).completeChallenge(c.req.param('id'), form.get('outcome') === 'pass');
    if (!authorization) return c.text('No such payment.', 404);
    const nonce = c.get('nonce');
    return c.body(challengeDonePage({ lang: langOf(c.req.query('lang')), parent, authorization, nonce }), 200, htmlHeaders(nonce, parent));
  });

  app.get('/wallet/:id', async (c) => {
    const session = await ledger(c.env, lane).walletSession(c.req.param('id'));
    if (!session) return c.text('No such payment session.', 404);
    if (session.status !== 'pending') return c.redirect(session.status === 'cancelled' ? session.cancelUrl : withSession(session.returnUrl, session.id), 303);
    const nonce = c.get('nonce');
    const page = walletPage({ lang: langOf(c.req.query('lang')), session, nonce, country: countryOf(session.reference), lane: lane.name, base: lane.base });
    return c.body(page, 200, htmlHeaders(nonce, "'none'"));
  });

  app.post('/wallet/:id', async (c) => {
    const form = await c.req.formData();
    const approve = form.get('decision') === 'approve';
    const email = String(form.get('email') ?? '').trim() || 'buyer@example.com';
    const current = await ledger(c.env, lane).walletSession(c.req.param('id'));
    const payer = approve && current ? sandboxBuyer(countryOf(current.reference), email) : null;
    const session = await ledger(c.env, lane).decideWalletSession(c.req.param('id'), approve, payer);
    if (!session) return c.text('No such payment session.', 404);
    return c.redirect(session.status === 'cancelled' ? session.cancelUrl : withSession(session.returnUrl, session.id), 303);
  });
}

/** The card fields frame's own calls, same origin, with the lane's publishable key: a card or a security code as a token. */
function cardFieldsApi(app: Hono<SandboxEnv>, lane: Lane): void {
  const publishable = (authorization: string | undefined, env: SandboxBindings) =>
    laneKey(bearer(authorization), laneKeys(env, lane).publishable, lane.publishablePrefix);

  app.post('/v1/tokens', async (c) => {
    if (!(await publishable(c.req.header('authorization'), c.env))) return c.json(error('unauthorized', 'Unknown key.'), 401);
    const body = (await c.req.json().catch(() => null)) as { number?: unknown; expiry?: unknown; cvc?: unknown } | null;
    const checked = checkCard({ number: String(body?.number ?? ''), expiry: String(body?.expiry ?? ''), cvc: String(body?.cvc ?? '') });
    if (!checked.ok) return c.json({ problems: checked.problems }, 400);
    const token = await ledger(c.env, lane).issueToken(checked.card, lane.name);
    return c.json({ id: token.id, card: { brand: token.brand, last4: token.last4, bin: token.bin, expMonth: token.expMonth, expYear: token.expYear } }, 201);
  });

  // A saved card's security code, asked again: checked for shape and answered as a one-use reference.
  app.post('/v1/cvc-tokens', async (c) => {
    if (!(await publishable(c.req.header('authorization'), c.env))) return c.json(error('unauthorized', 'Unknown key.'), 401);
    const body = (await c.req.json().catch(() => null)) as { cvc?: unknown } | null;
    if (!/^\d{3,4}$/.test(String(body?.cvc ?? '').trim())) {
      return c.json({ problems: [{ field: 'cvc', code: 'invalid_cvc', message: "Your card's security code has 3 or 4 digits." }] }, 400);
    }
    return c.json({ id: `cvctok_${crypto.randomUUID().replaceAll('-', '')}` }, 201);
  });
}

/** Everything one lane serves, at paths relative to its prefix. */
function laneApp(lane: Lane): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.get('/', (c) => c.body(indexPage(c.get('nonce'), lane.name), 200, htmlHeaders(c.get('nonce'), "'none'")));
  framePages(app, lane);
  // Before /v1 is mounted: these answer the publishable key, not the secret key the server API asks for.
  cardFieldsApi(app, lane);
  app.route('/v1', serverApi(lane));
  return app;
}

export function createSandbox() {
  const app = new Hono<SandboxEnv>();

  app.use('*', async (c, next) => {
    c.set('nonce', crypto.randomUUID().replaceAll('-', ''));
    const correlationId = correlationIdOf(c.req.header('x-correlation-id'));
    c.set('correlationId', correlationId);
    await next();
    // The route's pattern, not the path: a token or an authorization id stays out of the logs.
    if (c.env.REQUEST_LOGS !== 'off')
      logLine('info', 'payments.request', { correlationId, method: c.req.method, route: c.req.routePath, status: c.res.status });
    c.header('x-correlation-id', correlationId);
  });

  // No sandbox path starts with /p/, so the prefix alone decides the lane.
  app.route(LANES.production.base, laneApp(LANES.production));
  app.get(`${LANES.production.base}/`, (c) => c.redirect(LANES.production.base, 301));
  app.route('/', laneApp(LANES.sandbox));
  app.notFound((c) => c.json(error('not_found', 'No such route.'), 404));
  app.onError((err, c) => {
    logLine('error', 'payments.unhandled', { correlationId: c.get('correlationId'), message: err.message });
    return c.json(error('api_error', 'The sandbox processor failed.'), 500);
  });
  return app;
}

/** The store names its country in the session's reference ("US basket 1a2b…"); the buyer ships there. */
function countryOf(reference: string): string {
  return /^[A-Z]{2}\b/.exec(reference)?.[0] ?? 'US';
}

function withSession(url: string, sessionId: string): string {
  const target = new URL(url);
  target.searchParams.set('walletSession', sessionId);
  return target.toString();
}

const sandbox = createSandbox();

export default { fetch: sandbox.fetch } satisfies ExportedHandler<SandboxBindings>;
