// A guest's one-step account from the order confirmation (the checkout issue, §3): the order already says
// who they are (name, email, phone, postal code), so a password and the terms are enough, plus a birth
// date where the site asks for one. The new account keeps the order and its delivery address, and the
// shopper is signed in. The order's access token is the proof: only its buyer holds the confirmation link.

import type { Context } from 'hono';
import * as v from 'valibot';
import { signUpSchema } from '../../../shared/schema/sign-up.ts';
import { SIGN_UP_RULES } from '../../../shared/sign-up-rules.ts';
import type { Locale } from '../../../shared/sites.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { consumerByNumber } from '../identity/consumers.ts';
import { openRegisteredSession } from '../identity/registered-session.ts';
import { createConsumer, sendWelcome } from '../identity/sign-up.ts';
import { confirmationPageUrl } from '../subscriptions/newsletter.ts';
import type { OrderEntity } from './order-entity.ts';

/** Whether the confirmation offers the account: a guest's order, for an email no account has yet. */
export async function canClaim(db: D1Database, order: OrderEntity, signedIn: boolean): Promise<boolean> {
  if (signedIn || order.consumerNo) return false;
  return (await db.prepare('SELECT 1 FROM consumers WHERE email = ?1').bind(order.email.toLowerCase()).first()) === null;
}

export async function claimOrder(c: Context<AppEnv>, locale: Locale, order: OrderEntity, fields: Record<string, string>): Promise<void> {
  const buyer = (order.billingAddress ?? order.shippingAddress ?? {}) as Record<string, string>;
  const rules = SIGN_UP_RULES[locale.site.id];
  const parsed = v.safeParse(signUpSchema(locale.site.id, new Date()), {
    firstName: buyer.firstName ?? '',
    lastName: buyer.lastName ?? '',
    email: order.email,
    password: fields.password ?? '',
    birthDate: fields.birthDate ?? '',
    // The order's phone only where the site needs one: elsewhere a number some other account uses must not stand in the way.
    phone: rules.phoneRequired ? (buyer.phone ?? '') : '',
    gender: 'unspecified',
    postalCode: buyer.postalCode ?? '',
    isTermsConfirmed: fields.isTermsConfirmed === 'on',
    subscriptions: {},
  });
  if (!parsed.success) {
    const details = parsed.issues.map((issue) => ({ field: v.getDotPath(issue) ?? 'form', message: issue.message }));
    throw new HttpError('API400', details[0]?.message, details);
  }
  const created = await createConsumer(c.env.DB, parsed.output, { siteId: locale.site.id, locale: locale.code });
  const now = new Date().toISOString();
  const kept = await c.env.DB.batch([
    c.env.DB.prepare('UPDATE orders SET consumer_no = ?1 WHERE order_number = ?2 AND consumer_no IS NULL').bind(created.consumerNo, order.orderNumber),
    ...(order.shippingAddress
      ? [
          c.env.DB.prepare(
            'INSERT INTO consumer_addresses (address_id, consumer_no, address, is_default, created_at, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?4)',
          ).bind(crypto.randomUUID(), created.consumerNo, JSON.stringify(order.shippingAddress), now),
        ]
      : []),
  ]);
  c.get('logger').info('checkout.order_claimed', { orderNumber: order.orderNumber, consumerNo: created.consumerNo, kept: kept[0]?.meta.changes === 1 });
  await sendWelcome(
    {
      db: c.env.DB,
      mailer: mailerFor(c.env),
      siteId: locale.site.id,
      locale: locale.code,
      confirmPageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code),
    },
    parsed.output,
    created,
  );
  const consumer = await consumerByNumber(c.env.DB, created.consumerNo);
  if (!consumer) throw new HttpError('PRO404');
  await openRegisteredSession(c, consumer);
}
