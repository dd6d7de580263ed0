// Email through the mail queue: a request's email is put on the queue and the request answers; the mail
// consumer (mail-consumer.ts) delivers it with the provider, once per email id.

import type { MailMessage } from '../queues/messages.ts';
import type { Mailer } from './mailer.ts';

/** Cloudflare takes queue messages of up to 128 KB; an email larger than this waits in D1 (mail_parcels). */
export const INLINE_MAIL_BYTES = 100_000;

export function queueMailer(queue: Queue<MailMessage>, db: D1Database): Mailer {
  return {
    async send(email) {
      const id = email.id ?? crypto.randomUUID();
      const inline: MailMessage = { type: 'mail', id, email: { ...email, id } };
      const json = JSON.stringify(inline);
      if (new TextEncoder().encode(json).byteLength <= INLINE_MAIL_BYTES) {
        await queue.send(inline, { contentType: 'json' });
        return;
      }
      await db
        .prepare('INSERT INTO mail_parcels (id, recipient, content, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (id) DO NOTHING')
        .bind(id, email.to, JSON.stringify(inline.email), new Date().toISOString())
        .run();
      await queue.send({ type: 'mail', id, parcel: { to: email.to, kind: email.kind } }, { contentType: 'json' });
    },
  };
}
