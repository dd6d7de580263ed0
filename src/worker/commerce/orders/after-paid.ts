// What follows a paid order: the first delivery address as the default, the card saved
// if asked, loyalty points earned, the confirmation email and the gift cards it bought.

import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import type { ServiceDeps } from '../call.ts';
import type { BasketPayment } from '../cart/cart-state.ts';
import { issueGiftCards } from '../gift-cards/bought.ts';
import { earnStatements } from '../loyalty/points.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { orderAccessToken } from './access.ts';
import type { OrderEntity } from './order-entity.ts';

export async function afterPaid(deps: ServiceDeps, order: OrderEntity, payment: BasketPayment | null, provider: PaymentProvider | null): Promise<void> {
  const db = deps.env.DB;
  const statements: D1PreparedStatement[] = [];
  if (order.consumerNo) {
    // A registered shopper's first delivery address becomes their default, for express checkout next time.
    if (order.shippingAddress) {
      statements.push(
        db
          .prepare(
            `INSERT INTO consumer_addresses (address_id, consumer_no, address, is_default, created_at, updated_at)
             SELECT ?1, ?2, ?3, 1, ?4, ?4 WHERE NOT EXISTS (SELECT 1 FROM consumer_addresses WHERE consumer_no = ?2 AND approach_type = 'S')`,
          )
          .bind(crypto.randomUUID(), order.consumerNo, JSON.stringify(order.shippingAddress), new Date().toISOString()),
      );
    }
    if (payment?.method === 'CREDIT_CARD' && payment.save && !payment.savedCardId && provider) {
      statements.push(
        db
          .prepare(
            `INSERT INTO payment_cards (payment_instrument_id, consumer_no, provider, token, brand, last4, bin, exp_month, exp_year, is_main, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NOT EXISTS (SELECT 1 FROM payment_cards WHERE consumer_no = ?2), ?10)
             ON CONFLICT (consumer_no, provider, bin, last4, exp_month, exp_year) DO UPDATE SET token = excluded.token`,
          )
          .bind(
            crypto.randomUUID(),
            order.consumerNo,
            provider.name,
            payment.token,
            payment.card.brand,
            payment.card.last4,
            payment.card.bin,
            payment.card.expMonth,
            payment.card.expYear,
            new Date().toISOString(),
          ),
      );
    }
    statements.push(...earnStatements(db, order.orderNumber, order.consumerNo, new Date().toISOString()));
  }
  if (statements.length > 0) await db.batch(statements);
  await sendConfirmation(deps, order);
  try {
    await issueGiftCards(deps.env, mailerFor(deps.env), deps.logger, order);
  } catch (error) {
    // The order stands; the cards can be sent again from the account (resendGiftCardEmail) once issued.
    deps.logger.error('gift cards not issued', { orderNumber: order.orderNumber, error: String(error) });
  }
}

async function sendConfirmation(deps: ServiceDeps, order: OrderEntity): Promise<void> {
  const st = await orderAccessToken(deps.env.SESSION_SECRET, order.orderNumber);
  const link = new URL(
    `/${order.locale}/order-confirmation?orderNo=${encodeURIComponent(order.orderNumber)}&st=${encodeURIComponent(st)}`,
    publicOrigin(deps.env),
  ).toString();
  const tracking = new URL(
    `/${order.locale}/help/track-order?orderNo=${encodeURIComponent(order.orderNumber)}&st=${encodeURIComponent(st)}`,
    publicOrigin(deps.env),
  ).toString();
  const { formatMoney } = await import('../../../shared/commerce/money.ts');
  const total = formatMoney(Number((order.totals as { total?: number }).total ?? 0), order.currency, order.locale);
  const lines = order.items.map((item) => `- ${item.name}, ${item.variants.color}, ${item.variants.size} × ${item.qty}`).join('\n');
  try {
    await mailerFor(deps.env).send({
      kind: 'order-confirmation',
      to: order.email,
      subject: `Your Cairn order ${order.orderNumber}`,
      text: `Thank you for your order ${order.orderNumber}.\n\n${lines}\n\nTotal: ${total}\n\nSee your order: ${link}\n\nTrack its delivery (and return it once it has arrived): ${tracking}\n`,
    });
  } catch (error) {
    // The order stands without its email; the shopper sees it on the confirmation page and in the account.
    deps.logger.error('order confirmation email failed', { orderNumber: order.orderNumber, error: String(error) });
  }
}
