// What follows a paid order: the first delivery address as the default, the card saved if asked, loyalty
// points earned, and the order paid announced (order-events.ts: its confirmation email and the gift cards it
// bought).

import type { ServiceDeps } from '../call.ts';
import type { BasketPayment } from '../cart/cart-state.ts';
import { earnStatements } from '../loyalty/points.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { OrderEntity } from './order-entity.ts';
import { publishOrderPaid } from './order-events.ts';

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
  // The confirmation and the gift cards follow on the order-events queue: the shopper's answer waits on neither.
  await publishOrderPaid(deps.env, order.orderNumber, deps.logger, deps.correlationId);
}
