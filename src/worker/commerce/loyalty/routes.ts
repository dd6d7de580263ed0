// The Cairn Club's member calls (account-content §7): the welcome promotion and the loyalty token with
// the referral link. The vouchers are the cart's (they are spent there). A non-member is 4044.

import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { valid } from '../../lib/validate.ts';
import { loyaltyToken, memberOf, welcomePromotion } from './programme.ts';

const TokenBody = v.object({
  usid: v.pipe(v.string('usid is the session’s anonymous id.'), v.maxLength(100)),
  referralCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(16, 'referralCode is at most 16 characters.'))),
});

function memberNo(c: { get(key: 'session'): AppEnv['Variables']['session'] }): string {
  return signedInShopper(c, 'see your Cairn Club membership');
}

export const loyaltyRoutes = new Hono<AppEnv>()
  .get('/consumers-v3/consumer/loyalty/promo/welcome', async (c) => {
    const member = await memberOf(c.env.DB, memberNo(c));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { promotion: await welcomePromotion(c.env.DB, member, apiLocale(c, {}).site.id) }));
  })
  .post('/consumers-v3/consumer/loyalty/token', valid('json', TokenBody), async (c) => {
    const member = await memberOf(c.env.DB, memberNo(c));
    const body = c.req.valid('json');
    // The token speaks for this session only.
    if (body.usid !== c.get('session')?.claims.usid)
      throw new HttpError('API400', 'usid is not this session’s.', [{ field: 'usid', message: 'usid is not this session’s.' }]);
    const source = c.req.header('source')?.trim().slice(0, 64) || null;
    const locale = apiLocale(c, {});
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      envelope(
        c,
        await loyaltyToken(c.env, member, { usid: body.usid, referralCode: body.referralCode, source, origin: publicOrigin(c.env), localeCode: locale.code }),
      ),
    );
  });
