// Event registration (the account issue, §2; account-content §3, §4, §5, §6): a registration per shopper and
// event with the §3 payload, its rules (account email, the event's days, a named guest, the terms), the
// capacity from the event's content never overfilled by registrations at the same moment, the confirmation
// email with its calendar file, and the page: a sign-in step for a guest, the form, the confirmation.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Registration } from '../../src/worker/commerce/events/registration.ts';
import { EVENT, registration } from './event-helpers.ts';
import { emailTo, one } from './helpers.ts';
import { Jar, signedInJar } from './jar.ts';

const PATH = '/api/consumers-v3/consumer/event-registration';
/** The API takes what the service does, and wrong values too (a test sends them). */
const payload = (email: string, extra: Record<string, unknown> = {}) => registration(email, extra as Partial<Registration>);

/** The event's capacity in its seeded content, as the last setCapacity left it. */
let capacity = 150;

/** A marketer changing the event's capacity in its content. */
async function setCapacity(to: number): Promise<void> {
  await env.DB.prepare(
    `UPDATE content_versions SET body = replace(body, '"capacity":${capacity}', '"capacity":${to}')
     WHERE document_id IN (SELECT id FROM content_documents WHERE site_id = 'US' AND locale = 'en-us' AND kind = 'page' AND key = 'events/trail-day')`,
  ).run();
  capacity = to;
}

describe('the event registration call', () => {
  it('registers a signed-in shopper once, by the rules, and emails the calendar file', async () => {
    expect((await new Jar().api('POST', PATH, payload('x@example.com'))).body.errorId).toBe('AUT401');
    const ana = await signedInJar('ana@cairn.test', '198.19.20.1');
    const refusals: [Record<string, unknown>, string][] = [
      [{ email: 'other@example.com' }, 'email'],
      [{ plusOne: 'R2-D2 ☺' }, 'plusOne'],
      [{ attendingDays: '2027-06-01' }, 'attendingDays'],
      [{ eventTermsAccepted: false }, 'eventTermsAccepted'],
    ];
    for (const [extra, field] of refusals) {
      const refused = await ana.api('POST', PATH, payload('ana@cairn.test', extra));
      expect([field, refused.status, refused.body.details?.[0]?.field]).toEqual([field, 400, field]);
    }
    expect((await ana.api('POST', PATH, payload('ana@cairn.test', { eventId: 'no-such-event' }))).status).toBe(404);

    const made = await ana.api('POST', PATH, payload('ana@cairn.test', { plusOne: 'Bruno Lima', attendingDays: '2027-05-16' }));
    expect(made.status).toBe(201);
    expect(made.body.registration).toMatchObject({ eventId: EVENT, email: 'ana@cairn.test', attendingDays: ['2027-05-16'], plusOne: 'Bruno Lima' });
    expect(await one("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'event.register'")).toEqual({ n: 1 });
    const again = await ana.api('POST', PATH, payload('ana@cairn.test'));
    expect([again.status, again.body.registration.registrationId]).toEqual([200, made.body.registration.registrationId]);
    const mail = await emailTo('ana@cairn.test', 'event-registration');
    const [file] = JSON.parse(mail.attachments ?? '[]') as { filename: string; contentType: string; content: string }[];
    expect(file).toMatchObject({ filename: `${EVENT}.ics`, contentType: 'text/calendar' });
    const ics = atob(file?.content ?? '');
    expect(ics).toContain('DTSTART;VALUE=DATE:20270516');
    expect(ics).toContain('LOCATION:Boulder\\, Colorado');
  });

  // The capacity under registrations at the same moment is tested on the service (event-registration-rules.test.ts).
  it('answers a full event 409 with the reason', async () => {
    const taken = await one<{ n: number }>('SELECT COALESCE(SUM(seats), 0) AS n FROM event_registrations WHERE event_id = ?1', EVENT);
    await setCapacity(taken.n);
    const leo = await signedInJar('leo.loyalty@cairn.test', '198.19.20.10');
    const full = await leo.api('POST', PATH, payload('leo.loyalty@cairn.test'));
    expect([full.status, full.body.errorId, full.body.message]).toEqual([409, 'API409', 'This event is full.']);
  });
});

describe('the registration page', () => {
  it('asks a guest to sign in, shows a shopper the form, and confirms with the calendar file', async () => {
    await setCapacity(150);
    const event = await new Jar().get('/en-us/events/trail-day');
    expect(event.html).toContain(`href="/en-us/event-registration/${EVENT}">Register</a>`);
    const guest = await new Jar().get(`/en-us/event-registration/${EVENT}`);
    expect(guest.response.status).toBe(200);
    expect(guest.html).toContain('Sign in to register');
    expect(guest.response.headers.get('cache-control')).toBe('private, no-store');

    const jar = await signedInJar('ada.athlete@cairn.test', '198.19.20.20');
    await env.DB.prepare("DELETE FROM event_registrations WHERE email = 'ada.athlete@cairn.test'").run();
    const form = await jar.get(`/en-us/event-registration/${EVENT}`);
    expect(form.html).toMatch(/id="event-email"[^>]*readOnly=""|readOnly=""[^>]*id="event-email"/);
    expect(form.html).toContain('value="ada.athlete@cairn.test"');
    expect(form.html).toContain('name="attendingDays" checked="" value="2027-05-15"');
    expect(form.html).toContain('name="plusOne"');
    const noTerms = await jar.post(`/en-us/event-registration/${EVENT}`, { firstName: 'Ada', lastName: 'Stone', attendingDays: '2027-05-15' });
    expect(noTerms.status).toBe(400);
    expect(await noTerms.text()).toContain('Accept the event terms to register.');
    const done = await jar.post(`/en-us/event-registration/${EVENT}`, {
      firstName: 'Ada',
      lastName: 'Stone',
      attendingDays: '2027-05-15',
      eventTermsAccepted: 'on',
    });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain(`href="/en-us/event-registration/${EVENT}/calendar.ics"`);
    expect(doneHtml).toContain('href="/en-us/events/trail-day">Close</a>');
    const ics = await jar.get(`/en-us/event-registration/${EVENT}/calendar.ics`);
    expect(ics.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.html).toContain('DTEND;VALUE=DATE:20270516');
  });
});
