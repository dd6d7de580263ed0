// POST /api/consumers-v3/consumer/event-registration (account-content §7, with the §3 payload): a signed-in
// shopper's registration; 201 with it, or 200 with the one they already have.

import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicUrl } from '../../lib/public-origin.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { findEvent, RegistrationBody, register, registrant, sendRegistrationEmail } from './registration.ts';

export const eventRoutes = new Hono<AppEnv>().post('/consumers-v3/consumer/event-registration', valid('json', RegistrationBody), async (c) => {
  const consumerNo = signedInShopper(c, 'register for an event');
  const body = c.req.valid('json');
  const locale = apiLocale(c, {});
  const event = await findEvent(c.env.DB, locale, body.eventId);
  if (!event) throw new HttpError('API404', 'This event was not found.');
  const consumer = await registrant(c.env.DB, consumerNo);
  if (!consumer) throw new HttpError('PRO404', 'Profile not loaded');
  const result = await register(c.env.DB, event, { consumerNo: consumerNo, email: consumer.email, siteId: consumer.site_id }, body);
  if (result.created) {
    await accountAudit(c, consumerNo, 'event.register', { eventId: event.block.eventId, registrationId: result.registration.registrationId }).run();
    await sendRegistrationEmail(mailerFor(c.env), event, result.registration, publicUrl(c.env, `/${locale.code}/${event.pageKey}`));
  }
  c.header('Cache-Control', 'private, no-store');
  return c.json(envelope(c, { registration: result.registration }), result.created ? 201 : 200);
});
