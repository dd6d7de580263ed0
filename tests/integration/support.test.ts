// Contact and warranty (the store services issue, §3): the categories and subjects, a message through the
// API and the page (bot check, validation, case number in the answer and the outbox email), a signed-in
// shopper's warranty claim with photos stored without their metadata, their cases in the account, and the
// operators' list under /admin.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CONTACT_ACKNOWLEDGEMENTS } from '../../src/shared/commerce/commerce-config.ts';
import { orderByCard } from './checkout-helpers.ts';
import { fulfilmentAt } from './checkout-services.ts';
import { ADMIN_HEADERS, emailTo, getJson, mailSettled, ORIGIN, one, request } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

type Json = Record<string, any>;
const CASE = /CS-\d{8}-[A-Z0-9]{5}/;

const message = (extra: Record<string, unknown> = {}) => ({
  category: 'orders',
  subject: 'where-is-my-order',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana.contact@example.com',
  orderNumber: 'CR123456789',
  message: 'My order has not arrived yet, could you check where it is?',
  ...extra,
});

describe('the contact API', () => {
  it('lists categories and subjects in the reader’s language', async () => {
    const fr = await getJson<Json>('/api/contactus/categorySubject?locale=fr-fr');
    expect(fr.body.categories[0]).toMatchObject({ id: 'orders', label: 'Ma commande' });
    expect(fr.body.categories[0].subjects[0]).toEqual({ id: 'where-is-my-order', label: 'Où est ma commande ?' });
  });

  it('files a message as a case, answers its number and emails it; refuses a subject of another category', async () => {
    const jar = new Jar();
    const refused = await jar.api('POST', '/api/contactus', message({ subject: 'sizing' }));
    expect([refused.status, refused.body.details[0].field]).toEqual([400, 'subject']);
    expect((await jar.api('POST', '/api/contactus', message({ orderNumber: '12345' }))).body.details[0].field).toBe('orderNumber');
    const sent = await jar.api('POST', '/api/contactus', message());
    expect(sent.status).toBe(201);
    expect(sent.body.caseNumber).toMatch(CASE);
    const row = await one<Json>('SELECT kind, category, subject, order_number, status FROM support_cases WHERE case_number = ?1', sent.body.caseNumber);
    expect(row).toEqual({ kind: 'contact', category: 'orders', subject: 'where-is-my-order', order_number: 'CR123456789', status: 'open' });
    const mail = await emailTo('ana.contact@example.com', 'support-case');
    expect(mail.subject).toContain(sent.body.caseNumber);
    expect(mail.text).toContain('Where is my order?');
  });
});

describe('the acknowledgement of a message', () => {
  // Anyone can type any address: the store must not become a way to mail someone else's words to it.
  it('carries none of the sender’s own text to the address they typed', async () => {
    const jar = new Jar();
    const lure = 'Your Cairn account is locked. Verify your card at https://cairn-support.example/login today.';
    const sent = await jar.api('POST', '/api/contactus', message({ email: 'victim.one@example.com', firstName: 'Visit cairn-support.example', message: lure }));
    expect(sent.status).toBe(201);
    const page = await jar.post('/en-us/help/contact-us', {
      topic: 'products/sizing',
      firstName: 'Visit cairn-support.example',
      lastName: 'Now',
      email: 'victim.two@example.com',
      message: lure,
    });
    expect(page.status).toBe(200);
    for (const recipient of ['victim.one@example.com', 'victim.two@example.com']) {
      const mail = await emailTo(recipient);
      expect(mail.text).toMatch(CASE);
      expect(mail.text).not.toContain('cairn-support.example');
      expect(mail.text).not.toContain('Verify your card');
    }
    // The store keeps the message with the case, for whoever answers it.
    expect(await one('SELECT message FROM support_cases WHERE case_number = ?1', sent.body.caseNumber)).toEqual({ message: lure });
  });

  it('goes to one address a limited number of times; the cases are still filed', async () => {
    const jar = new Jar();
    const cases: string[] = [];
    for (let i = 0; i < CONTACT_ACKNOWLEDGEMENTS.perRecipient + 3; i += 1) {
      const sent = await jar.api('POST', '/api/contactus', message({ email: 'Flooded@Example.com', message: `Message number ${i}, please answer.` }));
      expect(sent.status).toBe(201);
      cases.push(sent.body.caseNumber);
    }
    await mailSettled();
    const mails = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'support-case' AND recipient = 'flooded@example.com' COLLATE NOCASE",
    ).first<{
      n: number;
    }>();
    expect(mails?.n).toBe(CONTACT_ACKNOWLEDGEMENTS.perRecipient);
    const filed = await env.DB.prepare("SELECT COUNT(*) AS n FROM support_cases WHERE email = 'Flooded@Example.com' COLLATE NOCASE").first<{ n: number }>();
    expect(filed?.n).toBe(cases.length);
  });
});

describe('the contact page', () => {
  it('answers errors at the field, then shows the case number', async () => {
    const page = await (await request('/en-us/help/contact-us')).text();
    expect(page).toContain('<optgroup label="My order">');
    expect(page).toContain('Faster by phone?');
    const jar = new Jar();
    const refused = await jar.post('/en-us/help/contact-us', { topic: '', firstName: 'Ana', lastName: 'Lima', email: 'nope', message: 'Hi' });
    const refusedHtml = await refused.text();
    expect(refused.status).toBe(400);
    expect(refusedHtml).toContain('id="contact-subject-error"');
    expect(refusedHtml).toContain('id="contact-email-error"');
    expect(refusedHtml).toContain('id="contact-message-error"');
    const sent = await jar.post('/en-us/help/contact-us', {
      topic: 'products/sizing',
      firstName: 'Ana',
      lastName: 'Lima',
      email: 'ana.sizing@example.com',
      message: 'Do the Summit boots run large? I am usually a 9.',
    });
    const html = await sent.text();
    expect(sent.status).toBe(200);
    const caseNumber = CASE.exec(html)?.[0];
    expect(caseNumber).toBeTruthy();
    expect(sent.headers.get('cache-control')).toBe('private, no-store');
    expect((await emailTo('ana.sizing@example.com')).subject).toBe(`We received your message (${caseNumber})`);
  });
});

describe('a warranty claim', () => {
  function photo(): Uint8Array<ArrayBuffer> {
    const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
    const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
    return new Uint8Array([
      0xff,
      0xd8,
      ...segment(0xe1, [...text('Exif\0\0'), ...text('GPSLatitude 51.5 N')]),
      ...segment(0xda, [1, 1, 0, 0, 63, 0]),
      0xff,
      0xd9,
    ]);
  }

  it('is made by a signed-in shopper on one of their items, with photos without their location, and listed in the account', async () => {
    expect((await new Jar().api('POST', '/api/consumers-v3/consumer/warranty', { productId: 'ABCDEF', description: 'x'.repeat(30) })).body.errorId).toBe(
      'AUT401',
    );
    const ian = await signedInJar('ian.ipa@cairn.test', '198.19.60.1');
    const { orderNumber } = await orderByCard(ian, 'ian.ipa@cairn.test', 13);
    // A claim is about an item that reached the shopper: the order ships first.
    for (const minutes of [3, 14]) await fulfilmentAt(minutes, orderNumber);
    // Someone else's order line is not the shopper's to claim on.
    const other = await ian.api('POST', '/api/consumers-v3/consumer/warranty', {
      orderLine: 'CR000000001:1',
      description: 'The sole came off after two weeks of walking.',
    });
    expect([other.status, other.body.errorId]).toEqual([404, 'ORD409']);
    const data = new FormData();
    data.set(
      'claim',
      JSON.stringify({ orderLine: `${orderNumber}:1`, description: 'The sole came off after two weeks of walking.', purchaseDate: '2026-11-01' }),
    );
    data.append('photos', new File([photo()], 'sole.jpg', { type: 'image/jpeg' }));
    const made = await request('/api/consumers-v3/consumer/warranty', {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: ian.header, 'cf-connecting-ip': ian.address },
      body: data,
    });
    const body = (await made.json()) as Json;
    expect(made.status).toBe(201);
    expect(body.caseNumber).toMatch(CASE);
    const stored = await env.MEDIA.get(`warranty/${body.caseNumber}/1.jpg`);
    expect(new TextDecoder('latin1').decode(await (stored as R2ObjectBody).arrayBuffer())).not.toContain('GPSLatitude');

    const cases = (await ian.api('GET', '/api/consumers-v3/consumer/cases')).body.cases as Json[];
    expect(cases[0]).toMatchObject({ caseNumber: body.caseNumber, kind: 'warranty', orderNumber, photos: 1, status: 'open' });
    // Once it has arrived, the item is offered in the account's claim form.
    for (const minutes of [3, 14, 80]) {
      const at = new Date(Date.now() + minutes * 60_000).toISOString();
      await getJson(`/admin/fulfilment/run?at=${encodeURIComponent(at)}`, { method: 'POST', headers: ADMIN_HEADERS });
    }
    const page = await ian.get('/en-us/account/support');
    expect(page.html).toContain(`Case ${body.caseNumber}`);
    expect(page.html).toContain(`value="${orderNumber}:1"`);

    const listed = (await getJson<Json>('/admin/cases?kind=warranty', { headers: ADMIN_HEADERS })).body.cases as Json[];
    const mine = listed.find((c) => c.caseNumber === body.caseNumber);
    expect(mine?.photos).toEqual([`/admin/media/warranty/${body.caseNumber}/1.jpg`]);
    expect((await request(mine?.photos[0], { headers: ADMIN_HEADERS })).status).toBe(200);
    // Not public.
    expect((await request(`/media/warranty/${body.caseNumber}/1.jpg`)).status).toBe(404);
  });

  it('from the account page, by product id, comes back with the case number', async () => {
    const ian = await signedInJar('ian.ipa@cairn.test', '198.19.60.2');
    const style = await one<{ id: string }>("SELECT id FROM styles WHERE size_system = 'shoe' AND is_digital = 0 ORDER BY id LIMIT 1");
    const refused = await ian.post('/en-us/account/support/warranty', { orderLine: '', productId: 'NOPE', description: 'Broken.' });
    expect(refused.status).toBe(400);
    const sent = await ian.post('/en-us/account/support/warranty', {
      orderLine: '',
      productId: style.id,
      description: 'The eyelet tore out of the leather on the left boot.',
    });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('location') ?? '';
    expect(location).toMatch(/^\/en-us\/account\/support\?sent=CS-/);
    expect((await ian.get(location)).html).toContain('Claim received');
  });
});
