// The mail queue (README, Queues): a request's email is queued and the request answers without the provider;
// the consumer delivers each email once however often it is delivered, takes over work a stopped consumer left,
// retries a failing send, and gives up to the dead letters, where an operator reads and replays it.

import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index.ts';
import { mailerFor, RESEND_ENDPOINT } from '../../src/worker/mail/mailer.ts';
import type { MailMessage } from '../../src/worker/queues/messages.ts';
import { ADMIN_HEADERS, emailsTo, eventually, getJson, mailSettled, namedAdmin, ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;
/** The store deployed with Resend: what a request would wait on if it sent email itself. */
const WITH_RESEND = { ...env, RESEND_API_KEY: 're_test_key', MAIL_FROM: 'Cairn <mail@cairn.test>' };

const mail = (id: string, to: string): MailMessage => ({ type: 'mail', id, email: { kind: 'welcome', to, subject: `Hello ${id}`, text: 'Welcome to Cairn.' } });

/** Runs the worker's queue handler on one batch, as the queue would, and what it acknowledged and retried. */
async function deliver(queue: string, bodies: unknown[], bindings: typeof env = env, attempts = 1) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, index) => ({ id: `${queue}-${crypto.randomUUID()}-${index}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, bindings);
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks.length, retried: result.retryMessages.length };
}

/** Resend answering every call with `answer` (a promise that never settles for a provider that hangs). */
function resendAnswers(answer: () => Promise<Response>) {
  const real = globalThis.fetch;
  const calls: Request[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call = new Request(input, init);
    if (call.url !== RESEND_ENDPOINT) return real(input, init);
    calls.push(call);
    return answer();
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the mail queue', () => {
  it('answers the request before the provider is asked, even one that hangs', async () => {
    const calls = resendAnswers(() => new Promise<Response>(() => {}));
    const asked = request(
      '/api/consumers-v3/consumer/resetpassword',
      { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'ian.ipa@cairn.test' }) },
      ORIGIN,
      WITH_RESEND,
    );
    const answered = await Promise.race([asked, new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
    expect(answered?.status).toBe(202);
    expect(calls).toHaveLength(0);
    // The email went on the queue; this store's consumer (no Resend key here) delivers it to the outbox.
    vi.restoreAllMocks();
    expect((await emailsTo('ian.ipa@cairn.test', 'password-reset'))[0]?.text).toMatch(/forgot-password\?token=/);
  });

  it('sends an email delivered twice once, at once or later', async () => {
    const id = crypto.randomUUID();
    const to = 'twice@example.com';
    // Twice in one batch: one sends, the other is asked for again, and is then acknowledged as sent.
    expect(await deliver('cairn-mail', [mail(id, to), mail(id, to)])).toEqual({ acked: 1, retried: 1 });
    expect(await deliver('cairn-mail', [mail(id, to)])).toEqual({ acked: 1, retried: 0 });
    const sent = await env.DB.prepare('SELECT message_id FROM outbox WHERE recipient = ?1').bind(to).all<{ message_id: string }>();
    expect(sent.results).toEqual([{ message_id: id }]);
  });

  it('gives Resend the email id, so a send it took before the consumer stopped is not sent twice', async () => {
    const calls = resendAnswers(async () => Response.json({ id: 'resend-1' }));
    const id = crypto.randomUUID();
    expect(await deliver('cairn-mail', [mail(id, 'keyed@example.com')], WITH_RESEND)).toEqual({ acked: 1, retried: 0 });
    expect(calls.map((call) => call.headers.get('idempotency-key'))).toEqual([id]);
  });

  it('takes over an email whose consumer stopped after claiming it, once the claim has run out, and not before', async () => {
    const [live, stale] = [crypto.randomUUID(), crypto.randomUUID()];
    const claim = env.DB.prepare("INSERT INTO queue_deliveries (key, state, lease_until, attempts, updated_at) VALUES (?1, 'claimed', ?2, 1, ?3)");
    await env.DB.batch([
      claim.bind(`mail:${live}`, Date.now() + 60_000, new Date().toISOString()),
      claim.bind(`mail:${stale}`, Date.now() - 1, new Date().toISOString()),
    ]);
    // Someone is sending it now: asked again later rather than sent alongside.
    expect(await deliver('cairn-mail', [mail(live, 'claimed@example.com')])).toEqual({ acked: 0, retried: 1 });
    expect(await deliver('cairn-mail', [mail(stale, 'stopped@example.com')])).toEqual({ acked: 1, retried: 0 });
    expect((await emailsTo('stopped@example.com')).map((email) => email.message_id)).toEqual([stale]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE recipient = 'claimed@example.com'").first<number>('n')).toBe(0);
    await env.DB.prepare('DELETE FROM queue_deliveries WHERE key = ?1').bind(`mail:${live}`).run();
  });

  it('sends an email too large for a queue message from D1, then forgets it', async () => {
    const to = 'large@example.com';
    const attachments = [{ filename: 'a.json', contentType: 'application/json', content: 'x'.repeat(150_000) }];
    await mailerFor(env).send({ kind: 'data-export', to, subject: 'Your data', text: 'Attached.', attachments });
    const [email] = await emailsTo(to, 'data-export');
    expect(JSON.parse(email?.attachments ?? '[]')[0].content).toHaveLength(150_000);
    await mailSettled();
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM mail_parcels WHERE recipient = ?1').bind(to).first<number>('n')).toBe(0);
  });
});

describe('an email that cannot be sent', () => {
  it('is retried, kept in the dead letters with its error after the last retry, and replayed by an operator', async () => {
    resendAnswers(async () => new Response('down', { status: 503 }));
    const id = crypto.randomUUID();
    const to = 'unlucky@example.com';
    // Each failure gives the claim back and asks for the message again, the last one as much as the others.
    expect(await deliver('cairn-mail', [mail(id, to)], WITH_RESEND)).toEqual({ acked: 0, retried: 1 });
    expect(await deliver('cairn-mail', [mail(id, to)], WITH_RESEND, 6)).toEqual({ acked: 0, retried: 1 });
    // The queue then moves it to the dead-letter queue, whose consumer keeps it.
    expect(await deliver('cairn-dead-letters', [mail(id, to)])).toEqual({ acked: 1, retried: 0 });
    vi.restoreAllMocks();

    const marketer = await namedAdmin('queue-marketer');
    expect((await getJson('/admin/dead-letters', { headers: marketer.headers })).status).toBe(403);
    const open = await getJson<Json>('/admin/dead-letters?state=open', { headers: ADMIN_HEADERS });
    const letter = (open.body.letters as Json[]).find((candidate) => candidate.key === `mail:${id}`);
    expect(letter).toMatchObject({ queue: 'mail', type: 'mail', recipient: to, attempts: 2, replayedAt: null });
    expect(letter?.lastError).toMatch(/Resend answered 503/);
    expect(letter?.body.email.subject).toBe(`Hello ${id}`);

    // Replayed, it goes back on the mail queue; this store's consumer delivers it to the outbox.
    const replayed = await getJson<Json>(`/admin/dead-letters/${letter?.id}/replay`, { method: 'POST', headers: ADMIN_HEADERS });
    expect(replayed.status).toBe(202);
    expect((await emailsTo(to)).map((email) => email.message_id)).toEqual([id]);
    const again = await getJson<Json>(`/admin/dead-letters/${letter?.id}/replay`, { method: 'POST', headers: ADMIN_HEADERS });
    expect([again.status, again.body.errorId]).toEqual([409, 'API409']);
    expect((await getJson<Json>('/admin/dead-letters?state=replayed', { headers: ADMIN_HEADERS })).body.letters[0].key).toBe(`mail:${id}`);
    expect((await getJson<Json>('/admin/dead-letters/999999/replay', { method: 'POST', headers: ADMIN_HEADERS })).status).toBe(404);
  });

  it('reaches the dead letters through the real queue after its retries', async () => {
    // A large email whose body is no longer waiting in D1 can never be sent.
    const id = crypto.randomUUID();
    await env.MAIL_QUEUE?.send({ type: 'mail', id, parcel: { to: 'lost@example.com', kind: 'data-export' } });
    const letter = await eventually(
      () => env.DB.prepare('SELECT queue, attempts, last_error FROM dead_letters WHERE key = ?1').bind(`mail:${id}`).first<Json>(),
      (row) => row !== null,
    );
    // max_retries 5: six attempts, each failing.
    expect(letter).toMatchObject({ queue: 'mail', attempts: 6 });
    expect(letter?.last_error).toMatch(/not waiting in mail_parcels/);
  });
});
