// Helpers for integration tests: requests to the worker under test and catalog look-ups in its D1.

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/worker/index.ts';

export const ORIGIN = 'https://store.test';

/** The execution contexts of requests whose work after the response (waitUntil) may still be running. */
const unsettled = new Set<ExecutionContext>();

/**
 * A request to the worker; `origin` is the address it came to (its Host), the store's own unless a test plays
 * someone else's. It calls the worker's fetch handler in this isolate, as workerd would, rather than through
 * `exports.default`: that way costs a round trip to vitest's module runner for each request, about 3 ms of
 * the 4 a plain request took, and most of the integration run's time went there.
 */
export function request(path: string, init: RequestInit = {}, origin = ORIGIN, bindings: typeof env = env): Promise<Response> {
  const ctx = createExecutionContext();
  unsettled.add(ctx);
  return Promise.resolve(worker.fetch(new Request(`${origin}${path}`, { redirect: 'manual', ...init }), bindings, ctx));
}

/** Waits for the work every request so far left running after its response (a file's last writes, before the next file's reset). */
export async function settleRequests(): Promise<void> {
  const contexts = [...unsettled];
  unsettled.clear();
  await Promise.allSettled(contexts.map((ctx) => waitOnExecutionContext(ctx)));
}

export async function getJson<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await request(path, init);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

export async function one<T>(sql: string, ...params: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
  if (!row) throw new Error(`No row for ${sql}`);
  return row;
}

/** A level-3 category with products, and its slug. */
export function leafCategory() {
  return one<{ id: number; slug: string }>(
    'SELECT c.id, c.slug FROM categories c WHERE c.level = 3 AND EXISTS (SELECT 1 FROM styles s WHERE s.category_id = c.id) ORDER BY c.id LIMIT 1',
  );
}

/** A colour-level product of a shoe with more than one width, with one in-stock and one sold-out variant. */
export function shoeWithWidths() {
  return one<{ id: string; slug: string; name: string; variant: string; size: string; width: string; sold_out: string }>(
    `SELECT p.id, p.slug, t.name,
       (SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id = p.id AND i.quantity > 3 ORDER BY v.position LIMIT 1) AS variant,
       (SELECT v.size FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id = p.id AND i.quantity > 3 ORDER BY v.position LIMIT 1) AS size,
       (SELECT v.width FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id = p.id AND i.quantity > 3 ORDER BY v.position LIMIT 1) AS width,
       (SELECT v.id FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id = p.id AND i.quantity = 0 ORDER BY v.position LIMIT 1) AS sold_out
     FROM products p JOIN styles s ON s.id = p.style_id JOIN style_texts t ON t.style_id = s.id AND t.lang = 'en'
     WHERE s.size_system = 'shoe' AND s.is_presale = 0 AND s.target_publish_date IS NULL
       AND (SELECT COUNT(DISTINCT width) FROM variants WHERE product_id = p.id) > 1
       AND EXISTS (SELECT 1 FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id = p.id AND i.quantity = 0)
       AND EXISTS (SELECT 1 FROM variants v JOIN inventory i ON i.variant_id = v.id WHERE v.product_id = p.id AND i.quantity > 3)
     ORDER BY p.id LIMIT 1`,
  );
}

export function saleProduct() {
  return one<{ id: string; slug: string }>(
    "SELECT p.id, p.slug FROM products p JOIN prices pr ON pr.item_id = p.id AND pr.site_id = 'FR' WHERE pr.sale_amount IS NOT NULL AND pr.lowest_30d_amount IS NOT NULL ORDER BY p.id LIMIT 1",
  );
}

export const ADMIN_HEADERS = { authorization: 'Bearer test-admin-token', 'content-type': 'application/json', origin: ORIGIN };

/** A marketer's preview token for a site, from the admin API (optionally for one moment). */
export async function previewToken(siteId: string, options: { previewDateTime?: string; path?: string } = {}): Promise<string> {
  const { status, body } = await getJson<{ token: string }>('/admin/preview', {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({ siteId, ...options }),
  });
  if (status !== 201) throw new Error(`preview token: ${status} ${JSON.stringify(body)}`);
  return body.token;
}

/** A named admin token made with the bootstrap credential, and headers that use it. */
export async function namedAdmin(name: string, role: 'marketer' | 'operator' = 'marketer') {
  const { status, body } = await getJson<{ token: string; id: string }>('/admin/tokens', {
    method: 'POST',
    headers: ADMIN_HEADERS,
    body: JSON.stringify({ name, role }),
  });
  if (status !== 201) throw new Error(`admin token: ${status} ${JSON.stringify(body)}`);
  return { id: body.id, token: body.token, headers: { ...ADMIN_HEADERS, authorization: `Bearer ${body.token}` } };
}

/** A demo consumer's number, by their email. */
export async function consumerNoOf(email: string): Promise<string> {
  return (await one<{ consumer_no: string }>('SELECT consumer_no FROM consumers WHERE email = ?1', email)).consumer_no;
}

/**
 * Reads until `ready` accepts the answer, for what the store does after it has answered: email goes through the
 * mail queue, and an order's confirmation through the order-events queue first. Past the time, the last answer
 * (or the last error) is given to the test, whose assertion then says what was missing.
 */
export async function eventually<T>(read: () => Promise<T>, ready: (value: T) => boolean = Boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown;
    let value: T | undefined;
    try {
      value = await read();
      if (ready(value)) return value;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > until) {
      if (failure) throw failure;
      return value as T;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface OutboxEmail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string | null;
  attachments: string | null;
  message_id: string | null;
}

/** The emails sent to an address (of one kind, when named), oldest first, once `count` of them have arrived. */
export function emailsTo(recipient: string, kind?: string, count = 1): Promise<OutboxEmail[]> {
  return eventually(
    async () =>
      (
        await env.DB.prepare('SELECT * FROM outbox WHERE recipient = ?1 COLLATE NOCASE AND (?2 IS NULL OR kind = ?2) ORDER BY id')
          .bind(recipient, kind ?? null)
          .all<OutboxEmail>()
      ).results,
    (emails) => emails.length >= count,
  );
}

/** The newest email sent to an address (of one kind, when named), once one has arrived. */
export async function emailTo(recipient: string, kind?: string): Promise<OutboxEmail> {
  const emails = await emailsTo(recipient, kind);
  const email = emails.at(-1);
  if (!email) throw new Error(`No ${kind ?? ''} email to ${recipient} arrived`);
  return email;
}

/**
 * Waits until the mail queue has delivered everything queued before: a marker email is queued and its delivery
 * awaited, then any delivery still under way. For a test that says an email was NOT sent.
 */
export async function mailSettled(): Promise<void> {
  const id = `settled-${crypto.randomUUID()}`;
  await env.MAIL_QUEUE?.send({ type: 'mail', id, email: { kind: 'welcome', to: 'mail-settled@cairn.test', subject: 'settled', text: id } });
  await markerDone(`mail:${id}`);
  await env.DB.prepare('DELETE FROM outbox WHERE message_id = ?1').bind(id).run();
}

/**
 * Waits until both queues have done what was queued before (an order's events first: they queue email). Before a
 * worker's first file has migrated D1 there is nothing to wait for, nor any table to note deliveries in.
 */
export async function queuesSettled(): Promise<void> {
  if (!(await env.DB.prepare("SELECT 1 FROM sqlite_master WHERE name = 'queue_deliveries'").first())) return;
  const orderNumber = `settled-${crypto.randomUUID()}`;
  await env.ORDER_EVENTS?.send({ type: 'order.paid', orderNumber });
  await markerDone(`order.paid:${orderNumber}`);
  await mailSettled();
}

function markerDone(key: string): Promise<unknown> {
  return eventually(() =>
    env.DB.prepare(
      "SELECT (SELECT state FROM queue_deliveries WHERE key = ?1) = 'done' AND NOT EXISTS (SELECT 1 FROM queue_deliveries WHERE state = 'claimed') AS settled",
    )
      .bind(key)
      .first<number>('settled'),
  );
}
