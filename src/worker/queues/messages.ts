// What travels on the store's queues (README, Queues), the names the queues have in wrangler.toml, and the
// idempotency key each message's work is claimed by (deliveries.ts), so every consumer, the dead-letter
// store and its replay agree on them.

import type { Email } from '../mail/mailer.ts';

/** The queues' names in wrangler.toml; the worker's queue handler is told a batch's queue by its name. */
export const QUEUE_NAMES = { mail: 'cairn-mail', orderEvents: 'cairn-order-events', deadLetters: 'cairn-dead-letters' } as const;

/**
 * Which of the store's queues a batch came from, by its name: the name in wrangler.toml, or that name with an
 * environment's suffix (staging's cairn-mail-staging), so every environment's queues reach the same consumer.
 */
export function queueRole(name: string): keyof typeof QUEUE_NAMES | null {
  for (const [role, base] of Object.entries(QUEUE_NAMES) as [keyof typeof QUEUE_NAMES, string][]) {
    if (name === base || name.startsWith(`${base}-`)) return role;
  }
  return null;
}

/** A queued email: inline, or (too large for a queue message) waiting in mail_parcels under its id. */
export type MailMessage = { type: 'mail'; id: string; email: Email } | { type: 'mail'; id: string; parcel: { to: string; kind: Email['kind'] } };

/** An order paid: its confirmation is sent and the gift cards it bought issued (orders/order-events.ts). */
export interface OrderPaidEvent {
  type: 'order.paid';
  orderNumber: string;
  /** The order request's correlation id: the consumer's log lines carry it, so one id follows the order past its answer. */
  correlationId?: string;
}

export type QueueMessageBody = MailMessage | OrderPaidEvent;

/** Which queue a message belongs on, by what it is: a dead letter is replayed there. */
export type LogicalQueue = 'mail' | 'order-events';

export interface MessageIdentity {
  key: string;
  queue: LogicalQueue;
  type: QueueMessageBody['type'];
  recipient: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function isEmail(value: unknown): value is Email {
  return isRecord(value) && isText(value.kind) && isText(value.to) && typeof value.subject === 'string' && typeof value.text === 'string';
}

/** What a message is and the key its work is claimed by; null for a body no consumer of this store wrote. */
export function identify(body: unknown): MessageIdentity | null {
  if (!isRecord(body)) return null;
  if (body.type === 'mail' && isText(body.id)) {
    const email = isEmail(body.email) ? body.email : null;
    const parcel = isRecord(body.parcel) && isText(body.parcel.to) ? body.parcel : null;
    if (!email && !parcel) return null;
    return { key: `mail:${body.id}`, queue: 'mail', type: 'mail', recipient: email?.to ?? (parcel?.to as string) };
  }
  if (body.type === 'order.paid' && isText(body.orderNumber)) {
    return { key: `order.paid:${body.orderNumber}`, queue: 'order-events', type: 'order.paid', recipient: null };
  }
  return null;
}

/** What GET /healthz sends each queue to see it takes messages; its consumer acknowledges it and does nothing. */
export const HEALTH_PROBE = { type: 'healthz' } as const;

export const isHealthProbe = (body: unknown): boolean => isRecord(body) && body.type === HEALTH_PROBE.type;
