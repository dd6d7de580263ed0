// The account area's API (account-content §7, the Consumer table): the address book, the saved payment
// instruments, the personal data export and closing the account. Every call needs a registered session, and
// another shopper's records answer as unknown. The orders' calls are the orders domain's (orders/routes.ts).

import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { CONSENT_COOKIE } from '../../../shared/personalisation/consent.ts';
import { requireHuman } from '../../bot/bot-verifier.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { envelope } from '../../lib/respond.ts';
import { actingShopper } from '../../lib/signed-in.ts';
import { valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { shopperOf } from '../from-request.ts';
import { giftCardDeps } from '../gift-cards/service.ts';
import { applySessionChange, ensureRequestSession, requestAddress } from '../identity/http-session.ts';
import { addAddress, addressOwner, deleteAddress, listAddresses, updateAddress } from './address-book.ts';
import { closeAccount } from './close-account.ts';
import { sendPersonalData } from './personal-data.ts';
import { deleteCard, deleteGiftCard, instrumentsOf, makeCardMain, saveCard, saveGiftCard } from './wallet.ts';

const InstrumentsQuery = v.object({
  method: v.optional(v.picklist(['CREDIT_CARD', 'GIFT_CARD', 'REWARD_CODE', 'REWARD_CARD'], 'method is CREDIT_CARD, GIFT_CARD, REWARD_CODE or REWARD_CARD.')),
});
const SaveCardBody = v.union([
  v.object({
    paymentMethodId: v.optional(v.literal('CREDIT_CARD')),
    token: v.pipe(v.string('token is what the card fields answered.'), v.regex(/^[\w-]{4,128}$/, 'token is what the card fields answered.')),
    main: v.optional(v.boolean()),
    /** The bot check's token (account-content §6): a card is saved by a person, not a script testing stolen numbers. */
    recaptcha_response: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  }),
  v.object({
    paymentMethodId: v.literal('GIFT_CARD'),
    cardNumber: v.pipe(v.string('cardNumber is the gift card number.'), v.maxLength(40)),
    pin: v.pipe(v.string('pin is the gift card PIN.'), v.maxLength(12)),
  }),
]);
const InstrumentParams = v.object({ paymentInstrumentId: v.pipe(v.string(), v.maxLength(64)) });
const InstrumentPatch = v.object({ main: v.literal(true, 'main: true makes the card the main one.') });
/** The signed-in shopper, for the calls that are theirs alone. */
const registered = (c: Context<AppEnv>) => actingShopper(c, 'see your orders');

/** The signed-in shopper of the address book, with their profile there. */
const addressOwnerOf = (c: Context<AppEnv>) => addressOwner(c.env.DB, actingShopper(c, 'manage your addresses'));

const ExportBody = v.object({
  consumerId: v.pipe(v.string('consumerId is your customer number.'), v.maxLength(20)),
  email: v.pipe(v.string('email is your account email.'), v.maxLength(100)),
});
const DeleteBody = v.object({ password: v.pipe(v.string('password is your current password.'), v.minLength(1, 'Enter your password.'), v.maxLength(200)) });

const AddressParams = v.object({ addressId: v.pipe(v.string(), v.uuid('addressId is one the address book answered.')) });

/** What saving a gift card needs: its guesses count against the session and the address, in the locale's currency. */
async function giftCardSaving(c: Context<AppEnv>) {
  const { claims } = await ensureRequestSession(c);
  return { ...depsOf(c), giftCards: giftCardDeps(depsOf(c), shopperOf(c), claims.usid), currency: c.get('locale').site.currency };
}

export const accountRoutes = new Hono<AppEnv>()
  .get('/consumers-v3/consumer/address', async (c) => {
    const { consumerNo } = await addressOwnerOf(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { addresses: await listAddresses(c.env.DB, consumerNo) }));
  })
  .post('/consumers-v3/consumer/address', valid('json', v.looseObject({})), async (c) => {
    const shopper = await addressOwnerOf(c);
    const saved = await addAddress(depsOf(c), apiLocale(c, {}), shopper, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, saved), 201);
  })
  .put('/consumers-v3/consumer/address/:addressId', valid('param', AddressParams), valid('json', v.looseObject({})), async (c) => {
    const shopper = await addressOwnerOf(c);
    const saved = await updateAddress(depsOf(c), apiLocale(c, {}), shopper, c.req.valid('param').addressId, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, saved));
  })
  .delete('/consumers-v3/consumer/address/:addressId', valid('param', AddressParams), async (c) => {
    const shopper = await addressOwnerOf(c);
    await deleteAddress(depsOf(c), shopper, c.req.valid('param').addressId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { addresses: await listAddresses(c.env.DB, shopper.consumerNo) }));
  })
  .get('/consumers-v3/consumer/payment_instruments', valid('query', InstrumentsQuery), async (c) => {
    const shopper = registered(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(depsOf(c), shopper, c.req.valid('query').method, apiLocale(c, {}).site.currency)));
  })
  .post('/consumers-v3/consumer/payment_instruments', valid('json', SaveCardBody), async (c) => {
    const shopper = registered(c);
    const body = c.req.valid('json');
    c.header('Cache-Control', 'private, no-store');
    if (body.paymentMethodId === 'GIFT_CARD') return c.json(envelope(c, await saveGiftCard(await giftCardSaving(c), shopper, body)), 201);
    // Checked before the processor is asked: a refused call spends nothing of the card's token.
    await requireHuman(c.env, body.recaptcha_response, 'saveCard', c.req.header('cf-connecting-ip'));
    return c.json(envelope(c, await saveCard(depsOf(c), shopper, body)), 201);
  })
  .patch('/consumers-v3/consumer/payment_instruments/:paymentInstrumentId', valid('param', InstrumentParams), valid('json', InstrumentPatch), async (c) => {
    const shopper = registered(c);
    await makeCardMain(depsOf(c), shopper, c.req.valid('param').paymentInstrumentId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(depsOf(c), shopper, 'CREDIT_CARD', apiLocale(c, {}).site.currency)));
  })
  .delete('/consumers-v3/consumer/payment_instruments/:paymentInstrumentId', valid('param', InstrumentParams), async (c) => {
    const shopper = registered(c);
    const id = c.req.valid('param').paymentInstrumentId;
    // A saved gift card, or else a card (PYT404 when it is neither of this shopper's).
    const giftCard = await deleteGiftCard(depsOf(c), shopper, id);
    if (!giftCard) await deleteCard(depsOf(c), shopper, id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, await instrumentsOf(depsOf(c), shopper, giftCard ? 'GIFT_CARD' : 'CREDIT_CARD', apiLocale(c, {}).site.currency)));
  })
  .post('/consumers-v3/consumer/retrieveUserData', valid('json', ExportBody), async (c) => {
    const shopper = registered(c);
    await sendPersonalData({ ...depsOf(c), mailer: mailerFor(c.env) }, shopper, c.req.valid('json'), getCookie(c, CONSENT_COOKIE) ?? null);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { sent: true }), 202);
  })
  .delete('/consumers-v3/consumer', valid('json', DeleteBody), async (c) => {
    const shopper = registered(c);
    applySessionChange(c, await closeAccount({ ...depsOf(c), address: requestAddress(c) }, shopper, c.get('session') ?? null, c.req.valid('json').password));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { deleted: true }));
  });
