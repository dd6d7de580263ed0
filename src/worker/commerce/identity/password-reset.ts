// Forgotten and changed passwords (commerce-core §4, §8): a reset link, single-use and valid for an hour,
// sent through the Mailer whether or not the email has an account (the answer is the same either way);
// setting a new password, by link or from the account, signs out every session of the consumer (the
// account page and the API then give the device that changed it a fresh one).

import { HttpError } from '../../lib/http-error.ts';
import { digestOf, randomToken } from '../../lib/secret-tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { consumerByEmail, consumerByNumber } from './consumers.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeConsumer } from './refresh-tokens.ts';

export const RESET_SECONDS = 60 * 60;
function hashOf(token: string): Promise<string> {
  return digestOf(`cairn-reset:${token}`);
}

export interface ResetLink {
  /** Where the link leads: the store's forgot-password page in the shopper's locale. */
  pageUrl: string;
}

/** A single-use link that sets the consumer's password, valid for `seconds`. */
export async function passwordLink(db: D1Database, consumerNo: string, link: ResetLink, seconds = RESET_SECONDS): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await db
    .prepare('INSERT INTO password_resets (token_hash, consumer_no, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)')
    .bind(await hashOf(token), consumerNo, now.toISOString(), new Date(now.getTime() + seconds * 1000).toISOString())
    .run();
  return `${link.pageUrl}?token=${token}`;
}

export async function requestReset(db: D1Database, mailer: Mailer, email: string, link: ResetLink): Promise<void> {
  const consumer = await consumerByEmail(db, email.toLowerCase());
  if (!consumer) return;
  const url = await passwordLink(db, consumer.consumer_no, link);
  await mailer.send({
    kind: 'password-reset',
    to: consumer.email,
    subject: 'Reset your Cairn password',
    text: `Hello ${consumer.first_name ?? ''},\n\nTo choose a new password, open this link within the hour:\n${url}\n\nIf you did not ask for it, you can ignore this email: your password stays as it is.\n`,
  });
}

/** Sets the password a reset link allows, once; every session of the consumer ends. */
export async function confirmReset(db: D1Database, mailer: Mailer, token: string, password: string): Promise<string> {
  const hash = await hashOf(token);
  const now = new Date().toISOString();
  const pending = await db
    .prepare(
      'SELECT c.password_hash FROM password_resets r JOIN consumers c ON c.consumer_no = r.consumer_no WHERE r.token_hash = ?1 AND r.used_at IS NULL AND r.expires_at > ?2',
    )
    .bind(hash, now)
    .first<{ password_hash: string }>();
  if (!pending) throw new HttpError('AUT402');
  // Refused before the link is spent, so the shopper can try another password with the same link.
  if (await verifyPassword(password, pending.password_hash))
    throw new HttpError('AUT452', undefined, [{ field: 'password', message: 'Choose a password different from the current one.' }]);
  const claimed = await db
    .prepare('UPDATE password_resets SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING consumer_no')
    .bind(hash, now)
    .first<{ consumer_no: string }>();
  if (!claimed) throw new HttpError('AUT402');
  await db.batch([
    db.prepare('UPDATE consumers SET password_hash = ?2, updated_at = ?3 WHERE consumer_no = ?1').bind(claimed.consumer_no, await hashPassword(password), now),
    // The other links sent before this one are spent too.
    db.prepare('UPDATE password_resets SET used_at = ?2 WHERE consumer_no = ?1 AND used_at IS NULL').bind(claimed.consumer_no, now),
  ]);
  await revokeConsumer(db, claimed.consumer_no);
  await notifyChange(db, mailer, claimed.consumer_no);
  return claimed.consumer_no;
}

/**
 * A new password for a signed-in consumer whose current one the caller has checked (checkCurrentPassword,
 * which counts the tries). Every session ends, the caller's too: a copy of its tokens must not outlive the
 * change, so the caller starts the device a fresh one.
 */
export async function changePassword(
  db: D1Database,
  mailer: Mailer,
  consumerNo: string,
  change: { currentPassword: string; newPassword: string; verifiedHash: string },
): Promise<void> {
  if (change.currentPassword === change.newPassword)
    throw new HttpError('AUT451', undefined, [{ field: 'newPassword', message: 'Choose a password different from the current one.' }]);
  // Only over the password that was checked: a reset or another device's change landing in between wins, and
  // this one fails rather than overwrite it with a password checked against the old one.
  const changed = await db
    .prepare('UPDATE consumers SET password_hash = ?2, updated_at = ?3 WHERE consumer_no = ?1 AND password_hash = ?4')
    .bind(consumerNo, await hashPassword(change.newPassword), new Date().toISOString(), change.verifiedHash)
    .run();
  if (changed.meta.changes === 0)
    throw new HttpError('PRO415', undefined, [{ field: 'currentPassword', message: 'Your password was changed meanwhile. Sign in again with the new one.' }]);
  await revokeConsumer(db, consumerNo);
  await notifyChange(db, mailer, consumerNo);
}

async function notifyChange(db: D1Database, mailer: Mailer, consumerNo: string): Promise<void> {
  const consumer = await consumerByNumber(db, consumerNo);
  if (!consumer) return;
  await mailer.send({
    kind: 'password-changed',
    to: consumer.email,
    subject: 'Your Cairn password was changed',
    text: `Hello ${consumer.first_name ?? ''},\n\nThe password of your Cairn account was just changed, and every other device was signed out.\nIf this was not you, reset your password at once and contact us.\n`,
  });
}
