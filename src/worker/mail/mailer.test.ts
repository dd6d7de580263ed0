import { describe, expect, it, vi } from 'vitest';
import { mailerFor, RESEND_ENDPOINT, resendMailer } from './mailer.ts';

const email = { kind: 'password-reset' as const, to: 'ana@example.com', subject: 'Reset', text: 'Open the link' };

describe('the Resend mailer', () => {
  it('posts the email to Resend with the key, the sender and a kind tag', async () => {
    const fetcher = vi.fn(async () => new Response('{"id":"1"}', { status: 200 }));
    await resendMailer('re_key', 'Cairn <mail@cairn.example>', fetcher as unknown as typeof fetch).send(email);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(RESEND_ENDPOINT);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer re_key');
    expect(JSON.parse(init.body as string)).toMatchObject({
      from: 'Cairn <mail@cairn.example>',
      to: ['ana@example.com'],
      subject: 'Reset',
      text: 'Open the link',
    });
  });
  it('gives Resend the email id as its idempotency key', async () => {
    const fetcher = vi.fn(async () => new Response('{"id":"1"}', { status: 200 }));
    await resendMailer('re_key', 'f', fetcher as unknown as typeof fetch).send({ ...email, id: 'order-confirmation:CR123456789' });
    const [, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('idempotency-key')).toBe('order-confirmation:CR123456789');
  });
  it('fails loudly when Resend refuses', async () => {
    const fetcher = vi.fn(async () => new Response('no', { status: 422 }));
    await expect(resendMailer('k', 'f', fetcher as unknown as typeof fetch).send(email)).rejects.toThrow('Resend answered 422');
  });
});

describe('choosing a mailer', () => {
  it('refuses to send from a deployment without a mail key, rather than drop the email', async () => {
    await expect(mailerFor({ DB: {} as D1Database, ENVIRONMENT: 'production' }).send(email)).rejects.toThrow(/RESEND_API_KEY/);
    // Nor does it queue what could never be sent.
    const send = vi.fn();
    const queue = { send } as unknown as Queue<never>;
    await expect(mailerFor({ DB: {} as D1Database, ENVIRONMENT: 'production', MAIL_QUEUE: queue }).send(email)).rejects.toThrow(/RESEND_API_KEY/);
    expect(send).not.toHaveBeenCalled();
  });
  it('queues the email, with an id, when the mail queue is bound', async () => {
    const send = vi.fn(async () => ({}));
    const queue = { send } as unknown as Queue<never>;
    await mailerFor({ DB: {} as D1Database, ENVIRONMENT: 'production', RESEND_API_KEY: 're_key', MAIL_QUEUE: queue }).send(email);
    const [body] = send.mock.calls[0] as unknown as [{ type: string; id: string; email: { id: string; to: string } }];
    expect(body).toMatchObject({ type: 'mail', email: { to: 'ana@example.com', id: body.id } });
    expect(body.id).toMatch(/^[\w-]{36}$/);
  });
});
