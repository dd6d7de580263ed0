// What identity tests share: a PKCE verifier, cookies read and sent back, and a full sign-in (code, then
// the token exchange) that answers the session's cookie header.

import { challengeOf } from '../../src/worker/commerce/identity/authorization-codes.ts';
import { getJson, ORIGIN, request } from './helpers.ts';

type Json = Record<string, any>;
export const JSON_POST = { 'content-type': 'application/json', origin: ORIGIN };

export function verifier(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cookies a response sets, by name (a cleared cookie has an empty value). */
export function cookiesOf(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0] as string;
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

export const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** Signs in through the code flow; `cookie` is the session's cookie header ('' when refused). */
export async function signedIn(email: string, password: string, address: string, options: { cookie?: string; guestObjects?: Json } = {}) {
  const codeVerifier = verifier();
  const signIn = await getJson<Json>('/api/consumers-v3/auth/signin', {
    method: 'POST',
    headers: { ...JSON_POST, 'cf-connecting-ip': address, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: JSON.stringify({ username: email, password, codeChallenge: await challengeOf(codeVerifier) }),
  });
  if (signIn.status !== 200) return { status: signIn.status, body: signIn.body, cookie: '' };
  const token = await request('/api/token/v2/auth/token', {
    method: 'POST',
    headers: { ...JSON_POST, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: JSON.stringify({
      authorizationCode: signIn.body.authorizationCode,
      codeVerifier,
      ...(options.guestObjects ? { guestObjects: options.guestObjects } : {}),
    }),
  });
  return { status: token.status, body: (await token.json()) as Json, cookie: cookieHeader(cookiesOf(token)) };
}
