// The sandbox card processor: its own small worker on its own origin (ARCHITECTURE.md, Payments). The
// browser meets it in the card-fields frame, the 3-D Secure challenge and the wallet pages; the store's
// server reaches its /v1 API through a service binding with the secret key. Card numbers end here.

import { Hono } from 'hono';
import { isApplePayValidationUrl } from '../shared/commerce/apple-pay.ts';
import { brandOf, checkCard } from './cards.ts';
import type { Ledger } from './ledger.ts';
import type { AuthorizeInput, WalletMethod } from './ledger-records.ts';
import { challengeDonePage, challengePage, fieldsPage, indexPage, type SandboxLang, sandboxBuyer, walletPage } from './pages.ts';

export { Ledger } from './ledger.ts';

export interface SandboxBindings {
  LEDGER: DurableObjectNamespace<Ledger>;
  /** The key the store's server calls /v1 with (sk_test_…). */
  SANDBOX_SECRET_KEY: string;
  /** The key the card fields call /v1/tokens with: public, like a processor's publishable key. */
  SANDBOX_PUBLISHABLE_KEY: string;
}

type SandboxEnv = { Bindings: SandboxBindings; Variables: { nonce: string } };

const ledger = (env: SandboxBindings) => env.LEDGER.get(env.LEDGER.idFromName('ledger'));

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

async function sameKey(given: string | undefined, expected: string): Promise<boolean> {
  if (!given || !expected) return false;
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([crypto.subtle.digest('SHA-256', encoder.encode(given)), crypto.subtle.digest('SHA-256', encoder.encode(expected))]);
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(a, b);
}

const bearer = (header: string | undefined) => header?.replace(/^Bearer\s+/i, '');

function htmlHeaders(nonce: string, frameAncestors: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self' http: https:; frame-ancestors ${frameAncestors}; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

const error = (code: string, message: string) => ({ error: { code, message } });

export function createSandbox() {
  const app = new Hono<SandboxEnv>();

  app.use('*', async (c, next) => {
    c.set('nonce', crypto.randomUUID().replaceAll('-', ''));
    await next();
  });

  app.get('/', (c) => c.body(indexPage(c.get('nonce')), 200, htmlHeaders(c.get('nonce'), "'none'")));

  app.get('/fields', (c) => {
    const parent = parentOrigin(c.req.query('parent'));
    if (!parent) return c.text('parent must be the origin of the page framing the fields', 400);
    const nonce = c.get('nonce');
    const mode = c.req.query('mode') === 'cvc' ? 'cvc' : 'card';
    return c.body(
      fieldsPage({ lang: langOf(c.req.query('lang')), parent, mode, publishableKey: c.env.SANDBOX_PUBLISHABLE_KEY, nonce }),
      200,
      htmlHeaders(nonce, parent),
    );
  });

  // Called from the fields frame, same origin, with the publishable key.
  app.post('/v1/tokens', async (c) => {
    if (!(await sameKey(bearer(c.req.header('authorization')), c.env.SANDBOX_PUBLISHABLE_KEY))) return c.json(error('unauthorized', 'Unknown key.'), 401);
    const body = (await c.req.json().catch(() => null)) as { number?: unknown; expiry?: unknown; cvc?: unknown } | null;
    const checked = checkCard({ number: String(body?.number ?? ''), expiry: String(body?.expiry ?? ''), cvc: String(body?.cvc ?? '') });
    if (!checked.ok) return c.json({ problems: checked.problems }, 400);
    const token = await ledger(c.env).issueToken(checked.card);
    return c.json({ id: token.id, card: { brand: token.brand, last4: token.last4, bin: token.bin, expMonth: token.expMonth, expYear: token.expYear } }, 201);
  });

  // A saved card's security code, asked again: checked for shape and answered as a one-use reference.
  app.post('/v1/cvc-tokens', async (c) => {
    if (!(await sameKey(bearer(c.req.header('authorization')), c.env.SANDBOX_PUBLISHABLE_KEY))) return c.json(error('unauthorized', 'Unknown key.'), 401);
    const body = (await c.req.json().catch(() => null)) as { cvc?: unknown } | null;
    if (!/^\d{3,4}$/.test(String(body?.cvc ?? '').trim())) {
      return c.json({ problems: [{ field: 'cvc', code: 'invalid_cvc', message: "Your card's security code has 3 or 4 digits." }] }, 400);
    }
    return c.json({ id: `cvctok_${crypto.randomUUID().replaceAll('-', '')}` }, 201);
  });

  app.get('/challenge/:id', async (c) => {
    const parent = parentOrigin(c.req.query('parent'));
    if (!parent) return c.text('parent must be the origin of the page framing the challenge', 400);
    const authorization = await ledger(c.env).authorization(c.req.param('id'));
    if (!authorization) return c.text('No such payment.', 404);
    const nonce = c.get('nonce');
    const lang = langOf(c.req.query('lang'));
    const html =
      authorization.status === 'requires_action'
        ? challengePage({ lang, parent, authorization, nonce })
        : challengeDonePage({ lang, parent, authorization, nonce });
    return c.body(html, 200, htmlHeaders(nonce, parent));
  });

  app.post('/challenge/:id', async (c) => {
    const parent = parentOrigin(c.req.query('parent'));
    if (!parent) return c.text('parent must be the origin of the page framing the challenge', 400);
    const form = await c.req.formData();
    const authorization = await ledger(c.env).completeChallenge(c.req.param('id'), form.get('outcome') === 'pass');
    if (!authorization) return c.text('No such payment.', 404);
    const nonce = c.get('nonce');
    return c.body(challengeDonePage({ lang: langOf(c.req.query('lang')), parent, authorization, nonce }), 200, htmlHeaders(nonce, parent));
  });

  app.get('/wallet/:id', async (c) => {
    const session = await ledger(c.env).walletSession(c.req.param('id'));
    if (!session) return c.text('No such payment session.', 404);
    if (session.status !== 'pending') return c.redirect(session.status === 'cancelled' ? session.cancelUrl : withSession(session.returnUrl, session.id), 303);
    const nonce = c.get('nonce');
    return c.body(walletPage({ lang: langOf(c.req.query('lang')), session, nonce, country: countryOf(session.reference) }), 200, htmlHeaders(nonce, "'none'"));
  });

  app.post('/wallet/:id', async (c) => {
    const form = await c.req.formData();
    const approve = form.get('decision') === 'approve';
    const email = String(form.get('email') ?? '').trim() || 'buyer@example.com';
    const current = await ledger(c.env).walletSession(c.req.param('id'));
    const payer = approve && current ? sandboxBuyer(countryOf(current.reference), email) : null;
    const session = await ledger(c.env).decideWalletSession(c.req.param('id'), approve, payer);
    if (!session) return c.text('No such payment session.', 404);
    return c.redirect(session.status === 'cancelled' ? session.cancelUrl : withSession(session.returnUrl, session.id), 303);
  });

  // The server API: the store's secret key on every call.
  const api = new Hono<SandboxEnv>();
  api.use('*', async (c, next) => {
    if (!(await sameKey(bearer(c.req.header('authorization')), c.env.SANDBOX_SECRET_KEY))) return c.json(error('unauthorized', 'Unknown key.'), 401);
    await next();
  });

  api.get('/tokens/:id', async (c) => {
    const token = await ledger(c.env).token(c.req.param('id'));
    return token
      ? c.json({ id: token.id, card: { brand: token.brand, last4: token.last4, bin: token.bin, expMonth: token.expMonth, expYear: token.expYear } })
      : c.json(error('resource_missing', 'No such token.'), 404);
  });

  api.post('/devices', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { timeZone?: unknown };
    return c.json(await ledger(c.env).registerDevice(String(body.timeZone ?? '').slice(0, 64)), 201);
  });

  api.post('/authorizations', async (c) => {
    const key = c.req.header('idempotency-key');
    if (!key) return c.json(error('idempotency_key_missing', 'An Idempotency-Key header is required.'), 400);
    const body = (await c.req.json().catch(() => null)) as Partial<Omit<AuthorizeInput, 'idempotencyKey' | 'challengeBase'>> | null;
    if (!body || !Number.isInteger(body.amount) || (body.amount as number) <= 0 || typeof body.currency !== 'string' || typeof body.reference !== 'string') {
      return c.json(error('parameter_invalid', 'amount (a positive integer of minor units), currency and reference are required.'), 400);
    }
    const result = await ledger(c.env).authorize({
      idempotencyKey: key,
      token: body.token,
      walletSession: body.walletSession,
      amount: body.amount as number,
      currency: body.currency,
      reference: body.reference,
      deviceId: body.deviceId,
      challengeBase: new URL(c.req.url).origin,
    });
    if (!result.ok) {
      const status =
        result.refusal === 'idempotency-mismatch'
          ? 409
          : ['session-not-approved', 'amount-exceeds-session', 'currency-mismatch'].includes(result.refusal)
            ? 402
            : 404;
      return c.json(error(result.refusal, 'The payment could not be authorized.'), status);
    }
    return c.json(result.authorization, 201);
  });

  api.get('/authorizations', async (c) => c.json({ data: await ledger(c.env).authorizationsFor(c.req.query('reference') ?? '') }));

  api.get('/authorizations/:id', async (c) => {
    const authorization = await ledger(c.env).authorization(c.req.param('id'));
    return authorization ? c.json(authorization) : c.json(error('resource_missing', 'No such authorization.'), 404);
  });

  for (const action of ['void', 'capture', 'refund'] as const) {
    api.post(`/authorizations/:id/${action}`, async (c) => {
      // capture and refund may name an amount (a partial capture or refund), and a refund its idempotency key.
      const body = (await c.req.json().catch(() => ({}))) as { amount?: unknown; idempotencyKey?: unknown } | null;
      const amount = typeof body?.amount === 'number' ? body.amount : undefined;
      const key = typeof body?.idempotencyKey === 'string' ? body.idempotencyKey : undefined;
      const books = ledger(c.env);
      const id = c.req.param('id');
      // A capture names what it takes, as a real processor's API asks: the sandbox never guesses an amount.
      if (action === 'capture' && amount === undefined) return c.json(error('parameter_missing', 'amount is required to capture.'), 400);
      const result =
        action === 'void' ? await books.void(id) : action === 'capture' ? await books.capture(id, amount as number) : await books.refund(id, amount, key);
      if (result.ok) return c.json(result.authorization);
      const status = result.refusal === 'unknown-authorization' ? 404 : result.refusal === 'amount-invalid' ? 400 : 409;
      return c.json(error(result.refusal, `The authorization cannot be ${action}ed now.`), status);
    });
  }

  api.post('/wallet-sessions', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const method = body?.method as WalletMethod;
    if (
      !body ||
      !['paypal', 'klarna', 'applepay'].includes(method) ||
      !Number.isInteger(body.amount) ||
      typeof body.returnUrl !== 'string' ||
      typeof body.cancelUrl !== 'string'
    ) {
      return c.json(error('parameter_invalid', 'method, amount, currency, reference, returnUrl and cancelUrl are required.'), 400);
    }
    const session = await ledger(c.env).openWalletSession({
      method,
      amount: body.amount as number,
      currency: String(body.currency),
      reference: String(body.reference ?? ''),
      returnUrl: body.returnUrl,
      cancelUrl: body.cancelUrl,
    });
    return c.json({ ...session, redirectUrl: `${new URL(c.req.url).origin}/wallet/${session.id}` }, 201);
  });

  // Apple Pay's merchant validation, as Apple's gateway would answer it for a registered merchant.
  api.post('/apple-pay/sessions', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { validationUrl?: unknown; domain?: unknown; displayName?: unknown } | null;
    const domain = String(body?.domain ?? '');
    if (!isApplePayValidationUrl(String(body?.validationUrl ?? '')) || !/^[a-z0-9.-]+(:\d+)?$/i.test(domain)) {
      return c.json(error('parameter_invalid', "validationUrl must be one of Apple's gateways and domain the store's host."), 400);
    }
    const now = Date.now();
    return c.json(
      {
        epochTimestamp: now,
        expiresAt: now + 60 * 60 * 1000,
        merchantSessionIdentifier: `SSH${crypto.randomUUID().replaceAll('-', '').toUpperCase()}`,
        nonce: crypto.randomUUID().slice(0, 8),
        merchantIdentifier: APPLE_PAY_SANDBOX_MERCHANT,
        domainName: domain,
        displayName: String(body?.displayName ?? '').slice(0, 64),
        signature: 'sandbox',
      },
      201,
    );
  });

  // An authorized sheet's payment token. The sandbox's test devices do not encrypt: paymentData.data is
  // base64 of {"dpan": a test card number, "expiry": "MM/YY"}, so the documented test cards drive Apple Pay too.
  api.post('/apple-pay/tokens', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { paymentData?: { version?: unknown; data?: unknown } } | null;
    const device = decodeDevicePayment(body?.paymentData);
    if (!device) return c.json(error('apple_pay_token_invalid', 'paymentData is not an EC_v1 payment from a sandbox device.'), 400);
    // A wallet payment carries a cryptogram, not a security code: the card's own checks stand without one.
    const checked = checkCard({ number: device.dpan, expiry: device.expiry, cvc: brandOf(device.dpan) === 'amex' ? '0000' : '000' });
    if (!checked.ok) return c.json({ problems: checked.problems }, 400);
    const token = await ledger(c.env).issueToken(checked.card, true);
    return c.json({ id: token.id, card: { brand: token.brand, last4: token.last4, bin: token.bin, expMonth: token.expMonth, expYear: token.expYear } }, 201);
  });

  api.get('/wallet-sessions/:id', async (c) => {
    const session = await ledger(c.env).walletSession(c.req.param('id'));
    return session ? c.json(session) : c.json(error('resource_missing', 'No such session.'), 404);
  });

  app.route('/v1', api);
  app.notFound((c) => c.json(error('not_found', 'No such route.'), 404));
  app.onError((err, c) => {
    console.error(JSON.stringify({ level: 'error', message: err.message }));
    return c.json(error('api_error', 'The sandbox processor failed.'), 500);
  });
  return app;
}

/** The merchant identifier the sandbox validates sessions for. */
const APPLE_PAY_SANDBOX_MERCHANT = 'merchant.dev.cairn.sandbox';

function decodeDevicePayment(paymentData: { version?: unknown; data?: unknown } | undefined): { dpan: string; expiry: string } | null {
  if (paymentData?.version !== 'EC_v1' || typeof paymentData.data !== 'string' || paymentData.data.length > 4096) return null;
  try {
    const decoded = JSON.parse(atob(paymentData.data)) as { dpan?: unknown; expiry?: unknown };
    return typeof decoded.dpan === 'string' && typeof decoded.expiry === 'string' ? { dpan: decoded.dpan, expiry: decoded.expiry } : null;
  } catch {
    return null;
  }
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
