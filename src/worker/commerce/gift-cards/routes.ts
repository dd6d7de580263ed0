// Gift card API (commerce-core §7, giftcard/balance): what is left on a card, by its number and PIN. The
// basket's use of a card (applying it as a payment instrument) stays with the cart's routes.

import { Hono } from 'hono';
import { GiftCardBalanceBody } from '../../../shared/schema/cart.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { shopperOf } from '../from-request.ts';
import { ensureRequestSession } from '../identity/http-session.ts';
import { maskedNumber } from './cards.ts';
import { giftCardBalance } from './service.ts';

export const giftCardRoutes = new Hono<AppEnv>().post('/cart/v1/giftcard/balance', valid('json', GiftCardBalanceBody), async (c) => {
  await ensureRequestSession(c);
  const card = await giftCardBalance(depsOf(c), shopperOf(c), apiLocale(c, {}), c.req.valid('json'));
  c.header('Cache-Control', 'private, no-store');
  return c.json(envelope(c, { maskedNumber: maskedNumber(card.last4), balance: card.balance, currency: card.currency, expiresOn: card.expiresOn }));
});
