// PUT /api/products/v1/notifications (commerce-core §7): notify-me for a sold-out variant. Limited per
// address like the other forms anyone can send.

import { Hono } from 'hono';
import { NotifyMeBody } from '../../../shared/schema/notify-me.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { limitAddress } from '../identity/sign-in.ts';
import { subscribeNotifyMe } from './notify-me.ts';

export const notifyRoutes = new Hono<AppEnv>().put('/products/v1/notifications', valid('json', NotifyMeBody), async (c) => {
  await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' }, 'notify-me');
  const body = c.req.valid('json');
  const answer = await subscribeNotifyMe({ db: c.env.DB, mailer: mailerFor(c.env), origin: publicOrigin(c.env) }, apiLocale(c, {}), body);
  c.header('Cache-Control', 'no-store');
  return c.json(envelope(c, { subscribed: true, productId: body.productId, created: answer.created }));
});
