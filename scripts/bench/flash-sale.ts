// Bench: a flash sale. 2,000 buyers, each with a basket of their own, add the one size on sale at once for its
// 50 units; the 50 who got one check out. Exactly 50 orders, every other buyer a coded sold-out answer (409
// INV700), and afterwards D1's paid orders and the sale's committed units agree. Then the sold-out answer's
// throughput, late buyers adding again, against the trivial route in interleaved pairs.

import { ADDRESS as BENCH_ADDRESS } from './checkout.ts';
import { type PairedShare, pairedShare } from './load.ts';
import { BENCH_PUBLISHABLE_KEY, type BenchServer } from './server.ts';
import type { Target } from './targets.ts';

export const FLASH_BUYERS = Number(process.env.BENCH_FLASH_BUYERS ?? 2000);
export const FLASH_UNITS = 50;
const SHARDS = 4;
const ADDRESS = { ...BENCH_ADDRESS, firstName: 'Flash', lastName: 'Buyer', email: 'flash@example.com' };

interface Buyer {
  cookie: string;
  basketId: string;
}

export interface FlashSaleReport {
  buyers: number;
  units: number;
  shards: number;
  /** Wall time from the first add to the last answer, the 2,000 at once. */
  rushSeconds: number;
  added: number;
  soldOut: number;
  /** Answers that were neither: none expected. */
  other: Record<string, number>;
  ordersPlaced: number;
  orderRefusals: Record<string, number>;
  /** D1's paid orders of the size, and the sale's units sold (committed) and still held after. */
  paidOrdersInD1: number;
  committedUnits: number;
  heldAfter: number;
  /** The sold-out answer (a late buyer adding again) over the trivial route, interleaved pairs at c16. */
  soldOutShare: PairedShare;
}

async function call(origin: string, method: string, path: string, cookie: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, origin), {
    method,
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function newBuyer(origin: string): Promise<Buyer> {
  const created = await call(origin, 'POST', '/api/cart/v1/cart', '', {});
  if (created.status !== 201) throw new Error(`creating a cart answered ${created.status}`);
  const cookie = created.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, basketId: ((await created.json()) as { basketId: string }).basketId };
}

/** The size on sale: its D1 stock raised well above the sale, so the sale's shards are what decide. */
async function declareSale(server: BenchServer): Promise<string> {
  const variant = await server.db
    .prepare(
      "SELECT v.id FROM variants v JOIN prices pr ON pr.item_id = v.product_id AND pr.site_id = 'US' JOIN products p ON p.id = v.product_id JOIN styles s ON s.id = p.style_id WHERE s.is_digital = 0 AND s.max_qty IS NULL AND s.is_presale = 0 AND s.is_robis_only = 0 AND s.target_publish_date IS NULL ORDER BY v.id LIMIT 1 OFFSET 11",
    )
    .first<{ id: string }>();
  if (!variant) throw new Error('no priced variant to put on sale');
  await server.db.prepare('UPDATE inventory SET quantity = 1000 WHERE variant_id = ?1').bind(variant.id).run();
  const declared = await fetch(new URL(`/admin/flash-sales/${variant.id}`, server.origin), {
    method: 'PUT',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ units: FLASH_UNITS, shards: SHARDS, holdMinutes: 10 }),
  });
  if (declared.status !== 200) throw new Error(`declaring the sale answered ${declared.status}: ${await declared.text()}`);
  return variant.id;
}

async function inBatches<T, R>(items: readonly T[], size: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(each))));
  return results;
}

/** A winner's checkout: delivery and billing addresses, a good card, the review, the order. Answers its status and code. */
async function checkOut(server: BenchServer, buyer: Buyer, token: string): Promise<string> {
  const steps: [string, string, unknown][] = [
    ['POST', `/api/cart/v2/cart/${buyer.basketId}/shippingAddress`, [ADDRESS]],
    ['POST', `/api/cart/v1/cart/${buyer.basketId}/billingAddress`, ADDRESS],
    ['POST', `/api/cart/v1/cart/${buyer.basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token } }],
    ['POST', `/api/cart/v1/cart/prepareOrder?basketId=${buyer.basketId}`, {}],
  ];
  for (const [method, path, body] of steps) {
    const answer = await call(server.origin, method, path, buyer.cookie, body);
    if (!answer.ok) return `${path.split('?')[0]?.split('/').pop()} ${answer.status}`;
  }
  const placed = await call(server.origin, 'PUT', '/api/cart/v2/checkout/order', buyer.cookie, { cartId: buyer.basketId });
  const body = (await placed.json()) as { errorId?: string; status?: string };
  return placed.ok ? 'placed' : `${placed.status} ${body.errorId}`;
}

async function cardToken(server: BenchServer): Promise<string> {
  const answer = await server.sandbox('/v1/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_PUBLISHABLE_KEY}` },
    body: JSON.stringify({ number: '4242424242424242', expiry: '12/34', cvc: '123' }),
  });
  if (answer.status !== 201) throw new Error(`the sandbox's token call answered ${answer.status}`);
  return ((await answer.json()) as { id: string }).id;
}

function tally(answers: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

/** The whole row: the rush, the winners' orders, the counts after, and the sold-out answer's share of the trivial route. */
export async function flashSaleRow(server: BenchServer, baseline: Target, pairs: number, say: (message: string) => void): Promise<FlashSaleReport> {
  const variantId = await declareSale(server);
  const buyers = await inBatches(Array.from({ length: FLASH_BUYERS }), 32, () => newBuyer(server.origin));
  say(`  flash sale: ${FLASH_UNITS} units of ${variantId} on ${SHARDS} shards, ${buyers.length} buyers with a basket each`);
  const started = performance.now();
  const adds = await Promise.all(
    buyers.map(async (buyer) => {
      const answer = await call(server.origin, 'POST', '/api/cart/v1/item', buyer.cookie, { cartId: buyer.basketId, productId: variantId, qty: 1 });
      const body = (await answer.json()) as { errorId?: string };
      return answer.ok ? 'added' : `${answer.status} ${body.errorId}`;
    }),
  );
  const rushSeconds = (performance.now() - started) / 1000;
  const counts = tally(adds);
  const winners = buyers.filter((_, i) => adds[i] === 'added');
  say(`  flash sale: the rush took ${rushSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
  const token = await cardToken(server);
  const outcomes = tally(await Promise.all(winners.map((buyer) => checkOut(server, buyer, token))));
  const paid = await server.db
    .prepare(
      "SELECT COUNT(DISTINCT o.order_number) AS n FROM orders o JOIN order_lines l ON l.order_number = o.order_number WHERE l.variant_id = ?1 AND o.status = 'paid'",
    )
    .bind(variantId)
    .first<{ n: number }>();
  const status = (await (
    await fetch(new URL(`/admin/flash-sales/${variantId}`, server.origin), { headers: { authorization: `Bearer ${server.adminToken}` } })
  ).json()) as { sold: number; held: number };
  say(`  flash sale: orders ${JSON.stringify(outcomes)}; D1 paid orders ${paid?.n}, units sold ${status.sold}, held ${status.held}`);
  const losers = buyers.filter((_, i) => adds[i] !== 'added');
  let next = 0;
  const soldOut: Target = {
    kind: 'flash-sold-out',
    path: '/api/cart/v1/item',
    note: 'a late buyer adding the sold-out size again',
    method: 'POST',
    next: () => {
      const buyer = losers[next++ % losers.length] as Buyer;
      return {
        body: JSON.stringify({ cartId: buyer.basketId, productId: variantId, qty: 1 }),
        headers: { cookie: buyer.cookie, 'content-type': 'application/json', origin: server.origin },
      };
    },
  };
  const soldOutShare = await pairedShare({ origin: server.origin, target: baseline }, { origin: server.origin, target: soldOut }, 16, 2, pairs);
  say(`  flash sale: sold-out answers over the trivial route, ${pairs} pairs at c16: ${soldOutShare.shares.map((s) => s.toFixed(3)).join(', ')}`);
  return {
    buyers: buyers.length,
    units: FLASH_UNITS,
    shards: SHARDS,
    rushSeconds: Number(rushSeconds.toFixed(2)),
    added: counts.added ?? 0,
    soldOut: counts['409 INV700'] ?? 0,
    other: Object.fromEntries(Object.entries(counts).filter(([k]) => k !== 'added' && k !== '409 INV700')),
    ordersPlaced: outcomes.placed ?? 0,
    orderRefusals: Object.fromEntries(Object.entries(outcomes).filter(([k]) => k !== 'placed')),
    paidOrdersInD1: paid?.n ?? 0,
    committedUnits: status.sold,
    heldAfter: status.held,
    soldOutShare,
  };
}

/** The row's budgets: exact counts, nothing lost or doubled, and sold-out answers at 0.3 of the trivial route or more. */
export function flashSaleBudgets(report: FlashSaleReport) {
  const others = report.buyers - report.units;
  return [
    { name: 'flash sale: orders placed', actual: String(report.ordersPlaced), limit: `= ${report.units}`, pass: report.ordersPlaced === report.units },
    { name: 'flash sale: sold-out answers (409 INV700)', actual: String(report.soldOut), limit: `= ${others}`, pass: report.soldOut === others },
    {
      name: 'flash sale: D1 paid orders = units sold',
      actual: `${report.paidOrdersInD1} / ${report.committedUnits}`,
      limit: `${report.units} / ${report.units}`,
      pass: report.paidOrdersInD1 === report.units && report.committedUnits === report.units && report.heldAfter === 0,
    },
    {
      name: 'flash sale: sold-out answers / baseline (c16, median of pairs)',
      actual: report.soldOutShare.median.toFixed(2),
      limit: '>= 0.30',
      pass: report.soldOutShare.median >= 0.3,
    },
  ];
}
