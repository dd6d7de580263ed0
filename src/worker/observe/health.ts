// GET /healthz (the operations issue, Deploy): every binding the store needs, each asked something cheap that
// only a working one answers. D1 runs a query, KV and R2 read a key that is never written, each Durable Object
// class answers on an object kept for the purpose, and the payments service is asked, with the store's key, for
// something it must refuse or answer (Stripe's balance; the processor's authorizations of no order); each queue
// takes a probe message its consumer acknowledges without doing anything. The answer
// names each check and what went wrong, never a secret.

import { processorLane } from '../commerce/payments/choose.ts';
import { STRIPE_API, STRIPE_VERSION } from '../commerce/payments/stripe-provider.ts';
import type { Bindings } from '../env.ts';
import { HEALTH_PROBE } from '../queues/messages.ts';

export type HealthCheck = 'd1' | 'kv' | 'r2' | 'counters' | 'cart' | 'pagePurge' | 'flashStock' | 'mailQueue' | 'orderEvents' | 'payments';
export type HealthReport = { ok: boolean; checks: Record<HealthCheck, 'ok' | string> };

/** A check that takes longer than this is reported as failed: a health check must answer even when a binding hangs. */
const CHECK_TIMEOUT_MS = 3_000;
const PROBE = 'healthz';

type HealthEnv = Pick<
  Bindings,
  | 'DB'
  | 'CONTENT'
  | 'MEDIA'
  | 'COUNTERS'
  | 'CART'
  | 'PAGE_PURGE'
  | 'FLASH_STOCK'
  | 'MAIL_QUEUE'
  | 'ORDER_EVENTS'
  | 'PAYMENTS'
  | 'PAYMENTS_ORIGIN'
  | 'PAYMENTS_MODE'
  | 'PAYMENTS_SECRET_KEY'
  | 'PAYMENTS_LIVE_SECRET_KEY'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PUBLISHABLE_KEY'
>;

async function paymentsAnswer(env: HealthEnv, fetcher: typeof fetch): Promise<void> {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) {
    const response = await fetcher(`${STRIPE_API}/balance`, {
      headers: { authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'stripe-version': STRIPE_VERSION },
    });
    if (!response.ok) throw new Error(`Stripe answered ${response.status}`);
    return;
  }
  if (!env.PAYMENTS || !env.PAYMENTS_ORIGIN) throw new Error('no payments service configured (Stripe keys or the PAYMENTS binding)');
  const { lane, secretKey } = processorLane(env);
  const response = await env.PAYMENTS.fetch(`${env.PAYMENTS_ORIGIN}${lane.base}/v1/authorizations?reference=${PROBE}`, {
    headers: { authorization: `Bearer ${secretKey}` },
  });
  if (!response.ok) throw new Error(`the processor answered ${response.status}`);
}

async function queueTakes(queue: Queue | undefined): Promise<void> {
  if (!queue) throw new Error('not bound');
  await queue.send(HEALTH_PROBE);
}

function probes(env: HealthEnv, fetcher: typeof fetch): Record<HealthCheck, () => Promise<unknown>> {
  return {
    d1: () => env.DB.prepare('SELECT 1 AS one').first(),
    kv: () => env.CONTENT.get(PROBE),
    r2: () => env.MEDIA.head(PROBE),
    counters: () => env.COUNTERS.get(env.COUNTERS.idFromName(PROBE)).peek(),
    // An operator's clear of a basket that never existed: the object answers, and nothing of a shopper is touched.
    cart: () => env.CART.get(env.CART.idFromName(PROBE)).discard(),
    pagePurge: () => env.PAGE_PURGE.get(env.PAGE_PURGE.idFromName(PROBE)).remember([]),
    // A shard no sale uses: it answers its (empty) counts.
    flashStock: () => env.FLASH_STOCK.get(env.FLASH_STOCK.idFromName(PROBE)).status(),
    mailQueue: () => queueTakes(env.MAIL_QUEUE),
    orderEvents: () => queueTakes(env.ORDER_EVENTS),
    payments: () => paymentsAnswer(env, fetcher),
  };
}

async function withinTime<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkHealth(env: HealthEnv, fetcher: typeof fetch = fetch): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(probes(env, fetcher)).map(async ([name, probe]) => {
      try {
        await withinTime(Promise.resolve().then(probe));
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, `failed: ${error instanceof Error ? error.message : String(error)}`] as const;
      }
    }),
  );
  const checks = Object.fromEntries(entries) as HealthReport['checks'];
  return { ok: Object.values(checks).every((result) => result === 'ok'), checks };
}
