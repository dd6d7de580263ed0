// Event registration's rules as the events service keeps them (account-content §3, §4), called without HTTP
// against the real D1: the account's own email, the event's days, a guest only where the event takes one,
// one registration per shopper, and the capacity never overfilled by registrations at the same moment.
// What the API and the page answer for each is event-registration.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE } from '../../src/shared/locale/sites.ts';
import { type EventInfo, findEvent, register } from '../../src/worker/commerce/events/registration.ts';
import { EVENT, registration } from './event-helpers.ts';

async function consumer(email: string): Promise<{ consumerNo: string; email: string; siteId: string }> {
  const row = await env.DB.prepare('SELECT consumer_no, email, site_id FROM consumers WHERE email = ?1').bind(email).first<Record<string, string>>();
  if (!row) throw new Error(`no consumer ${email}`);
  return { consumerNo: row.consumer_no as string, email: row.email as string, siteId: row.site_id as string };
}

/** The event as its content has it, with the capacity a marketer would set. */
async function event(capacity?: number): Promise<EventInfo> {
  const found = await findEvent(env.DB, DEFAULT_LOCALE, EVENT);
  if (!found) throw new Error(`no event ${EVENT}`);
  return capacity === undefined ? found : { ...found, block: { ...found.block, capacity } };
}

/** The error a registration is refused with, as code, field and message; or 'registered'. */
async function refusal(...args: Parameters<typeof register>): Promise<unknown> {
  try {
    await register(...args);
    return 'registered';
  } catch (error) {
    const refused = error as { code?: string; message: string; details?: { field: string }[] };
    return [refused.code, refused.details?.[0]?.field ?? null, refused.message];
  }
}

describe('a registration for an event', () => {
  it('takes the account’s own email and the event’s days, and a guest where the event takes one', async () => {
    const ana = await consumer('ana@cairn.test');
    const trailDay = await event();
    expect(await refusal(env.DB, trailDay, ana, registration('other@example.com'))).toEqual(['API400', 'email', 'Register with your account’s email address.']);
    expect(await refusal(env.DB, trailDay, ana, registration(ana.email, { attendingDays: '2027-06-01' }))).toEqual([
      'API400',
      'attendingDays',
      'Choose the days you will attend.',
    ]);
    const noGuests = { ...trailDay, block: { ...trailDay.block, enablePlusOne: false } };
    expect(await refusal(env.DB, noGuests, ana, registration(ana.email, { plusOne: 'Bruno Lima' }))).toEqual([
      'API400',
      'plusOne',
      'This event does not take a guest.',
    ]);
    const closed = { ...trailDay, block: { ...trailDay.block, capacity: 0 } };
    expect(await refusal(env.DB, closed, ana, registration(ana.email))).toEqual(['API409', null, 'Registration for this event is not open.']);

    const made = await register(
      env.DB,
      trailDay,
      { ...ana, email: ana.email.toUpperCase() },
      registration(ana.email, { plusOne: 'Bruno Lima', attendingDays: '2027-05-16' }),
    );
    expect(made.created).toBe(true);
    expect(made.registration).toMatchObject({ attendingDays: ['2027-05-16'], plusOne: 'Bruno Lima' });
    // A second registration answers the first, whatever it asks.
    const again = await register(env.DB, trailDay, ana, registration(ana.email));
    expect([again.created, again.registration.registrationId]).toEqual([false, made.registration.registrationId]);
  });

  it('never fills an event past its capacity when 5 register at the same moment', async () => {
    const emails = ['leo.loyalty@cairn.test', 'ada.athlete@cairn.test', 'eve.employee@cairn.test', 'will.wranx@cairn.test', 'ian.ipa@cairn.test'];
    const shoppers = await Promise.all(emails.map(consumer));
    const taken = await env.DB.prepare('SELECT COALESCE(SUM(seats), 0) AS n FROM event_registrations WHERE event_id = ?1').bind(EVENT).first<{ n: number }>();
    const full = await event((taken?.n ?? 0) + 3);
    const outcomes = await Promise.all(shoppers.map((shopper) => refusal(env.DB, full, shopper, registration(shopper.email))));
    expect(outcomes.filter((outcome) => outcome === 'registered')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome !== 'registered')).toEqual([
      ['API409', null, 'This event is full.'],
      ['API409', null, 'This event is full.'],
    ]);
    const seats = await env.DB.prepare('SELECT SUM(seats) AS n FROM event_registrations WHERE event_id = ?1').bind(EVENT).first<{ n: number }>();
    expect(seats?.n).toBe(full.block.capacity);
  });

  it('tells a shopper with a guest when only one place is left', async () => {
    const taken = await env.DB.prepare('SELECT COALESCE(SUM(seats), 0) AS n FROM event_registrations WHERE event_id = ?1').bind(EVENT).first<{ n: number }>();
    const lastPlace = await event((taken?.n ?? 0) + 1);
    const ian = await consumer('ian.ipa@cairn.test');
    expect(await refusal(env.DB, lastPlace, ian, registration(ian.email, { plusOne: 'Bruno Lima' }))).toEqual([
      'API409',
      null,
      'Only one place is left: register without a guest.',
    ]);
    expect(await refusal(env.DB, lastPlace, ian, registration(ian.email))).toBe('registered');
  });
});
