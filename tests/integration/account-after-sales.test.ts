// After the sale (the account issue, §1 Orders; account-content §7 CancelOrder, returnLabel, invoice/download):
// cancelling some lines before shipping (stock back, the capture smaller), returning delivered lines with a
// reason (a PDF label, the refund when the warehouse receives them), the invoice as a PDF, the loyalty points
// an order earns and gives back, OHS4004 for anyone else's order, and OHS4030 when an account's order is
// asked for with a guest's proof.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cardToken, placeOrder, stockedVariant, US_ADDRESS } from './checkout-helpers.ts';
import { ADMIN_HEADERS, getJson, one, request } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;

const runFulfilment = async (minutesLater: number) => {
  const at = new Date(Date.now() + minutesLater * 60_000).toISOString();
  const answer = await getJson<Json>(`/admin/fulfilment/run?at=${encodeURIComponent(at)}`, { method: 'POST', headers: ADMIN_HEADERS });
  expect(answer.status).toBe(200);
  return answer.body.moved as Record<string, number>;
};
const deliverAll = async () => {
  await runFulfilment(3);
  await runFulfilment(14);
  await runFulfilment(80);
};

/** A card order of several lines for a jar's shopper. */
async function orderOf(jar: Jar, email: string, lines: { id: string; qty: number }[]): Promise<{ orderNumber: string; st: string; body: Json }> {
  const basketId = (await jar.api('POST', '/api/cart/v1/cart', {})).body.basketId as string;
  for (const line of lines) await jar.api('POST', '/api/cart/v1/item', { cartId: basketId, productId: line.id, qty: line.qty });
  await jar.api('POST', `/api/cart/v2/cart/${basketId}/shippingAddress`, [{ ...US_ADDRESS, email }]);
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/billingAddress`, { ...US_ADDRESS, email });
  const token = await cardToken('4242424242424242');
  await jar.api('POST', `/api/cart/v1/cart/${basketId}/paymentInstruments`, { payment_method_id: 'CREDIT_CARD', additionalDetails: { token } });
  const placed = await placeOrder(jar, basketId);
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { orderNumber: placed.body.orderNumber, st: placed.body.st, body: { order: placed.body } };
}

const _pointsOf = async (email: string) =>
  (await one<{ loyalty_points: number }>('SELECT loyalty_points FROM consumers WHERE email = ?1', email)).loyalty_points;

/** The text a PDF shows: its hex-encoded WinAnsi strings, in order. */
function pdfText(bytes: ArrayBuffer): string {
  const file = new TextDecoder('latin1').decode(bytes);
  return [...file.matchAll(/<([0-9a-f]+)> Tj/g)]
    .map((m) => (m[1]?.match(/../g) ?? []).map((h) => (h === '80' ? '€' : String.fromCharCode(Number.parseInt(h, 16)))).join(''))
    .join('\n');
}

// What cancelling some lines gives back (stock, the refund with its tax, points, the smaller capture) and the
// whole order going with its last lines are tested on the order service in order-cancel-rules.test.ts.
describe('cancelling some lines', () => {
  it('answers the order with the lines cancelled, and a wrong quantity or item at its field', async () => {
    const email = 'leo.loyalty@cairn.test';
    const jar = await signedInJar(email, '198.19.16.1');
    const [a, b] = [await stockedVariant(6, 60), await stockedVariant(6, 61)];
    const placed = await orderOf(jar, email, [
      { id: a.id, qty: 2 },
      { id: b.id, qty: 1 },
    ]);
    const lineA = placed.body.order.items.find((i: Json) => i.productId === a.id);
    const cancel = (items: { itemId: string; quantity: number }[]) =>
      jar.api('POST', '/api/consumers-v3/consumer/CancelOrder', { orderNumber: placed.orderNumber, items });
    const tooMany = await cancel([{ itemId: lineA.itemId, quantity: 3 }]);
    expect([tooMany.status, tooMany.body.errorId, tooMany.body.details?.[0]?.field]).toEqual([400, 'API400', 'items[0].quantity']);
    expect((await cancel([{ itemId: 'nope', quantity: 1 }])).body.details?.[0]).toMatchObject({ field: 'items[0].itemId' });
    const cancelled = await cancel([{ itemId: lineA.itemId, quantity: 1 }]);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'paid']);
    expect(cancelled.body.items.find((i: Json) => i.productId === a.id)).toMatchObject({ qty: 2, cancelledQty: 1 });
  });
});

// What a return may hold (delivered lines, a reason, units not already on their way, two labels at once,
// the 60-day window) and what receiving it gives back are tested on the service in order-return-rules.test.ts.
describe('returns', () => {
  it('makes a PDF label for delivered lines with a reason, and refunds them when the warehouse receives them', async () => {
    const email = 'leo.loyalty@cairn.test';
    const jar = await signedInJar(email, '198.19.16.3');
    const a = await stockedVariant(6, 63);
    const placed = await orderOf(jar, email, [{ id: a.id, qty: 2 }]);
    const line = placed.body.order.items.find((i: Json) => i.productId === a.id);
    const path = `/api/consumers-v3/consumer/return/${placed.orderNumber}/returnLabel`;
    await deliverAll();
    const created = await jar.api('POST', path, { items: [{ itemId: line.itemId, quantity: 1, reason: 'too_small' }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      returnId: expect.stringMatching(/^RA\d{8}$/),
      status: 'label_issued',
      carrier: 'UPS',
      trackingNumber: expect.stringMatching(/^UPSR\d{11}$/),
      items: [{ itemId: line.itemId, quantity: 1, reason: 'too_small' }],
      labelUrl: `/api/consumers-v3/consumer/return/${placed.orderNumber}/${created.body.returnId}/label`,
    });
    const label = await request(created.body.labelUrl, { headers: { cookie: jar.header } });
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(label.headers.get('cache-control')).toBe('private, no-store');
    const labelText = pdfText(await label.arrayBuffer());
    expect(labelText).toContain(`RMA ${created.body.returnId}`);
    expect(labelText).toContain(created.body.trackingNumber);
    expect(labelText).toContain('Cairn Returns Center');
    expect(labelText).toContain('Too small');
    const order = await jar.api('GET', `/api/consumers-v3/consumer/purchase/${placed.orderNumber}`);
    expect(order.body.returns).toHaveLength(1);
    // The return is its own entry in the history; the delivery (where the return window starts) stays the one.
    expect(order.body.statusHistory.filter((h: Json) => h.status === 'delivered')).toHaveLength(1);
    expect(order.body.statusHistory).toContainEqual(expect.objectContaining({ status: 'return_created', trackingNumber: created.body.trackingNumber }));
    expect(order.body.items.find((i: Json) => i.itemId === line.itemId)).toMatchObject({ returningQty: 1, returnedQty: 0 });

    const moved = await runFulfilment(3 * 24 * 60);
    expect(moved.returnReceived).toBeGreaterThanOrEqual(1);
    const after = await jar.api('GET', `/api/consumers-v3/consumer/purchase/${placed.orderNumber}`);
    expect(after.body.status).toBe('partly_returned');
    expect(after.body.returns[0]).toMatchObject({ status: 'refunded', refundAmount: expect.any(Number) });
    const refunded = after.body.returns[0].refundAmount as number;
    expect(refunded).toBeGreaterThan(0);

    // The invoice bills both units and shows the refund.
    const invoice = await request('/api/consumers-v3/consumer/purchase/invoice/download', {
      method: 'POST',
      headers: { cookie: jar.header, origin: 'https://store.test', 'content-type': 'application/json' },
      body: JSON.stringify({ orderNumber: placed.orderNumber }),
    });
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    const invoiceText = pdfText(await invoice.arrayBuffer());
    expect(invoiceText).toContain(`Order: ${placed.orderNumber}`);
    expect(invoiceText).toContain('Sales tax');
    expect(invoiceText).toContain('Refunded');
  });

  it('refuses what is not the shopper’s, and serves a guest with the confirmation link', async () => {
    const guest = new Jar();
    guest.address = '198.19.16.4';
    const a = await stockedVariant(6, 64);
    const placed = await orderOf(guest, 'guest.returner@example.com', [{ id: a.id, qty: 1 }]);
    await deliverAll();
    const itemId = placed.body.order.items.find((i: Json) => i.productId === a.id).itemId;
    const path = `/api/consumers-v3/consumer/return/${placed.orderNumber}/returnLabel`;
    const stranger = await signedInJar('ana@cairn.test', '198.19.16.5');
    const refused = await stranger.api('POST', path, { items: [{ itemId, quantity: 1, reason: 'damaged' }] });
    expect([refused.status, refused.body.errorId]).toEqual([404, 'OHS4004']);
    const wrongLink = await guest.api('POST', path, { items: [{ itemId, quantity: 1, reason: 'damaged' }], st: 'wrong' });
    expect(wrongLink.body.errorId).toBe('OHS4004');
    const byLink = await guest.api('POST', path, { items: [{ itemId, quantity: 1, reason: 'damaged' }], st: placed.st });
    expect(byLink.status).toBe(201);
    expect(byLink.body.labelUrl).toContain(`?st=${encodeURIComponent(placed.st)}`);
    expect((await request(byLink.body.labelUrl)).headers.get('content-type')).toBe('application/pdf');
    expect((await request(byLink.body.labelUrl.replace(/st=.*/, 'st=wrong'))).status).toBe(404);
  });
});

describe('a registered shopper’s order', () => {
  // Number and email (or the emailed link) are a guest's proof; an account's order needs its shopper signed in.
  it('gives its invoice, labels and returns to no one but that shopper, however the order is proven', async () => {
    const email = 'eve.employee@cairn.test';
    const owner = await signedInJar(email, '198.19.16.20');
    const a = await stockedVariant(6, 69);
    const placed = await orderOf(owner, email, [{ id: a.id, qty: 2 }]);
    await deliverAll();
    const itemId = placed.body.order.items.find((i: Json) => i.productId === a.id).itemId;
    const returnPath = `/api/consumers-v3/consumer/return/${placed.orderNumber}/returnLabel`;
    const items = [{ itemId, quantity: 1, reason: 'too_small' }];
    const guest = new Jar();
    guest.address = '198.19.16.21';
    const ana = await signedInJar('ana@cairn.test', '198.19.16.22');
    const refusals = [
      await guest.api('POST', returnPath, { items, email }),
      await guest.api('POST', returnPath, { items, st: placed.st }),
      await ana.api('POST', returnPath, { items, email }),
      await guest.api('POST', '/api/consumers-v3/consumer/purchase/invoice/download', { orderNumber: placed.orderNumber, email }),
      await guest.api('POST', '/api/consumers-v3/consumer/purchase/invoice/download', { orderNumber: placed.orderNumber, st: placed.st }),
    ];
    for (const refused of refusals) expect([refused.status, refused.body.errorId]).toEqual([403, 'OHS4030']);
    const returns = await env.DB.prepare('SELECT COUNT(*) AS n FROM order_returns WHERE order_number = ?1').bind(placed.orderNumber).first<{ n: number }>();
    expect(returns?.n).toBe(0);

    // Its shopper, signed in, returns a line; the label is theirs alone too.
    const created = await owner.api('POST', returnPath, { items });
    expect(created.status).toBe(201);
    const labelPath = created.body.labelUrl as string;
    expect((await request(labelPath, { headers: { cookie: owner.header } })).headers.get('content-type')).toBe('application/pdf');
    for (const proof of [`st=${encodeURIComponent(placed.st)}`, `email=${encodeURIComponent(email)}`]) {
      const label = await request(`${labelPath}?${proof}`, { headers: { 'cf-connecting-ip': guest.address } });
      expect([label.status, ((await label.json()) as Json).errorId]).toEqual([403, 'OHS4030']);
    }

    // The guest pages send the shopper to their account instead of opening the order.
    const lookup = await guest.post('/en-us/help/returns/how-to-return', { orderNumber: placed.orderNumber, email });
    expect(lookup.status).toBe(403);
    const lookupHtml = await lookup.text();
    expect(lookupHtml).not.toContain('name="st"');
    expect(lookupHtml).toContain(`href="/en-us/account/orders/${placed.orderNumber}"`);
    const byLink = await guest.get(`/en-us/help/returns/how-to-return?orderNo=${placed.orderNumber}&st=${encodeURIComponent(placed.st)}`);
    expect(byLink.response.status).toBe(403);
    expect(byLink.html).not.toContain('name="st"');
    const posted = await guest.post(`/en-us/help/returns/how-to-return?orderNo=${placed.orderNumber}`, {
      st: placed.st,
      [`qty:${itemId}`]: '1',
      [`reason:${itemId}`]: 'damaged',
    });
    expect(posted.status).toBe(403);
    // Tracking by number and email still answers, and its return link is the account's order page.
    const tracked = await guest.post('/en-us/help/track-order', { orderNumber: placed.orderNumber, email });
    expect(tracked.status).toBe(200);
    const trackedHtml = await tracked.text();
    expect(trackedHtml).not.toContain('how-to-return?orderNo=');
    expect(trackedHtml).toContain(`href="/en-us/account/orders/${placed.orderNumber}"`);
  });
});

describe('the invoice', () => {
  it('is refused for a cancelled order and for anyone else’s', async () => {
    const jar = await signedInJar('ana@cairn.test', '198.19.16.6');
    const a = await stockedVariant(6, 65);
    const placed = await orderOf(jar, 'ana@cairn.test', [{ id: a.id, qty: 1 }]);
    const other = await signedInJar('will.wranx@cairn.test', '198.19.16.7');
    const foreign = await other.api('POST', '/api/consumers-v3/consumer/purchase/invoice/download', { orderNumber: placed.orderNumber });
    expect([foreign.status, foreign.body.errorId]).toEqual([404, 'OHS4004']);
    await jar.api('POST', '/api/consumers-v3/consumer/CancelOrder', { orderNumber: placed.orderNumber });
    const cancelled = await jar.api('POST', '/api/consumers-v3/consumer/purchase/invoice/download', { orderNumber: placed.orderNumber });
    expect([cancelled.status, cancelled.body.errorId]).toEqual([400, 'API400']);
  });
});

describe('the pages', () => {
  it('cancel some items, return a delivered one and download the invoice as plain forms', async () => {
    const email = 'ian.ipa@cairn.test';
    const jar = await signedInJar(email, '198.19.16.8');
    const [a, b] = [await stockedVariant(6, 66), await stockedVariant(6, 67)];
    const placed = await orderOf(jar, email, [
      { id: a.id, qty: 2 },
      { id: b.id, qty: 1 },
    ]);
    const base = `/en-us/account/orders/${placed.orderNumber}`;
    const lineA = placed.body.order.items.find((i: Json) => i.productId === a.id);
    expect((await jar.get(base)).html).toContain('Cancel some items');
    const nothing = await jar.post(`${base}/cancel-items`, {});
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain('Choose at least one item to cancel.');
    const some = await jar.post(`${base}/cancel-items`, { [`qty:${lineA.itemId}`]: '1' });
    expect([some.status, some.headers.get('location')]).toEqual([303, `${base}?notice=itemsCancelled`]);
    expect((await jar.get(`${base}?notice=itemsCancelled`)).html).toContain('Those items are cancelled: they will not be charged.');

    await deliverAll();
    const { html } = await jar.get(base);
    expect(html).toContain(`href="${base}/return"`);
    expect(html).toContain(`href="${base}/invoice"`);
    const form = await jar.get(`${base}/return`);
    expect(form.response.status).toBe(200);
    expect(form.html).toContain(`name="qty:${lineA.itemId}"`);
    expect(form.html).toContain('Too small');
    const none = await jar.post(`${base}/return`, { [`qty:${lineA.itemId}`]: '0', [`reason:${lineA.itemId}`]: 'too_big' });
    expect(none.status).toBe(400);
    const made = await jar.post(`${base}/return`, { [`qty:${lineA.itemId}`]: '1', [`reason:${lineA.itemId}`]: 'too_big' });
    expect(made.status).toBe(303);
    const returnId = /return=(RA\d{8})/.exec(made.headers.get('location') ?? '')?.[1] as string;
    const after = (await jar.get(made.headers.get('location') as string)).html;
    expect(after).toContain(`Your return ${returnId} is ready.`);
    expect(after).toContain(`/api/consumers-v3/consumer/return/${placed.orderNumber}/${returnId}/label`);
    expect(after).toContain('Label ready, on its way back');
    const invoice = await request(`${base}/invoice`, { headers: { cookie: jar.header } });
    expect([invoice.status, invoice.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const text = pdfText(await invoice.arrayBuffer());
    // One of the two units was cancelled before shipping: the invoice bills one.
    expect(text).toMatch(new RegExp(`${lineA.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[^\\n]*\\n1\\n`));
  });

  it('let a guest return from the how-to-return page with the order number and email', async () => {
    const guest = new Jar();
    guest.address = '198.19.16.9';
    const a = await stockedVariant(6, 68);
    const placed = await orderOf(guest, 'guest.page@example.com', [{ id: a.id, qty: 1 }]);
    const page = await guest.get('/en-us/help/returns/how-to-return');
    expect(page.response.status).toBe(200);
    expect(page.html).toContain('Returns are free within 60 days of delivery.');
    const early = await guest.post('/en-us/help/returns/how-to-return', { orderNumber: placed.orderNumber, email: 'guest.page@example.com' });
    expect(early.status).toBe(200);
    expect(await early.text()).toContain('Only a delivered order can be returned.');
    await deliverAll();
    const wrong = await guest.post('/en-us/help/returns/how-to-return', { orderNumber: placed.orderNumber, email: 'nobody@example.com' });
    expect(wrong.status).toBe(404);
    const found = await guest.post('/en-us/help/returns/how-to-return', { orderNumber: placed.orderNumber, email: 'guest.page@example.com' });
    expect(found.headers.get('cache-control')).toBe('private, no-store');
    const foundHtml = await found.text();
    const st = /name="st" value="([^"]+)"/.exec(foundHtml)?.[1] as string;
    expect(st).toBeTruthy();
    const itemId = placed.body.order.items.find((i: Json) => i.productId === a.id).itemId;
    const made = await guest.post(`/en-us/help/returns/how-to-return?orderNo=${placed.orderNumber}`, {
      st,
      [`qty:${itemId}`]: '1',
      [`reason:${itemId}`]: 'damaged',
    });
    const madeHtml = await made.text();
    expect(madeHtml).toMatch(/Your return RA\d{8} is ready\./);
    const labelPath = /href="(\/api\/consumers-v3\/consumer\/return\/[^"]+)"/.exec(madeHtml)?.[1]?.replaceAll('&amp;', '&') as string;
    expect((await request(labelPath)).headers.get('content-type')).toBe('application/pdf');
    // The track page offers the same return once delivered.
    const tracked = await guest.post('/en-us/help/track-order', { orderNumber: placed.orderNumber, email: 'guest.page@example.com' });
    expect(await tracked.text()).toContain('/en-us/help/returns/how-to-return?orderNo=');
  });
});

describe('a fulfilment run for one order', () => {
  it('moves that order on and leaves the others where they are; an order number it cannot be is API400', async () => {
    const variant = await stockedVariant(4);
    const first = await orderOf(new Jar(), 'one.order@example.com', [{ id: variant.id, qty: 1 }]);
    const second = await orderOf(new Jar(), 'other.order@example.com', [{ id: variant.id, qty: 1 }]);
    const at = encodeURIComponent(new Date(Date.now() + 3 * 60_000).toISOString());
    const run = await getJson<Json>(`/admin/fulfilment/run?at=${at}&order=${first.orderNumber}`, { method: 'POST', headers: ADMIN_HEADERS });
    expect([run.status, run.body.moved]).toEqual([200, { processing: 1 }]);
    const statusOf = (orderNumber: string) => one<{ status: string }>('SELECT status FROM orders WHERE order_number = ?1', orderNumber);
    expect([(await statusOf(first.orderNumber)).status, (await statusOf(second.orderNumber)).status]).toEqual(['processing', 'paid']);
    const refused = await getJson<Json>(`/admin/fulfilment/run?order=${encodeURIComponent("CR1' OR 1=1")}`, { method: 'POST', headers: ADMIN_HEADERS });
    expect([refused.status, refused.body.errorId]).toEqual([400, 'API400']);
  });
});
