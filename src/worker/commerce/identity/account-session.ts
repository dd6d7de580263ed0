// The seam between a proven identity and a registered session, shared by the token exchange, the account
// page's plain-form sign-in and an order's claim: the guest's favorites and saved-for-later merge into the
// account's, the guest basket id rides along for the cart, an associate's store stays connected, and the
// guest session ends. Also the changes a signed-in shopper makes that the session follows (a profile, a
// password). Values in, values out: the session change and cookies are for the HTTP layer to apply.

import { SIGN_UP_RULES } from '../../../shared/account/sign-up-rules.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { birthDateCode, EMPTY_UPDATE_MESSAGE, hasChanges, profileUpdateSchema } from '../../../shared/schema/profile.ts';
import type { Bindings } from '../../env.ts';
import type { CookieChange } from '../../lib/cookie-change.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Logger } from '../../lib/logger.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { cartCountCookie } from '../../lib/store-cookies.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { basketAtSignIn } from '../cart/service.ts';
import { mergeGuestLists } from '../lists/merge.ts';
import { myStoreAtSignIn } from '../stores/my-store.ts';
import { confirmationPageUrl } from '../subscriptions/newsletter.ts';
import { isConnected } from './associates.ts';
import { type ConsumerRow, consumerByNumber, refreshedClaims, registeredClaims } from './consumers.ts';
import { changePassword } from './password-reset.ts';
import { updateProfile } from './profile-update.ts';
import { followedBy, mintSession, reissueSession, revokeSession, type SessionChange } from './session-lifecycle.ts';
import type { CurrentSession } from './session-state.ts';
import { checkCurrentPassword } from './sign-in.ts';

export interface GuestObjects {
  basketId?: string | undefined;
  favoriteId?: string | undefined;
  saveForLaterId?: string | undefined;
}

export interface SignInDeps {
  env: Bindings;
  logger: Logger;
  /** The locale the guest basket is priced in. */
  locale: Locale;
  /** Whether cookies that follow the request's scheme are Secure (the my-store cookie). */
  secureCookies: boolean;
}

/** What the browser held before signing in: its guest session and its store. */
export interface SignInGuest {
  session: CurrentSession | null;
  myStore: string | undefined;
}

export interface SignedIn {
  session: SessionChange;
  /** The header's basket count and the account's store. */
  cookies: CookieChange[];
}

export async function openRegisteredSession(deps: SignInDeps, guest: SignInGuest, consumer: ConsumerRow, guestObjects: GuestObjects = {}): Promise<SignedIn> {
  const { env } = deps;
  const guestClaims = guest.session?.claims;
  const usid = guestClaims?.usid ?? crypto.randomUUID();
  const buyInStore = guestClaims?.buyInStore;
  // Favorites and saved-for-later are not loaded while an associate is connected (account-content §6).
  const lists = isConnected(buyInStore)
    ? {}
    : await mergeGuestLists(env.DB, consumer.consumer_no, {
        usid: guestClaims?.usid,
        favoriteId: guestObjects.favoriteId ?? guestClaims?.favoriteId,
        saveForLaterId: guestObjects.saveForLaterId ?? guestClaims?.saveForLaterId,
      });
  // The guest basket becomes the consumer's, or merges into theirs; the cart checks it is this session's.
  const basket = await basketAtSignIn(env, deps.locale, { usid }, guestObjects.basketId ?? guestClaims?.basketId, consumer.consumer_no);
  // The guest session ends here: its refresh family must not live on beside the registered one.
  const ended = guest.session ? await revokeSession(env, guest.session) : null;
  const claims = { ...registeredClaims(consumer, usid, { ...lists, ...(basket ? { basketId: basket.basketId } : {}) }), ...(buyInStore ? { buyInStore } : {}) };
  const started = await mintSession(env, claims, { firstName: consumer.first_name ?? undefined });
  // The header counts the signed-in shopper's basket from the next page on.
  const cookies = [cartCountCookie(basket?.units ?? 0)];
  const myStore = await myStoreAtSignIn(env.DB, consumer.consumer_no, guest.myStore, deps.secureCookies);
  if (myStore) cookies.push(myStore);
  deps.logger.info('identity.signed_in', { consumerNo: consumer.consumer_no });
  return { session: ended ? followedBy(ended, started) : started, cookies };
}

/**
 * A signed-in shopper's profile update, from the API or the account page's forms: the birth-date codes
 * first (PRO410/411), then the shared schema; at least one field; the session follows the change (a new
 * member id or first name reaches the header at once).
 */
export async function applyProfileUpdate(
  deps: { env: Bindings; address: string },
  session: CurrentSession,
  consumerNo: string,
  body: unknown,
  locale: Locale,
  today = new Date(),
): Promise<SessionChange> {
  const { env } = deps;
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
    await checkCurrentPassword({ db: env.DB, counters: env.COUNTERS, address: deps.address }, consumerNo, currentPassword);
  }
  await updateProfile(
    { db: env.DB, mailer: mailerFor(env), siteId: locale.site.id, locale: locale.code, confirmPageUrl: confirmationPageUrl(publicOrigin(env), locale.code) },
    consumerNo,
    update,
  );
  const consumer = await consumerByNumber(env.DB, consumerNo);
  if (!consumer) throw new HttpError('PRO404');
  return reissueSession(env, session, refreshedClaims(session.claims, consumer), { firstName: consumer.first_name ?? undefined });
}

/**
 * A signed-in shopper's new password, from the API or the account page: every session of the account ends,
 * this one with the rest (a copy of its tokens must not outlive the change), and this device carries on in
 * a fresh session.
 */
export async function changeOwnPassword(
  env: Bindings,
  session: CurrentSession,
  consumerNo: string,
  change: { currentPassword: string; newPassword: string; verifiedHash: string },
): Promise<SessionChange> {
  await changePassword(env.DB, mailerFor(env), consumerNo, change);
  return mintSession(env, session.claims);
}
