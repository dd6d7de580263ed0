// The worker's queue handler (index.ts): a batch is routed by its queue's name. Each message of the mail and
// order-event queues is claimed by its work's key (deliveries.ts), done, and acknowledged on its own; a
// failure gives the claim back and asks for the message again later, with a growing delay, until the queue's
// max_retries send it to the dead-letter queue, whose consumer keeps it for an operator (dead-letters.ts).

import { handleOrderPaid } from '../commerce/orders/order-events.ts';
import type { Bindings } from '../env.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { deliverMail } from '../mail/mail-consumer.ts';
import { keepDeadLetters } from './dead-letters.ts';
import { claimDelivery, failDelivery, finishDelivery, retryBaseSeconds, retryDelaySeconds } from './deliveries.ts';
import { identify, isHealthProbe, type MailMessage, type OrderPaidEvent, queueRole } from './messages.ts';

interface Work {
  /** Does the work; what it answers is written with the note that the work is done, in one batch. */
  run: () => Promise<D1PreparedStatement[] | undefined>;
}

type WorkFor = (body: unknown) => Work;

export async function consumeQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const logger = createLogger({ queue: batch.queue });
  const role = queueRole(batch.queue);
  if (role === 'deadLetters') return keepDeadLetters(env.DB, batch, logger);
  const workFor = role === 'mail' ? mailWork(env) : role === 'orderEvents' ? orderWork(env, logger) : null;
  if (!workFor) {
    // A queue this worker was made a consumer of without code for it: kept, to be retried once the code is there.
    logger.error('queue.unknown', { messages: batch.messages.length });
    batch.retryAll({ delaySeconds: retryDelaySeconds(1) });
    return;
  }
  const base = retryBaseSeconds(env.QUEUE_RETRY_BASE_SECONDS);
  await Promise.all(batch.messages.map((message) => (isHealthProbe(message.body) ? message.ack() : handleMessage(env.DB, message, workFor, logger, base))));
}

const mailWork =
  (env: Bindings): WorkFor =>
  (body) => ({ run: () => deliverMail(env, body as MailMessage) });

const orderWork =
  (env: Bindings, logger: Logger): WorkFor =>
  (body) => ({
    run: async () => {
      const event = body as OrderPaidEvent;
      // Logged under the order request's id, where the event carries it.
      const traced = typeof event.correlationId === 'string' ? createLogger({ queue: 'order-events', correlationId: event.correlationId }) : logger;
      await handleOrderPaid(env, event.orderNumber, traced);
      traced.info('order_events.handled', { orderNumber: event.orderNumber });
      return undefined;
    },
  });

async function handleMessage(db: D1Database, message: Message<unknown>, workFor: WorkFor, logger: Logger, retryBase: number): Promise<void> {
  const identity = identify(message.body);
  const fields = { messageId: message.id, attempts: message.attempts, key: identity?.key };
  try {
    if (!identity) throw new Error('The message is not one this store writes');
    const claim = await claimDelivery(db, identity.key);
    if (claim.state === 'done') return message.ack();
    // Another delivery of the same work is under way: asked again once its lease has run out.
    if (claim.state === 'busy') return message.retry({ delaySeconds: claim.waitSeconds });
    let alongside: D1PreparedStatement[] | undefined;
    try {
      alongside = await workFor(message.body).run();
    } catch (error) {
      await failDelivery(db, identity.key, String(error));
      throw error;
    }
    await finishDelivery(db, identity.key, alongside);
    message.ack();
  } catch (error) {
    logger.error('queue.message_failed', { ...fields, error });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts, retryBase) });
  }
}
