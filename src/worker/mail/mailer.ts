// Email the store sends (password resets, double opt-in, confirmations) goes through a Mailer. A request's
// mailer puts the email on the mail queue (mail-queue.ts), so no request waits on the provider; the queue's
// consumer delivers it with the provider's mailer. Locally and in tests that is the outbox, a D1 table
// readable at /admin/outbox, so every link can be followed; deployed with RESEND_API_KEY it is Resend's
// HTTP API. A deployment without one refuses to send rather than pretend it did.

import { HttpError } from '../lib/http-error.ts';
import type { MailMessage } from '../queues/messages.ts';
import { queueMailer } from './mail-queue.ts';

export interface Email {
  /**
   * The email's idempotency key: delivered once however often it is queued or delivered. Given for an email
   * that stands for one thing (an order's confirmation, a gift card); otherwise a fresh one when queued.
   */
  id?: string;
  kind:
    | 'password-reset'
    | 'password-changed'
    | 'email-changed'
    | 'newsletter-confirm'
    | 'welcome'
    | 'notify-me'
    | 'order-confirmation'
    | 'return-refunded'
    | 'newsletter-welcome'
    | 'data-export'
    | 'account-deleted'
    | 'event-registration'
    | 'gift-card'
    | 'support-case';
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers: a marketing email's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with it, their content base64-encoded. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

export function outboxMailer(db: D1Database): Mailer {
  return {
    async send(email) {
      await db
        .prepare(
          `INSERT INTO outbox (kind, recipient, subject, text, html, headers, attachments, created_at, message_id)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (message_id) WHERE message_id IS NOT NULL DO NOTHING`,
        )
        .bind(
          email.kind,
          email.to,
          email.subject,
          email.text,
          email.html ?? null,
          email.headers ? JSON.stringify(email.headers) : null,
          email.attachments ? JSON.stringify(email.attachments) : null,
          new Date().toISOString(),
          email.id ?? null,
        )
        .run();
    },
  };
}

export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

export function resendMailer(apiKey: string, from: string, fetcher: typeof fetch = fetch): Mailer {
  return {
    async send(email) {
      const response = await fetcher(RESEND_ENDPOINT, {
        method: 'POST',
        // Resend sends an email once per Idempotency-Key within a day: a delivery retried after Resend took it
        // (the consumer stopped before it could note the email sent) is not sent twice.
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...(email.id ? { 'idempotency-key': email.id } : {}) },
        body: JSON.stringify({
          from,
          to: [email.to],
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
          ...(email.attachments
            ? { attachments: email.attachments.map((file) => ({ filename: file.filename, content: file.content, content_type: file.contentType })) }
            : {}),
          tags: [{ name: 'kind', value: email.kind }],
        }),
        signal: AbortSignal.timeout(8000),
      });
      if (!response.ok) throw new Error(`Resend answered ${response.status} for a ${email.kind} email`);
    },
  };
}

export interface MailEnv {
  DB: D1Database;
  ENVIRONMENT: string;
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  /** The mail queue (wrangler.toml): with it, email is queued and the consumer delivers it. */
  MAIL_QUEUE?: Queue<MailMessage>;
}

/** The mailer a request (or a cron run, or a consumer) sends with: the queue when bound, else the provider now. */
export function mailerFor(env: MailEnv): Mailer {
  // A deployment without a provider refuses at once, as before the queue, rather than queue what cannot be sent.
  if (env.MAIL_QUEUE && !isUnconfigured(env)) return queueMailer(env.MAIL_QUEUE, env.DB);
  return providerMailer(env);
}

const isUnconfigured = (env: MailEnv) => !env.RESEND_API_KEY && env.ENVIRONMENT === 'production';

/** The provider itself: what the mail queue's consumer delivers with. */
export function providerMailer(env: MailEnv): Mailer {
  if (env.RESEND_API_KEY) return resendMailer(env.RESEND_API_KEY, env.MAIL_FROM ?? 'Cairn <no-reply@cairn.example>');
  if (isUnconfigured(env)) {
    return {
      send: () => Promise.reject(new HttpError('GEN500', 'Email is not configured on this deployment: set RESEND_API_KEY and MAIL_FROM.')),
    };
  }
  return outboxMailer(env.DB);
}
