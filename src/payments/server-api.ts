// The processor's server API under a lane's /v1 (/v1 for the sandbox, /p/v1 for production), as the store's
// server calls it through its service binding with the lane's secret key: tokens and devices,
// authorizations and their void, capture and refund, wallet sessions and Apple Pay.

import { Hono } from 'hono';
import { isApplePayValidationUrl } from '../shared/commerce/apple-pay.ts';
import { brandOf, checkCard } from './cards.ts';
import type { Lane } from './lanes.ts';
import type { AuthorizeInput, WalletMethod } from './ledger-records.ts';
import { bearer, error, laneKey, laneKeys, ledger, type SandboxEnv } from './sandbox-http.ts';

/** A token's card, and a device registered for the fraud check. */
function cardApi(api: Hono<SandboxEnv>, lane: Lane): void {
  api.get('/tokens/:id', async (c) => {
    const token = await ledger(c.env, lane).token(c.req.param('id'));
    return token
      ? c.json({ id: token.id, card: { brand: token.brand, last4: token.last4, bin: token.bin, expMonth: token.expMonth, expYear: token.expYear } })
      : c.json(error('resource_missing', 'No such token.'), 404);
  });

  api.post('/devices', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { timeZone?: unknown };
    return c.json(await ledger(c.env, lane).registerDevice(String(body.timeZone ?? '').slice(0, 64)), 201);
  });
}

/** Authorizations: made once per idempotency key, looked up, then voided, captured or refunded. */
function authorizationApi(api: Hono<SandboxEnv>, lane: Lane): void {
  api.post('/authorizations', async (c) => {
    const key = c.req.header('idempotency-key');
    if (!key) return c.json(error('idempotency_key_missing', 'An Idempotency-Key header is required.'), 400);
    const body = (await c.req.json().catch(() => null)) as Partial<Omit<AuthorizeInput, 'idempotencyKey' | 'challengeBase'>> | null;
    if (!body || !Number.isInteger(body.amount) || (body.amount as number) <= 0 || typeof body.currency !== 'string' || typeof body.reference !== 'string') {
      return c.json(error('parameter_invalid', 'amount (a positive integer of minor units), currency and reference are required.'), 400);
    }
    const result = await ledger(c.env, lane).authorize({
      idempotencyKey: key,
      token: body.token,
      walletSession: body.walletSession,
      amount: body.amount as number,
      currency: body.currency,
      reference: body.reference,
      deviceId: body.deviceId,
      challengeBase: `${new URL(c.req.url).origin}${lane.base}`,
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

  api.get('/authorizations', async (c) => c.json({ data: await ledger(c.env, lane).authorizationsFor(c.req.query('reference') ?? '') }));

  api.get('/authorizations/:id', async (c) => {
    const authorization = await ledger(c.env, lane).authorization(c.req.param('id'));
    return authorization ? c.json(authorization) : c.json(error('resource_missing', 'No such authorization.'), 404);
  });

  for (const action of ['void', 'capture', 'refund'] as const) {
    api.post(`/authorizations/:id/${action}`, async (c) => {
      // capture and refund may name an amount (a partial capture or refund), and a refund its idempotency key.
      const body = (await c.req.json().catch(() => ({}))) as { amount?: unknown; idempotencyKey?: unknown } | null;
      const amount = typeof body?.amount === 'number' ? body.amount : undefined;
      const key = typeof body?.idempotencyKey === 'string' ? body.idempotencyKey : undefined;
      const books = ledger(c.env, lane);
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
}

/** A wallet's payment session: opened for the store's redirect, then read back once the buyer decided. */
function walletApi(api: Hono<SandboxEnv>, lane: Lane): void {
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
    const session = await ledger(c.env, lane).openWalletSession({
      method,
      amount: body.amount as number,
      currency: String(body.currency),
      reference: String(body.reference ?? ''),
      returnUrl: body.returnUrl,
      cancelUrl: body.cancelUrl,
    });
    return c.json({ ...session, redirectUrl: `${new URL(c.req.url).origin}${lane.base}/wallet/${session.id}` }, 201);
  });

  api.get('/wallet-sessions/:id', async (c) => {
    const session = await ledger(c.env, lane).walletSession(c.req.param('id'));
    return session ? c.json(session) : c.json(error('resource_missing', 'No such session.'), 404);
  });
}

/** Apple Pay: the merchant session for the sheet, and the card token for an authorized payment. */
function applePayApi(api: Hono<SandboxEnv>, lane: Lane): void {
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
    const token = await ledger(c.env, lane).issueToken(checked.card, lane.name, true);
    return c.json({ id: token.id, card: { brand: token.brand, last4: token.last4, bin: token.bin, expMonth: token.expMonth, expYear: token.expYear } }, 201);
  });
}

export function serverApi(lane: Lane): Hono<SandboxEnv> {
  // The store's secret key of this lane on every call: the other lane's key is as unknown as any other.
  const api = new Hono<SandboxEnv>();
  api.use('*', async (c, next) => {
    if (!(await laneKey(bearer(c.req.header('authorization')), laneKeys(c.env, lane).secret, lane.secretPrefix))) {
      return c.json(error('unauthorized', 'Unknown key.'), 401);
    }
    await next();
  });

  cardApi(api, lane);
  authorizationApi(api, lane);
  walletApi(api, lane);
  applePayApi(api, lane);
  return api;
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
