// Schemas of sign-in and the token call (commerce-core §5, §7), with the spec's messages: the API and
// the sign-in forms read the same rules.

import * as v from 'valibot';
import { messages } from './messages.ts';

/** The spec's email check: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const EMAIL_MESSAGE = 'Email is not valid';

export const SignInEmail = v.pipe(
  v.string(messages.required),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(100, messages.maxLength(100)),
  v.regex(EMAIL, EMAIL_MESSAGE),
);

/** base64url of a SHA-256: 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A PKCE verifier: 43 to 128 unreserved characters (the browser's is 32 random bytes, base64url). */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export const SignInBody = v.object({
  username: SignInEmail,
  password: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(200, messages.maxLength(200))),
  codeChallenge: v.pipe(v.string(messages.required), v.regex(CHALLENGE, 'codeChallenge is the base64url SHA-256 of the code verifier.')),
  recaptcha_response: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});

const ID = v.pipe(v.string(), v.maxLength(64), v.regex(/^[\w-]+$/, 'An id is letters, digits, - and _.'));

/** The token call: empty (or type guest) for a guest session; a code and its verifier to sign in. */
export const TokenBody = v.union(
  [
    v.strictObject({ type: v.optional(v.literal('guest')) }),
    v.strictObject({
      authorizationCode: v.pipe(v.string(messages.required), v.regex(/^[A-Za-z0-9_-]{43}$/, 'authorizationCode is the code sign-in answered.')),
      codeVerifier: v.pipe(v.string(messages.required), v.regex(VERIFIER, 'codeVerifier is 43 to 128 letters, digits and - . _ ~.')),
      guestObjects: v.optional(v.strictObject({ basketId: v.optional(ID), favoriteId: v.optional(ID), saveForLaterId: v.optional(ID) })),
      orderNo: v.optional(ID),
      st: v.optional(v.pipe(v.string(), v.maxLength(200))),
      action: v.optional(v.literal('postLogin')),
    }),
  ],
  'The token call takes { "type": "guest" }, or an authorizationCode with its codeVerifier.',
);

export const SignOutBody = v.strictObject({ refreshToken: v.optional(v.pipe(v.string(), v.maxLength(200))) });

export const ProfileQuery = v.object({ includeLoyaltySummary: v.optional(v.picklist(['true', 'false'], 'includeLoyaltySummary is true or false.')) });

export const LookupQuery = v.object({ email: SignInEmail });

const CampaignName = v.pipe(
  v.string(),
  v.maxLength(100, 'campaignName is at most 100 characters.'),
  v.regex(/^[\p{L}\p{N} _.:-]+$/u, 'campaignName is letters, digits, spaces and . _ : -.'),
);

/** What sign-up takes besides the form (commerce-core §7): a challenge to be signed in at once, and where the shopper came from. */
export const SignUpExtras = v.object({
  codeChallenge: v.optional(v.pipe(v.string(), v.regex(CHALLENGE, 'codeChallenge is the base64url SHA-256 of the code verifier.'))),
  recaptcha_response: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  isTemporaryPassword: v.optional(v.literal(false, 'A new account sets its own password.')),
  source: v.optional(
    v.object({
      store: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}$/, 'A store id looks like US-0001.'))),
      acquisitionType: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{1,40}$/, 'acquisitionType is up to 40 letters, digits, . _ and -.'))),
      campaignName: v.optional(CampaignName),
    }),
  ),
});

/**
 * The sign-up's optional source header (commerce-core §7): the channel that signed the shopper up, a lead
 * source or an app's name, short and plain like the leadSource links carry, as it is counted by name.
 */
export const SignUpSourceHeader = v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/, 'The source header is up to 64 letters, digits, . _ and -.'));

export const ResetRequestBody = v.object({ email: SignInEmail });

const NewPassword = v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(200, messages.maxLength(200)));

export const ConfirmResetBody = v.object({
  token: v.pipe(v.string(messages.required), v.regex(/^[\w-]{43}$/, 'token is the one in the reset link.')),
  password: NewPassword,
  confirmPassword: v.pipe(v.string(messages.required), v.nonEmpty(messages.required)),
});

export const ChangePasswordBody = v.object({
  currentPassword: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.maxLength(200, messages.maxLength(200))),
  newPassword: NewPassword,
  confirmPassword: v.pipe(v.string(messages.required), v.nonEmpty(messages.required)),
});

/** An in-store associate connecting a store device (account-content §3, buy-in-store session). */
export const AssociateLoginBody = v.object({
  storeId: v.pipe(v.string(messages.required), v.regex(/^[A-Z]{2}-\d{4}$/, 'Choose a store from the list.')),
  employeeId: v.pipe(v.string(messages.required), v.regex(/^E\d{5}$/, 'Choose your name from the list.')),
  pin: v.pipe(v.string(messages.required), v.nonEmpty(messages.required), v.regex(/^\d{4,8}$/, 'The PIN is 4 to 8 digits.')),
});

/** A store device's enrolment code, as an operator reads it out: twelve letters and digits, grouped or not. */
export const DeviceEnrolBody = v.object({
  deviceCode: v.pipe(
    v.string(messages.required),
    v.trim(),
    v.nonEmpty(messages.required),
    v.maxLength(20, messages.maxLength(20)),
    v.regex(/^[A-Za-z0-9 -]+$/, 'The device code is twelve letters and digits.'),
  ),
});

export const StoreIdParams = v.object({ storeId: v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}$/, 'A store id looks like US-0001.')) });

/**
 * Where a visit came from, as its address says: a leadSource link names the channel (the sign-up's source
 * header) and the carried enrollment_marketing_source the campaign; each only when plain, else nothing.
 */
export function sourceOfVisit(query: URLSearchParams): { channel?: string; campaignName?: string } {
  const channel = query.get('leadSource') ?? '';
  const campaignName = query.get('enrollment_marketing_source') ?? '';
  return {
    ...(v.is(SignUpSourceHeader, channel) ? { channel } : {}),
    ...(v.is(CampaignName, campaignName) ? { campaignName } : {}),
  };
}
