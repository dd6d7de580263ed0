// The seam between a proven identity and a registered session, shared by the token exchange and the
// account page's plain-form sign-in: the guest's favorites and saved-for-later merge into the account's,
// the guest basket id rides along for the cart, an associate's store stays connected, and the guest
// session ends.

import type { Context } from 'hono';
import { birthDateCode, EMPTY_UPDATE_MESSAGE, hasChanges, profileUpdateSchema } from '../../../shared/schema/profile.ts';
import { SIGN_UP_RULES } from '../../../shared/sign-up-rules.ts';
import type { Locale } from '../../../shared/sites.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { endSession, startSession, updateSession } from '../../middleware/session.ts';
import { basketAtSignIn } from '../cart/service.ts';
import { setCartCount } from '../from-request.ts';
import { mergeGuestLists } from '../lists/merge.ts';
import { myStoreAtSignIn } from '../stores/my-store.ts';
import { confirmationPageUrl } from '../subscriptions/newsletter.ts';
import { isConnected } from './associates.ts';
import { type ConsumerRow, consumerByNumber, refreshedClaims, registeredClaims } from './consumers.ts';
import { changePassword } from './password-reset.ts';
import { updateProfile } from './profile-update.ts';
import type { CurrentSession } from './session-state.ts';
import { checkCurrentPassword } from './sign-in.ts';

export interface GuestObjects {
  basketId?: string | undefined;
  favoriteId?: string | undefined;
  saveForLaterId?: string | undefined;
}

export async function openRegisteredSession(c: Context<AppEnv>, consumer: ConsumerRow, guestObjects: GuestObjects = {}): Promise<CurrentSession> {
  const guest = c.get('session');
  const usid = guest?.claims.usid ?? crypto.randomUUID();
  const buyInStore = guest?.claims.buyInStore;
  // Favorites and saved-for-later are not loaded while an associate is connected (account-content §6).
  const lists = isConnected(buyInStore)
    ? {}
    : await mergeGuestLists(c.env.DB, consumer.consumer_no, {
        usid: guest?.claims.usid,
        favoriteId: guestObjects.favoriteId ?? guest?.claims.favoriteId,
        saveForLaterId: guestObjects.saveForLaterId ?? guest?.claims.saveForLaterId,
      });
  // The guest basket becomes the consumer's, or merges into theirs; the cart checks it is this session's.
  const basket = await basketAtSignIn(
    c.env,
    c.req.path.startsWith('/api/') ? apiLocale(c, {}) : c.get('locale'),
    { usid },
    guestObjects.basketId ?? guest?.claims.basketId,
    consumer.consumer_no,
  );
  // The guest session ends here: its refresh family must not live on beside the registered one.
  if (guest) await endSession(c);
  const claims = { ...registeredClaims(consumer, usid, { ...lists, ...(basket ? { basketId: basket.basketId } : {}) }), ...(buyInStore ? { buyInStore } : {}) };
  const session = await startSession(c, claims, { firstName: consumer.first_name ?? undefined });
  // The header counts the signed-in shopper's basket from the next page on.
  setCartCount(c, basket?.units ?? 0);
  await myStoreAtSignIn(c, consumer.consumer_no);
  c.get('logger').info('identity.signed_in', { consumerNo: consumer.consumer_no });
  return session;
}

/**
 * A signed-in shopper's profile update, from the API or the account page's forms: the birth-date codes
 * first (PRO410/411), then the shared schema; at least one field; the session follows the change (a new
 * member id or first name reaches the header at once).
 */
export async function applyProfileUpdate(c: Context<AppEnv>, session: CurrentSession, consumerNo: string, body: unknown, locale: Locale): Promise<void> {
  const today = new Date();
  const details = (body as { consumerProfile?: { consumerDetails?: { birthDate?: unknown } } } | null)?.consumerProfile?.consumerDetails;
  const birthDateProblem = birthDateCode(locale.site.id, today, details?.birthDate);
  if (birthDateProblem) {
    const message = birthDateProblem === 'PRO411' ? 'This field is required' : `You must be at least ${SIGN_UP_RULES[locale.site.id].minimumAge} years old.`;
    throw new HttpError(birthDateProblem, undefined, [{ field: 'consumerProfile.consumerDetails.birthDate', message }]);
  }
  const update = parseOrThrow(profileUpdateSchema(locale.site.id, today), body).consumerProfile;
  if (!hasChanges(update)) throw new HttpError('API400', EMPTY_UPDATE_MESSAGE);
  // The password that a new email needs counts with the account's sign-in attempts, like a password change.
  const currentPassword = update.consumerDetails?.currentPassword;
  if (currentPassword !== undefined) {
    await checkCurrentPassword({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' }, consumerNo, currentPassword);
  }
  await updateProfile(
    {
      db: c.env.DB,
      mailer: mailerFor(c.env),
      siteId: locale.site.id,
      locale: locale.code,
      confirmPageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code),
    },
    consumerNo,
    update,
  );
  const consumer = await consumerByNumber(c.env.DB, consumerNo);
  if (!consumer) throw new HttpError('PRO404');
  await updateSession(c, refreshedClaims(session.claims, consumer), { firstName: consumer.first_name ?? undefined });
}

/**
 * A signed-in shopper's new password, from the API or the account page: every session of the account ends,
 * this one with the rest (a copy of its tokens must not outlive the change), and this device carries on in
 * a fresh session.
 */
export async function changeOwnPassword(
  c: Context<AppEnv>,
  session: CurrentSession,
  consumerNo: string,
  change: { currentPassword: string; newPassword: string },
): Promise<void> {
  await changePassword(c.env.DB, mailerFor(c.env), consumerNo, change);
  await startSession(c, session.claims);
}
