// The local outbox as the journeys read it: email goes through the mail queue, so it arrives a moment after the
// page that sent it has answered; the journey waits for it (expect.poll) rather than racing the queue.

import type { APIRequestContext } from '@playwright/test';
import { ADMIN, expect } from './fixtures.ts';

export interface SentEmail {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
}

/** The newest email of a kind (any kind, when not named) sent to an address, once it has arrived. */
export async function emailTo(request: APIRequestContext, to: string, kind?: string): Promise<SentEmail> {
  let found: SentEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/admin/outbox?to=${encodeURIComponent(to)}&limit=20`, { headers: ADMIN });
        const { emails } = (await response.json()) as { emails: SentEmail[] };
        found = emails.find((email) => !kind || email.kind === kind);
        return Boolean(found);
      },
      { message: `a ${kind ?? ''} email to ${to} in the outbox`, timeout: 15_000 },
    )
    .toBe(true);
  return found as SentEmail;
}
