// Subscriptions API (commerce-core §4, Newsletter and SMS consent): the newsletter form, the link that
// confirms it (double opt-in), and a signed-in shopper's SMS subscription (single opt-in, needs a phone).

import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ConfirmSubscriptionBody, NewsletterBody, SmsSubscriptionBody } from '../../../shared/schema/newsletter.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { limitAddress } from '../identity/sign-in.ts';
import { confirmationPageUrl, confirmSubscription, requestConfirmation } from './newsletter.ts';
import { changePreferences, preferencesOf, sendListWelcome } from './preferences.ts';

/** Every subscription the account has, the club membership (type Loyalty) after the lists a shopper can change. */
function subscriptionsAnswer({ preferences, member, programme }: Awaited<ReturnType<typeof preferencesOf>>) {
  return { preferences: [...preferences, ...(programme ? [programme] : [])], member };
}

const NotificationBody = v.object({
  subscriptions: v.pipe(
    v.array(
      v.object({
        type: v.picklist(['Newsletter', 'LoyaltyNewsletter'], 'type is Newsletter or LoyaltyNewsletter.'),
        channel: v.picklist(['email', 'sms'], 'channel is email or sms.'),
        optin: v.boolean('optin is true or false.'),
      }),
    ),
    v.minLength(1, 'subscriptions lists at least one change.'),
    v.maxLength(3),
  ),
  /** Text messages need the SMS terms accepted with the opt-in. */
  smsTermsAccepted: v.optional(v.boolean()),
});

const signedInConsumer = (c: Context<AppEnv>) => signedInShopper(c, 'manage your subscriptions');

async function smsSubscription(db: D1Database, consumerNo: string) {
  const row = await db
    .prepare(
      `SELECT c.phone, s.optin, s.optin_date, s.optout_date FROM consumers c
       LEFT JOIN subscriptions s ON s.consumer_no = c.consumer_no AND s.type = 'Newsletter' AND s.channel = 'sms'
       WHERE c.consumer_no = ?1 AND c.deleted_at IS NULL`,
    )
    .bind(consumerNo)
    .first<{ phone: string | null; optin: number | null; optin_date: string | null; optout_date: string | null }>();
  if (!row) throw new HttpError('PRO404');
  return {
    type: 'Newsletter',
    channel: 'sms',
    recipient: row.phone,
    optin: row.optin === 1,
    doubleOptin: false,
    optinDate: row.optin_date,
    optoutDate: row.optout_date,
  };
}

export const subscriptionRoutes = new Hono<AppEnv>()
  .post('/consumers-v3/newsletter', valid('json', NewsletterBody), async (c) => {
    const body = c.req.valid('json');
    await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' }, 'newsletter');
    const locale = apiLocale(c, {});
    await requestConfirmation(c.env.DB, mailerFor(c.env), {
      email: body.email,
      siteId: locale.site.id,
      locale: locale.code,
      type: 'Newsletter',
      source: body.source ?? null,
      pageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code),
    });
    // The same answer whether the address was new, waiting or already subscribed: it says nothing about anyone.
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { sent: true, doubleOptin: true }), 202);
  })
  .post('/consumers-v3/newsletter/confirm', valid('json', ConfirmSubscriptionBody), async (c) => {
    const confirmed = await confirmSubscription(c.env.DB, c.req.valid('json').token);
    if (!confirmed.ok) throw new HttpError('API404', 'This confirmation link is not valid any more: it was used already or it expired.');
    await sendListWelcome(mailerFor(c.env), c.env.SESSION_SECRET, publicOrigin(c.env), apiLocale(c, {}), confirmed);
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { confirmed: true, type: confirmed.type }));
  })
  .get('/consumers-v3/consumer/subscription', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { subscription: await smsSubscription(c.env.DB, signedInConsumer(c)) }));
  })
  .on(['POST', 'PUT'], '/consumers-v3/consumer/subscription', valid('json', SmsSubscriptionBody), async (c) => {
    const consumerNo = signedInConsumer(c);
    const { optin } = c.req.valid('json');
    const current = await smsSubscription(c.env.DB, consumerNo);
    if (optin && !current.recipient)
      throw new HttpError('API400', 'Add a mobile number to your profile to receive text messages.', [{ field: 'phone', message: 'This field is required' }]);
    const now = new Date().toISOString();
    await c.env.DB.prepare(
      `INSERT INTO subscriptions (consumer_no, type, channel, optin, double_optin, optin_date, optout_date) VALUES (?1, 'Newsletter', 'sms', ?2, 0, ?3, ?4)
       ON CONFLICT (consumer_no, type, channel) DO UPDATE SET optin = ?2, optin_date = COALESCE(?3, optin_date), optout_date = ?4`,
    )
      .bind(consumerNo, optin ? 1 : 0, optin ? now : null, optin ? null : now)
      .run();
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { subscription: await smsSubscription(c.env.DB, consumerNo) }));
  })
  .get('/consumers-v3/consumer/notification', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, subscriptionsAnswer(await preferencesOf(c.env.DB, signedInConsumer(c)))));
  })
  .put('/consumers-v3/consumer/notification', valid('json', NotificationBody), async (c) => {
    const consumerNo = signedInConsumer(c);
    const body = c.req.valid('json');
    const context = { db: c.env.DB, mailer: mailerFor(c.env), locale: apiLocale(c, {}), origin: publicOrigin(c.env) };
    const answer = await changePreferences(context, consumerNo, body.subscriptions, body.smsTermsAccepted === true);
    await accountAudit(c, consumerNo, 'subscriptions.change', { changes: body.subscriptions }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, subscriptionsAnswer(answer)));
  });
