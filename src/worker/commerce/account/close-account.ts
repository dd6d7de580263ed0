// Closing an account from the account area or the API: the current password first (the shopper's own
// decision, not a stolen session's), then the deletion, a last email saying it is done, and this session
// ended with the rest (the change the HTTP layer applies).

import type { ActingShopper } from '../../lib/acting-shopper.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { revokeConsumer } from '../identity/refresh-tokens.ts';
import { revokeSession, type SessionChange } from '../identity/session-lifecycle.ts';
import type { CurrentSession } from '../identity/session-state.ts';
import { checkCurrentPassword } from '../identity/sign-in.ts';
import { deleteAccount } from './personal-data.ts';

export async function closeAccount(
  deps: ServiceDeps & { address: string },
  shopper: ActingShopper,
  session: CurrentSession | null,
  password: string,
): Promise<SessionChange> {
  const db = deps.env.DB;
  const { consumerNo } = shopper;
  const consumer = await db
    .prepare('SELECT email, first_name FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL')
    .bind(consumerNo)
    .first<{ email: string; first_name: string | null }>();
  if (!consumer) throw new HttpError('PRO404', 'Profile not loaded');
  await checkCurrentPassword({ db, counters: deps.env.COUNTERS, address: deps.address }, consumerNo, password);
  // Signed out everywhere before anything is erased: a deletion that fails halfway leaves no session behind.
  await revokeConsumer(db, consumerNo);
  await deleteAccount(deps, shopper);
  await mailerFor(deps.env).send({
    kind: 'account-deleted',
    to: consumer.email,
    subject: 'Your Cairn account is deleted',
    text: `Hello${consumer.first_name ? ` ${consumer.first_name}` : ''},\n\nAs you asked, your Cairn account is deleted: your profile, addresses, saved cards, lists, subscriptions and points are gone, and you are signed out everywhere. We keep the records of your orders for as long as the law requires (invoices and warranty), and nothing else.\n`,
  });
  return revokeSession(deps.env, session);
}
