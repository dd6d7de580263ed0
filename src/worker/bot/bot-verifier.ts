// The bot check on sign-in, sign-up, a guest's delivery address, placing an order (commerce-core §5) and saving a card to
// the account (account-content §6): Cloudflare Turnstile's
// siteverify when TURNSTILE_SECRET is set; locally a verifier that passes unless BOT_CHECK is set to
// "fail", so the refusal path can be tried by hand and by tests. A production build without a secret
// refuses every check rather than wave bots through, unless BOT_CHECK=pass says otherwise on purpose.

import { HttpError } from '../lib/http-error.ts';

export type BotAction = 'login' | 'register' | 'placeOrder' | 'contact' | 'shippingAddress' | 'saveCard';

export interface BotVerifier {
  /** Whether the token the form's widget produced proves a person, for this action. */
  verify(token: string | undefined, action: BotAction, address: string | undefined): Promise<boolean>;
}

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function turnstileVerifier(secret: string, fetcher: typeof fetch = fetch): BotVerifier {
  return {
    async verify(token, action, address) {
      if (!token || token.length > 2048) return false;
      const body = new FormData();
      body.set('secret', secret);
      body.set('response', token);
      if (address) body.set('remoteip', address);
      body.set('idempotency_key', crypto.randomUUID());
      const response = await fetcher(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`Turnstile siteverify answered ${response.status}`);
      const outcome = (await response.json()) as { success?: boolean; action?: string };
      // A token minted for another form (say, the newsletter) does not vouch for a sign-in.
      return outcome.success === true && (outcome.action === undefined || outcome.action === action);
    },
  };
}

export function localVerifier(result: 'pass' | 'fail'): BotVerifier {
  return { verify: async () => result === 'pass' };
}

export interface BotEnv {
  ENVIRONMENT: string;
  TURNSTILE_SECRET?: string;
  /** "fail" makes every check fail; "pass" lets a production build run without Turnstile (the bench). */
  BOT_CHECK?: string;
}

export function botVerifierFor(env: BotEnv): BotVerifier {
  if (env.TURNSTILE_SECRET) return turnstileVerifier(env.TURNSTILE_SECRET);
  if (env.BOT_CHECK === 'fail') return localVerifier('fail');
  // Only an explicit choice turns the check off on a production build (the bench runs one locally).
  return localVerifier(env.BOT_CHECK === 'pass' || env.ENVIRONMENT !== 'production' ? 'pass' : 'fail');
}

/**
 * The check every form and call makes: a refusal is AUT403, which the client reads as "show the challenge".
 * A verifier that cannot answer (Turnstile down or unreachable) is the sign-in system's failure, AUT500: the
 * shopper tries again, and nobody is let through unchecked.
 */
export async function requireHuman(env: BotEnv, token: string | undefined, action: BotAction, address: string | undefined): Promise<void> {
  let human: boolean;
  try {
    human = await botVerifierFor(env).verify(token, action, address);
  } catch (error) {
    throw new HttpError('AUT500', undefined, undefined, { cause: error });
  }
  if (!human) throw new HttpError('AUT403');
}
