// /{locale}/associate-login and its posts: register the device with an operator's code, connect an
// associate, clear the session. The page is the device's own: private and never stored. Errors come back
// on the page at their fields, in its language.

import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { AssociateLoginBody, DeviceEnrolBody } from '../../../shared/schema/identity.ts';
import type { Errors } from '../../../shared/ui/account-form-frame.tsx';
import { connectAssociate, enrolStoreDevice, isConnected, storeStaff } from '../../commerce/identity/associates.ts';
import { applySessionChange, endRequestSession, ensureRequestSession } from '../../commerce/identity/http-session.ts';
import { reissueSession } from '../../commerce/identity/session-lifecycle.ts';
import { deviceCookie, STORE_DEVICE_COOKIE } from '../../commerce/stores/device-cookie.ts';
import { deviceOf } from '../../commerce/stores/devices.ts';
import type { AppEnv } from '../../env.ts';
import { applyCookieChanges, overHttps } from '../../lib/http-cookies.ts';
import { formRefusal, localizedFieldErrors } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { AssociateLoginPage, type AssociateState } from './AssociateLoginPage.tsx';

type Status = 200 | 400 | 401 | 403 | 404 | 423 | 429;

/** The lockout's codes, worded for a PIN rather than a password. */
const PIN_MESSAGES: Partial<Record<string, MessageKey>> = {
  AUT438: 'associate.wrongPin',
  AUT426: 'associate.lastAttempt',
  AUT423: 'associate.locked',
  AUT441: 'associate.locked',
};

async function page(c: Context<AppEnv>, state: AssociateState, status: Status = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('associate.title')} | ${t('brand.name')}`,
      description: t('associate.intro'),
      pageType: 'account',
      styles: [],
      canonical: `/${locale.code}/associate-login`,
      // The sign-in page may be found (a store's staff look it up); a connected device's page or an answer to a post may not.
      ...(state.view === 'register' && status === 200 && !state.deviceCode ? {} : { robots: 'noindex' }),
    },
    body: <AssociateLoginPage state={state} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export async function associateLoginPage(c: Context<AppEnv>): Promise<Response> {
  const buyInStore = c.get('session')?.claims.buyInStore;
  if (isConnected(buyInStore)) return page(c, { view: 'connected', buyInStore });
  const device = await deviceOf(c.env.DB, getCookie(c, STORE_DEVICE_COOKIE));
  // The staff list is the registered device's: any other browser is asked to register first.
  if (!device) return page(c, { view: 'register', deviceCode: new URL(c.req.url).searchParams.get('deviceCode')?.slice(0, 20) ?? '' });
  return page(c, { view: 'connect', device, staff: await storeStaff(c.env.DB, device.storeId) });
}

/** A device registered with the operator's code keeps its registration in a cookie, then shows its store's associates. */
export async function associateRegisterDevice(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  const parsed = v.safeParse(DeviceEnrolBody, { deviceCode: fields.deviceCode ?? '' });
  if (!parsed.success) {
    const errors = localizedFieldErrors(parsed.issues, t);
    return page(c, { view: 'register', deviceCode: (fields.deviceCode ?? '').slice(0, 20), errors }, 400);
  }
  try {
    const { cookieValue } = await enrolStoreDevice(
      { db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown', correlationId: c.get('correlationId') },
      parsed.output.deviceCode,
    );
    applyCookieChanges(c, [deviceCookie(cookieValue, overHttps(c))]);
  } catch (error) {
    // Too many tries says when to try again, in the limiter's words.
    const { errors, status } = formRefusal(c, error, {
      details: 'none',
      field: () => 'form',
      message: (refused) => (refused.code === 'API429' ? refused.message : undefined),
    });
    return page(c, { view: 'register', deviceCode: parsed.output.deviceCode, errors }, status as Status);
  }
  return c.redirect(`/${locale.code}/associate-login`, 303);
}

export async function associateConnect(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  const device = await deviceOf(c.env.DB, getCookie(c, STORE_DEVICE_COOKIE));
  if (!device) return page(c, { view: 'register', errors: { form: t('error.deviceNotRegistered') } }, 403);
  const again = async (errors: Errors, status: Status) =>
    page(c, { view: 'connect', device, staff: await storeStaff(c.env.DB, device.storeId), employeeId: fields.employeeId ?? '', errors }, status);
  const parsed = v.safeParse(AssociateLoginBody, { storeId: fields.storeId ?? '', employeeId: fields.employeeId ?? '', pin: fields.pin ?? '' });
  if (!parsed.success) {
    return again(localizedFieldErrors(parsed.issues, t), 400);
  }
  try {
    const buyInStore = await connectAssociate(
      { db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' },
      device,
      parsed.output,
    );
    const current = await ensureRequestSession(c);
    // Favorites and saved-for-later are not loaded while an associate is connected (account-content §6).
    const { favoriteId: _favorites, saveForLaterId: _saved, ...rest } = current.claims;
    applySessionChange(c, await reissueSession(c.env, current, { ...rest, buyInStore }));
    c.get('logger').info('identity.associate_connected', { storeId: buyInStore.storeId, employeeId: buyInStore.storeEmployeeId });
  } catch (error) {
    // A wrong PIN is the form's, like a wrong password: it does not say whether the associate exists.
    const { errors, status } = formRefusal(c, error, {
      details: 'none',
      field: () => 'form',
      message: (refused, translate) => {
        const key = PIN_MESSAGES[refused.code];
        return key ? translate(key) : undefined;
      },
    });
    return again(errors, status as Status);
  }
  return c.redirect(`/${locale.code}/associate-login`, 303);
}

/** Clearing ends the session of the shopper who was served and disconnects the associate (account-content §4). */
export async function associateClear(c: Context<AppEnv>): Promise<Response> {
  await endRequestSession(c);
  c.get('logger').info('identity.associate_cleared', {});
  return c.redirect(`/${c.get('locale').code}/associate-login`, 303);
}
