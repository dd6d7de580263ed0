// Identity API (commerce-core §7, Authentication): the token call (a guest session, or the exchange of a
// sign-in code and its verifier for a registered one), sign-in and sign-out. Sessions ride in HttpOnly
// cookies; answers say what the session is, never its tokens.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import {
  AssociateLoginBody,
  ChangePasswordBody,
  ConfirmResetBody,
  DeviceEnrolBody,
  LookupQuery,
  ProfileQuery,
  ResetRequestBody,
  SignInBody,
  SignOutBody,
  SignUpExtras,
  SignUpSourceHeader,
  StoreIdParams,
  TokenBody,
} from '../../../shared/schema/identity.ts';
import { PasswordSchema, signUpSchema } from '../../../shared/schema/sign-up.ts';
import { type BotAction, requireHuman } from '../../bot/bot-verifier.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { applyCookieChanges, overHttps } from '../../lib/http-cookies.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin, publicUrl } from '../../lib/public-origin.ts';
import { envelope } from '../../lib/respond.ts';
import { parseOrThrow, valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { requestDevice } from '../from-request.ts';
import { attachGuestOrder } from '../orders/access.ts';
import { deviceCookie } from '../stores/device-cookie.ts';
import { requireDeviceOf } from '../stores/devices.ts';
import { favouriteStoreOfShopper, MY_STORE_COOKIE } from '../stores/my-store.ts';
import { confirmationPageUrl } from '../subscriptions/newsletter.ts';
import { applyProfileUpdate, changeOwnPassword } from './account-session.ts';
import { connectAssociate, enrolStoreDevice, isConnected, storeStaff } from './associates.ts';
import { issueCode, recordExchange, redeemCode } from './authorization-codes.ts';
import { consumerByNumber } from './consumers.ts';
import { applySessionChange, endRequestSession, ensureRequestSession, requestAddress, signInRequest } from './http-session.ts';
import { createInStoreProfile } from './in-store-profile.ts';
import { confirmReset, requestReset } from './password-reset.ts';
import { accountExists, readProfile } from './profile.ts';
import { revokeByToken } from './refresh-tokens.ts';
import { mintGuestSession, reissueSession } from './session-lifecycle.ts';
import type { CurrentSession } from './session-state.ts';
import { SESSION_SECONDS } from './session-token.ts';
import { checkCurrentPassword, limitAddress, signIn, unlockSignIn } from './sign-in.ts';
import { createConsumer, sendWelcome } from './sign-up.ts';

async function sessionAnswer(c: Context<AppEnv>, { claims }: CurrentSession, extra: Record<string, unknown> = {}) {
  c.header('Cache-Control', 'no-store');
  // A registered session's store is the account's; a guest's is the one their cookie names.
  const favStoreId = await favouriteStoreOfShopper(c.env.DB, claims.type === 'registered' ? claims.consumerNo : undefined, getCookie(c, MY_STORE_COOKIE));
  return c.json(
    envelope(c, {
      usid: claims.usid,
      type: claims.type,
      ...(claims.consumerNo ? { consumerNo: claims.consumerNo, consumerType: claims.consumerType ?? null, memberId: claims.memberId ?? null } : {}),
      // The shopper's own basket and lists (commerce-core §3, Auth data), for the stores to load.
      basketId: claims.basketId ?? null,
      favoriteId: claims.favoriteId ?? null,
      favStoreId,
      saveForLaterId: claims.saveForLaterId ?? null,
      buyInStore: claims.buyInStore ?? null,
      ...extra,
      expiresIn: SESSION_SECONDS,
    }),
  );
}

const address = requestAddress;

const checkBot = (c: Context<AppEnv>, token: string | undefined, action: BotAction) => requireHuman(c.env, token, action, c.req.header('cf-connecting-ip'));

/** The sign-up's optional source header (commerce-core §7), refused at the header when it is not a plain name. */
function sourceHeader(c: Context<AppEnv>): string | undefined {
  const value = c.req.header('source')?.trim();
  if (!value) return undefined;
  const checked = v.safeParse(SignUpSourceHeader, value);
  if (!checked.success)
    throw new HttpError('API400', `headers.source: ${checked.issues[0].message}`, [{ field: 'headers.source', message: checked.issues[0].message }]);
  return checked.output;
}

/** A new password: too short is FE872, a confirmation that differs FE340, any other broken rule API400 on its field. */
function checkNewPassword(password: string, confirmation: string, field: string): void {
  if (password.length < 8) throw new HttpError('FE872', undefined, [{ field, message: 'Password must contain at least 8 characters' }]);
  parseOrThrow(v.object({ [field]: PasswordSchema }), { [field]: password });
  if (password !== confirmation) throw new HttpError('FE340', undefined, [{ field: 'confirmPassword', message: `Value must be the same as ${field}` }]);
}

export const identityRoutes = new Hono<AppEnv>()
  .post('/token/v2/auth/token', valid('json', TokenBody), async (c) => {
    const body = c.req.valid('json');
    if (!('authorizationCode' in body)) {
      // A shopper who already has a session keeps it: asking again never downgrades a signed-in session.
      return sessionAnswer(c, await ensureRequestSession(c));
    }
    const redemption = await redeemCode(c.env.DB, body.authorizationCode, body.codeVerifier);
    if (!redemption.ok) {
      const current = c.get('session');
      if (redemption.reason === 'used') {
        // The retry after a 409 (commerce-core §7): the first exchange has finished and this browser holds its session.
        if (current && redemption.sessionFamily === current.familyId && current.claims.consumerNo === redemption.consumerNo) return sessionAnswer(c, current);
        // Still being exchanged, or exchanged a moment ago for a duplicate that left before the answer's cookies came back.
        if (redemption.retry) throw new HttpError('AUT409');
      }
      throw new HttpError('AUT432');
    }
    const consumer = await consumerByNumber(c.env.DB, redemption.consumerNo);
    if (!consumer) throw new HttpError('AUT432');
    const session = await signInRequest(c, consumer, body.guestObjects ?? {});
    await recordExchange(c.env.DB, redemption.codeHash, session.familyId);
    // Signed in from a guest order's confirmation: that order joins the account (commerce-core §7 postLogin).
    const orderAttached =
      body.action === 'postLogin' && body.orderNo && body.st
        ? await attachGuestOrder(c.env.DB, { consumerNo: consumer.consumer_no, email: consumer.email }, body.orderNo, body.st)
        : undefined;
    // An employee who has not accepted the discount terms is shown them (commerce-core §4).
    return sessionAnswer(c, session, {
      ...(consumer.consumer_type === 'EMPLOYEE' ? { isEmployeeDiscountTCAccepted: consumer.employee_terms_accepted_at !== null } : {}),
      ...(orderAttached === undefined ? {} : { orderAttached }),
    });
  })
  .post('/consumers-v3/auth/signin', valid('json', SignInBody, { username: 'AUT453' }), async (c) => {
    const body = c.req.valid('json');
    await checkBot(c, body.recaptcha_response, 'login');
    const authorizationCode = await signIn(
      { db: c.env.DB, counters: c.env.COUNTERS, address: address(c) },
      { email: body.username, password: body.password, challenge: body.codeChallenge },
    );
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { authorizationCode }));
  })
  .post('/consumers-v3/consumer/agent/login', valid('json', SignInBody, { username: 'AUT453' }), async (c) => {
    const body = c.req.valid('json');
    await checkBot(c, body.recaptcha_response, 'login');
    const authorizationCode = await signIn(
      { db: c.env.DB, counters: c.env.COUNTERS, address: address(c) },
      { email: body.username, password: body.password, challenge: body.codeChallenge, employeesOnly: true },
    );
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { authorizationCode }));
  })
  .get('/utilities/stores/:storeId/employees', valid('param', StoreIdParams), async (c) => {
    // Who works where, and their badge numbers, is for the store's own registered devices.
    const { storeId } = c.req.valid('param');
    requireDeviceOf(await requestDevice(c), storeId);
    const staff = await storeStaff(c.env.DB, storeId);
    // Who works where is nobody's to keep: not cached on the way.
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, staff));
  })
  .post('/consumers-v3/associate/device', valid('json', DeviceEnrolBody), async (c) => {
    const { device, cookieValue } = await enrolStoreDevice(
      { db: c.env.DB, counters: c.env.COUNTERS, address: address(c), correlationId: c.get('correlationId') },
      c.req.valid('json').deviceCode,
    );
    applyCookieChanges(c, [deviceCookie(cookieValue, overHttps(c))]);
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { device }), 201);
  })
  .post('/consumers-v3/associate/session', valid('json', AssociateLoginBody), async (c) => {
    const buyInStore = await connectAssociate({ db: c.env.DB, counters: c.env.COUNTERS, address: address(c) }, await requestDevice(c), c.req.valid('json'));
    const current = await ensureRequestSession(c);
    const { favoriteId: _f, saveForLaterId: _s, ...rest } = current.claims;
    applySessionChange(c, await reissueSession(c.env, current, { ...rest, buyInStore }));
    c.get('logger').info('identity.associate_connected', { storeId: buyInStore.storeId, employeeId: buyInStore.storeEmployeeId });
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { buyInStore }));
  })
  .delete('/consumers-v3/associate/session', async (c) => {
    // Clearing removes everything of the shopper who was served: their session ends, and the associate signs in again.
    await endRequestSession(c);
    const locale = apiLocale(c, {});
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { cleared: true, next: `/${locale.code}/associate-login` }));
  })
  .get('/consumers-v3/consumer', valid('query', ProfileQuery), async (c) => {
    const claims = c.get('session')?.claims;
    if (claims?.type !== 'registered' || !claims.consumerNo) throw new HttpError('AUT401', 'Sign in to see your profile.');
    const consumerProfile = await readProfile(c.env.DB, claims.consumerNo, { includeLoyaltySummary: c.req.valid('query').includeLoyaltySummary === 'true' });
    if (!consumerProfile) throw new HttpError('AUT401', 'Sign in to see your profile.');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { consumerProfile }));
  })
  .put('/consumers-v3/consumer', valid('json', v.looseObject({})), async (c) => {
    const session = c.get('session');
    const consumerNo = session?.claims.type === 'registered' ? session.claims.consumerNo : undefined;
    if (!session || !consumerNo) throw new HttpError('AUT401', 'Sign in to update your profile.');
    applySessionChange(c, await applyProfileUpdate({ env: c.env, address: address(c) }, session, consumerNo, c.req.valid('json'), apiLocale(c, {})));
    const consumerProfile = await readProfile(c.env.DB, consumerNo, { includeLoyaltySummary: false });
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { consumerProfile }));
  })
  .post('/consumers-v3/consumer', valid('json', v.looseObject({})), async (c) => {
    // Creating a profile for someone else is an associate's job at the till; shoppers sign up.
    const buyInStore = c.get('session')?.claims.buyInStore;
    if (!isConnected(buyInStore)) throw new HttpError('AUT404', 'Profiles are created by a store associate. To open your own account, sign up.');
    requireDeviceOf(await requestDevice(c), buyInStore.storeId);
    const locale = apiLocale(c, {});
    const created = await createInStoreProfile(
      {
        db: c.env.DB,
        mailer: mailerFor(c.env),
        siteId: locale.site.id,
        locale: locale.code,
        confirmPageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code),
        passwordPageUrl: publicUrl(c.env, `/${locale.code}/forgot-password`),
      },
      buyInStore,
      c.req.valid('json'),
      new Date(),
    );
    c.get('logger').info('identity.profile_created_in_store', { consumerNo: created.consumerNo, storeId: buyInStore.storeId });
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, created), 201);
  })
  .get('/consumers-v3/consumer/lookup', valid('query', LookupQuery, { email: 'AUT453' }), async (c) => {
    // An address that looks up too many emails is refused like one that tries too many passwords; finding
    // one's own account (the sign-in dialog's first step) is no failure.
    const attempt = await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: address(c) }, 'signin');
    const exists = await accountExists(c.env.DB, c.req.valid('query').email.toLowerCase());
    if (exists) await attempt.forgive();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { exists, nextStep: exists ? 'sign-in' : 'sign-up' }));
  })
  .post('/consumers-v3/auth/signup', valid('json', v.looseObject({})), async (c) => {
    const body = c.req.valid('json');
    const locale = apiLocale(c, {});
    const extras = parseOrThrow(SignUpExtras, body);
    const channel = sourceHeader(c);
    const form = parseOrThrow(signUpSchema(locale.site.id, new Date()), body);
    await checkBot(c, extras.recaptcha_response, 'register');
    await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: address(c) }, 'signup');
    const created = await createConsumer(c.env.DB, form, { siteId: locale.site.id, locale: locale.code, source: { ...extras.source, channel } });
    c.get('logger').info('identity.signed_up', { consumerNo: created.consumerNo, channel: channel ?? null, source: extras.source ?? null });
    await sendWelcome(
      {
        db: c.env.DB,
        mailer: mailerFor(c.env),
        siteId: locale.site.id,
        locale: locale.code,
        confirmPageUrl: confirmationPageUrl(publicOrigin(c.env), locale.code),
      },
      form,
      created,
    );
    // Signed in at once (commerce-core §4): the browser exchanges this code as after a sign-in.
    const authorizationCode = extras.codeChallenge ? await issueCode(c.env.DB, created.consumerNo, extras.codeChallenge) : null;
    c.header('Cache-Control', 'no-store');
    return c.json(envelope(c, { ...created, authorizationCode }), 201);
  })
  .post('/consumers-v3/consumer/resetpassword', valid('json', ResetRequestBody, { email: 'AUT453' }), async (c) => {
    await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: address(c) }, 'signin');
    const locale = apiLocale(c, {});
    await requestReset(c.env.DB, mailerFor(c.env), c.req.valid('json').email, { pageUrl: publicUrl(c.env, `/${locale.code}/forgot-password`) });
    // The same answer whether or not the email has an account.
    return c.json(envelope(c, { sent: true }), 202);
  })
  .post('/consumers-v3/confirmforgotpassword', valid('json', ConfirmResetBody), async (c) => {
    const body = c.req.valid('json');
    checkNewPassword(body.password, body.confirmPassword, 'password');
    const consumerNo = await confirmReset(c.env.DB, mailerFor(c.env), body.token, body.password);
    await unlockSignIn({ db: c.env.DB, counters: c.env.COUNTERS }, consumerNo);
    // Every session of the account ended, this browser's included: it signs in with the new password.
    if (c.get('session')?.claims.type === 'registered') await endRequestSession(c);
    return c.json(envelope(c, { reset: true }));
  })
  .post('/consumers-v3/consumer/changepassword', valid('json', ChangePasswordBody), async (c) => {
    const session = c.get('session');
    if (session?.claims.type !== 'registered' || !session.claims.consumerNo) throw new HttpError('AUT401', 'Sign in to change your password.');
    const body = c.req.valid('json');
    checkNewPassword(body.newPassword, body.confirmPassword, 'newPassword');
    const verifiedHash = await checkCurrentPassword(
      { db: c.env.DB, counters: c.env.COUNTERS, address: address(c) },
      session.claims.consumerNo,
      body.currentPassword,
    );
    applySessionChange(
      c,
      await changeOwnPassword(c.env, session, session.claims.consumerNo, {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        verifiedHash,
      }),
    );
    return c.json(envelope(c, { changed: true }));
  })
  .post('/consumers-v3/consumer/auth/signout', valid('json', SignOutBody), async (c) => {
    const { refreshToken } = c.req.valid('json');
    // An API client hands its refresh token back; a browser's is in its cookie and ends with the session.
    if (refreshToken) await revokeByToken(c.env.DB, refreshToken);
    const buyInStore = c.get('session')?.claims.buyInStore;
    await endRequestSession(c);
    // Signed out is a guest again, with a fresh session and nothing of the last one, but for the store
    // device's associate, who stays connected until they clear the session.
    if (isConnected(buyInStore)) return sessionAnswer(c, applySessionChange(c, await mintGuestSession(c.env, { buyInStore })) as CurrentSession);
    return sessionAnswer(c, await ensureRequestSession(c));
  });
