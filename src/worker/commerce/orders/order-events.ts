// Order events on the order-events queue (README, Queues): an order paid is announced there and the order's
// request answers; the consumer then sends the order's confirmation (through the mail queue) and issues the
// gift cards it bought. Both are idempotent: the confirmation has the order's own email id, and each card is
// issued once by its line and unit (bought.ts), so an event delivered twice sends one of each.

import { formatMoney } from '../../../shared/commerce/money.ts';
import type { Bindings } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import type { OrderPaidEvent } from '../../queues/messages.ts';
import { issueGiftCards } from '../gift-cards/bought.ts';
import { orderAccessToken } from './access.ts';
import { type OrderEntity, readOrder } from './order-entity.ts';

/** Announces an order paid. Without the queue (bound in wrangler.toml), or when it refuses, the work is done now. */
export async function publishOrderPaid(env: Bindings, orderNumber: string, logger: Logger, correlationId?: string): Promise<void> {
  const event: OrderPaidEvent = { type: 'order.paid', orderNumber, ...(correlationId ? { correlationId } : {}) };
  if (env.ORDER_EVENTS) {
    try {
      await env.ORDER_EVENTS.send(event, { contentType: 'json' });
      return;
    } catch (error) {
      logger.error('order_events.not_queued', { orderNumber, error });
    }
  }
  try {
    await handleOrderPaid(env, orderNumber, logger);
  } catch (error) {
    // The order stands; its confirmation page and the account show it, and gift cards can be sent from there.
    logger.error('order_paid.follow_up_failed', { orderNumber, error });
  }
}

/** The order-events consumer's work for an order paid; throws to be retried. */
export async function handleOrderPaid(env: Bindings, orderNumber: string, logger: Logger): Promise<void> {
  const order = await readOrder(env.DB, orderNumber);
  if (!order) {
    logger.warn('order_paid.unknown_order', { orderNumber });
    return;
  }
  // Both are tried whatever the other does (each is once-only by its key), then a failure of either is retried.
  const [confirmed, issued] = await Promise.allSettled([sendConfirmation(env, order), issueGiftCards(env, mailerFor(env), logger, order)]);
  for (const outcome of [confirmed, issued]) if (outcome.status === 'rejected') throw outcome.reason;
}

async function sendConfirmation(env: Bindings, order: OrderEntity): Promise<void> {
  const st = await orderAccessToken(env.SESSION_SECRET, order.orderNumber);
  const query = `orderNo=${encodeURIComponent(order.orderNumber)}&st=${encodeURIComponent(st)}`;
  const link = new URL(`/${order.locale}/order-confirmation?${query}`, publicOrigin(env)).toString();
  const tracking = new URL(`/${order.locale}/help/track-order?${query}`, publicOrigin(env)).toString();
  const total = formatMoney(Number((order.totals as { total?: number }).total ?? 0), order.currency, order.locale);
  const lines = order.items.map((item) => `- ${item.name}, ${item.variants.color}, ${item.variants.size} × ${item.qty}`).join('\n');
  await mailerFor(env).send({
    // One confirmation per order, however often the event is delivered.
    id: `order-confirmation:${order.orderNumber}`,
    kind: 'order-confirmation',
    to: order.email,
    subject: `Your Cairn order ${order.orderNumber}`,
    text: `Thank you for your order ${order.orderNumber}.\n\n${lines}\n\nTotal: ${total}\n\nSee your order: ${link}\n\nTrack its delivery (and return it once it has arrived): ${tracking}\n`,
  });
}
