// A link to the account from one of the store's mails (commerce-core §2, the query parameters consumerId
// and email): the guest who follows it starts where it points, signed-in shoppers are told when it was for
// another account. Only a matching pair opens the password step at once, so the link alone says nothing of
// which emails have accounts that the lookup step would not say anyway.

import * as v from 'valibot';
import { SignInEmail } from '../../../shared/schema/identity.ts';
import type { AccountState } from './AccountPage.tsx';

export interface MailLink {
  email: string | null;
  consumerId: string | null;
}

const CONSUMER_ID = /^[A-Za-z0-9-]{1,20}$/;

/** The link's parameters, each dropped unless well formed; null when it names neither. */
export function mailLinkOf(url: URL): MailLink | null {
  const email = v.safeParse(SignInEmail, url.searchParams.get('email') ?? '');
  const consumerId = url.searchParams.get('consumerId') ?? '';
  const link = { email: email.success ? email.output : null, consumerId: CONSUMER_ID.test(consumerId) ? consumerId : null };
  return link.email === null && link.consumerId === null ? null : link;
}

/** A guest's first step: the password step when the link's account is the email's, else the lookup filled in. */
export async function guestStep(db: D1Database, link: MailLink, loyalty: boolean): Promise<AccountState | null> {
  if (link.email === null) return null;
  if (link.consumerId !== null) {
    const owner = await db
      .prepare('SELECT 1 AS found FROM consumers WHERE consumer_no = ?1 AND email = ?2 AND deleted_at IS NULL')
      .bind(link.consumerId, link.email)
      .first<{ found: number }>();
    if (owner) return { view: 'sign-in', email: link.email };
  }
  return { view: 'lookup', email: link.email, loyalty };
}

/** For a signed-in shopper, the account a link was for when it is not theirs: its email, else its number. */
export function otherAccount(link: MailLink | null, own: { consumerNo: string; email: string }): string | null {
  if (!link) return null;
  const otherNumber = link.consumerId !== null && link.consumerId !== own.consumerNo;
  const otherEmail = link.email !== null && link.email.toLowerCase() !== own.email.toLowerCase();
  return otherNumber || otherEmail ? (link.email ?? link.consumerId) : null;
}
