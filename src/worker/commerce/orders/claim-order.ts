// A guest's one-step account from the order confirmation (the checkout issue, §3): the order already says
// who they are (name, email, phone, postal code), so a password and the terms are enough, plus a birth
// date where the site asks for one. The new account keeps the order and its delivery address, and the
// shopper is signed in. The order's access token is the proof: only its buyer holds the confirmation link.

import * as v from 'valibot';
import { SIGN_UP_RULES } from '../../../shared/account/sign-up-rules.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { signUpSchema } from '../../../shared/schema/sign-up.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import type { ServiceDeps } from '../call.ts';
import { consumerByNumber } from '../identity/consumers.ts';
import { createConsumer, sendWelcome } from '../identity/sign-up.ts';
import { confirmationPageUrl } from '../subscriptions/newsletter.ts';
import type { OrderEntity } from './order-entity.ts';

/** Whether the confirmation offers the account: a guest's order, for an email no account has yet. */
export async function canClaim(db: D1Database, order: OrderEntity, signedIn: boolean): Promise<boolean> {
  if (signedIn || order.consumerNo) return false;
  return (await db.prepare('SELECT 1 FROM consumers WHERE email = ?1').bind(order.email.toLowerCase()).first()) === null;
}

/**
 * The account made from the order; `signIn` is the consumer the route opens a registered session for (the
 * session lifecycle is the HTTP layer's).
 */
export async function claimOrder(
  deps: ServiceDeps,
  locale: Locale,
  order: OrderEntity,
  fields: Record<string, string>,
): Promise<{ signIn: NonNullable<Awaited<ReturnType<typeof consumerByNumber>>> }> {
  const { env } = deps;
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
  const created = await createConsumer(env.DB, parsed.output, { siteId: locale.site.id, locale: locale.code });
  const now = new Date().toISOString();
  const kept = await env.DB.batch([
    env.DB.prepare('UPDATE orders SET consumer_no = ?1 WHERE order_number = ?2 AND consumer_no IS NULL').bind(created.consumerNo, order.orderNumber),
    ...(order.shippingAddress
      ? [
          env.DB.prepare(
            'INSERT INTO consumer_addresses (address_id, consumer_no, address, is_default, created_at, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?4)',
          ).bind(crypto.randomUUID(), created.consumerNo, JSON.stringify(order.shippingAddress), now),
        ]
      : []),
  ]);
  deps.logger.info('checkout.order_claimed', { orderNumber: order.orderNumber, consumerNo: created.consumerNo, kept: kept[0]?.meta.changes === 1 });
  await sendWelcome(
    {
      db: env.DB,
      mailer: mailerFor(env),
      siteId: locale.site.id,
      locale: locale.code,
      confirmPageUrl: confirmationPageUrl(publicOrigin(env), locale.code),
    },
    parsed.output,
    created,
  );
  const consumer = await consumerByNumber(env.DB, created.consumerNo);
  if (!consumer) throw new HttpError('PRO404');
  return { signIn: consumer };
}
