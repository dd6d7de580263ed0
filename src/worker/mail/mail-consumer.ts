// The mail queue's consumer: delivers a queued email with the provider (the outbox locally, Resend deployed).

import type { MailMessage } from '../queues/messages.ts';
import { type Email, type MailEnv, providerMailer } from './mailer.ts';

/** Sends the email; a large one's parcel goes with the note that it was sent (the statement answered). */
export async function deliverMail(env: MailEnv, message: MailMessage): Promise<D1PreparedStatement[]> {
  const email = 'email' in message ? message.email : await parcel(env.DB, message.id);
  await providerMailer(env).send({ ...email, id: message.id });
  return 'parcel' in message ? [env.DB.prepare('DELETE FROM mail_parcels WHERE id = ?1').bind(message.id)] : [];
}

async function parcel(db: D1Database, id: string): Promise<Email> {
  const row = await db.prepare('SELECT content FROM mail_parcels WHERE id = ?1').bind(id).first<{ content: string }>();
  if (!row) throw new Error(`The email ${id} is not waiting in mail_parcels`);
  return JSON.parse(row.content) as Email;
}
