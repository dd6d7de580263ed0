// The calls the sign-in dialog makes, each answering its body or throwing an ApiError the dialog places.

import { sourceOfVisit } from '../../../shared/schema/identity.ts';
import type { ConsumerProfile } from '../../../shared/schema/profile.ts';
import { api } from '../../api.ts';
import { ApiError, readAnswer } from '../../api-answer.ts';
import { challengeOf, newVerifier } from './pkce.ts';

export type Profile = ConsumerProfile;

const TOKEN_RETRY_MS = 2000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function lookup(email: string): Promise<boolean> {
  const answer = await readAnswer<{ exists: boolean }>(await api['consumers-v3'].consumer.lookup.$get({ query: { email } }));
  return answer.exists;
}

/**
 * The code's exchange for the session: whether one was opened. A 403 on a token call is ignored (commerce-core
 * §7): this store answers it only when it refused the call before it ran (the same-origin check), so the code
 * is not spent and the browser's session is the one it had: the shopper goes on as the guest they were, told
 * nothing, with no bot challenge raised. Every other refusal is an ApiError; a 409 (the same code already
 * being exchanged) is tried once more after 2 s.
 */
async function exchange(authorizationCode: string, codeVerifier: string): Promise<boolean> {
  // Signed in on a guest order's confirmation: its number and token go along, and the order joins the account.
  const query = new URLSearchParams(location.pathname.endsWith('/order-confirmation') ? location.search : '');
  const orderNo = query.get('orderNo');
  const st = query.get('st');
  const order = orderNo && st ? { orderNo, st } : {};
  const attempt = async (): Promise<boolean> => {
    const response = await api.token.v2.auth.token.$post({ json: { authorizationCode, codeVerifier, action: 'postLogin', ...order } });
    if (response.status === 403) return false;
    await readAnswer(response);
    return true;
  };
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    await wait(TOKEN_RETRY_MS);
    return attempt();
  }
}

/** Signs in: whether the session was opened (not when the token call's 403 was ignored). */
export async function signIn(email: string, password: string, botToken: string | undefined): Promise<boolean> {
  const verifier = newVerifier();
  const { authorizationCode } = await readAnswer<{ authorizationCode: string }>(
    await api['consumers-v3'].auth.signin.$post({
      json: { username: email, password, codeChallenge: await challengeOf(verifier), ...(botToken ? { recaptcha_response: botToken } : {}) },
    }),
  );
  return exchange(authorizationCode, verifier);
}

/**
 * The new account, and whether its session followed. An exchange that fails leaves a created account to sign in
 * to: `refused` is the failure to report, absent when the token call's 403 was ignored.
 */
export async function signUp(
  body: Record<string, unknown>,
  botToken: string | undefined,
): Promise<{ memberId: string | null; signedIn: boolean; refused?: unknown }> {
  const verifier = newVerifier();
  // Where the visit came from: a leadSource link's channel goes as the source header, the carried campaign in the body.
  const { channel, campaignName } = sourceOfVisit(new URLSearchParams(location.search));
  const created = await readAnswer<{ authorizationCode: string | null; memberId: string | null }>(
    await api['consumers-v3'].auth.signup.$post(
      {
        json: {
          ...body,
          codeChallenge: await challengeOf(verifier),
          source: { acquisitionType: 'sign-up-dialog', ...(campaignName ? { campaignName } : {}) },
          ...(botToken ? { recaptcha_response: botToken } : {}),
        },
      },
      channel ? { headers: { source: channel } } : {},
    ),
  );
  if (!created.authorizationCode) return { memberId: created.memberId, signedIn: false };
  try {
    return { memberId: created.memberId, signedIn: await exchange(created.authorizationCode, verifier) };
  } catch (refused) {
    return { memberId: created.memberId, signedIn: false, refused };
  }
}

export async function readProfile(): Promise<Profile> {
  const answer = await readAnswer<{ consumerProfile: Profile }>(await api['consumers-v3'].consumer.$get({ query: { includeLoyaltySummary: 'true' } }));
  return answer.consumerProfile;
}

export async function updateProfile(consumerProfile: Record<string, unknown>): Promise<Profile> {
  const answer = await readAnswer<{ consumerProfile: Profile }>(await api['consumers-v3'].consumer.$put({ json: { consumerProfile } }));
  return answer.consumerProfile;
}

export async function requestReset(email: string): Promise<void> {
  await readAnswer(await api['consumers-v3'].consumer.resetpassword.$post({ json: { email } }));
}
