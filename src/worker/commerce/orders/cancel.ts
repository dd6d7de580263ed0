// Cancelling an order from the account (account-content §7 CancelOrder): the whole order, while it has not
// left the warehouse. One batch gives back its stock, gift card and reward balances, points and allowances
// (the release the failed placement uses, moving the order to cancelled instead); then the processor
// releases the card: an authorization is voided, anything already captured is refunded. Audited.

import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import { blockBoughtCards, boughtCardSpent } from '../gift-cards/bought.ts';
import { reversalStatements } from '../loyalty/points.ts';
import { paymentProviderFor } from '../payments/choose.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';
import { pointsFor, releaseOrder } from './release.ts';
import { ownOrder } from './shopper-orders.ts';
import type { OrderStatus } from './status.ts';
import { purgeRestockedPages } from './stock-pages.ts';

/** An order may be cancelled until it ships. */
export const CANCELLABLE: readonly OrderStatus[] = ['created', 'paid', 'processing'];

export async function cancelOrder(deps: ServiceDeps, shopper: Shopper, consumerNo: string, orderNumber: string): Promise<OrderEntity> {
  const db = deps.env.DB;
  const order = await ownOrder(db, consumerNo, orderNumber);
  if (order.status === 'cancelled') return order;
  if (!CANCELLABLE.includes(order.status)) throw new HttpError('OHS4090');
  // Gift cards it sent by email are blocked with it, unless one was already spent from: then it stands.
  if (await boughtCardSpent(db, orderNumber))
    throw new HttpError('OHS4090', 'A gift card from this order has already been used, so the order can no longer be cancelled.');
  const now = new Date().toISOString();
  const points = await db
    .prepare("SELECT points, amount, released FROM order_payments WHERE order_number = ?1 AND method = 'LOYALTY_POINTS' AND status = 'debited' AND points > 0")
    .bind(orderNumber)
    .all<{ points: number; amount: number; released: number }>();
  const released = await releaseOrder(db, orderNumber, 'cancelled by the shopper', now, { to: 'cancelled', from: CANCELLABLE });
  // Shipped meanwhile (the fulfilment moved it first): nothing was given back, and it cannot be cancelled.
  if (!released) {
    const current = await readOrder(db, orderNumber);
    if (current?.status === 'cancelled') return current;
    throw new HttpError('OHS4090');
  }
  await purgeRestockedPages(deps.env, orderNumber, deps.logger);
  const provider = paymentProviderFor(deps.env, deps);
  const held = await db
    .prepare(
      "SELECT payment_no, authorization_id, status, amount, released FROM order_payments WHERE order_number = ?1 AND status IN ('authorized', 'captured') AND authorization_id IS NOT NULL",
    )
    .bind(orderNumber)
    .all<{ payment_no: number; authorization_id: string; status: 'authorized' | 'captured'; amount: number; released: number }>();
  for (const payment of held.results) {
    if (payment.status === 'authorized') await provider.void(payment.authorization_id);
    else
      await provider.refund(payment.authorization_id, {
        amount: payment.amount - payment.released,
        idempotencyKey: `cancel-${orderNumber}-${payment.payment_no}`,
      });
    await db
      .prepare('UPDATE order_payments SET status = ?3, released = amount WHERE order_number = ?1 AND payment_no = ?2')
      .bind(orderNumber, payment.payment_no, payment.status === 'authorized' ? 'voided' : 'refunded')
      .run();
  }
  await db.batch([
    // The points it paid with come back (releaseOrder gave them), and the points it earned go.
    ...points.results.map((tender) =>
      db
        .prepare("INSERT INTO loyalty_transactions (consumer_no, at, points, kind, order_number) VALUES (?1, ?2, ?3, 'restored', ?4)")
        .bind(consumerNo, now, tender.points - pointsFor(tender.points, tender.amount, tender.released), orderNumber),
    ),
    ...reversalStatements(db, orderNumber, now),
    blockBoughtCards(db, orderNumber),
    shopperAudit(
      deps.env.DB,
      deps.correlationId,
      { consumerNo: consumerNo, associate: shopper.claims?.buyInStore },
      'order.cancel',
      { refunded: held.results.map((p) => ({ paymentNo: p.payment_no, was: p.status })) },
      `order:${orderNumber}`,
    ),
  ]);
  return (await readOrder(db, orderNumber)) as OrderEntity;
}
