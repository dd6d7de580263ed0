// /{locale}/account/payment and its plain forms (make a card main, remove it); a new card is saved by the
// save-card island through the API, as the processor's fields need a page script. Private, never stored.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { deleteCard, deleteGiftCard, instrumentsOf, makeCardMain, saveGiftCard } from '../../commerce/account/wallet.ts';
import { shopperOf } from '../../commerce/from-request.ts';
import { giftCardDeps } from '../../commerce/gift-cards/service.ts';
import { ensureRequestSession } from '../../commerce/identity/http-session.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import type { AppEnv } from '../../env.ts';
import type { ActingShopper } from '../../lib/acting-shopper.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formRefusal, inServiceWords } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { PaymentPage, type PaymentState } from './PaymentPage.tsx';
import { sectionPage, signedInShopperOf, signInFirst } from './section-page.tsx';

type Extra = Pick<PaymentState, 'notice' | 'error' | 'giftCardErrors' | 'giftCardNumber'>;

async function page(c: Context<AppEnv>, shopper: ActingShopper, extra: Extra = {}, status: number = 200): Promise<Response> {
  const locale = c.get('locale');
  const { cards, giftCards, rewards } = await instrumentsOf(depsOf(c), shopper, undefined, locale.site.currency);
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('payment.title'),
    path: '/account/payment',
    body: <PaymentPage state={{ cards, giftCards, rewards, cardFields: paymentProviderFor(c.env).cardFields(), ...extra }} />,
    status: status as 200,
    styles: ['account', 'order'],
  });
}

export async function paymentPage(c: Context<AppEnv>): Promise<Response> {
  const shopper = signedInShopperOf(c);
  if (!shopper) return signInFirst(c);
  const notice = new URL(c.req.url).searchParams.get('notice');
  return page(c, shopper, { notice: notice === 'saved' || notice === 'deleted' || notice === 'giftCardSaved' ? notice : undefined });
}

async function change(c: Context<AppEnv>, run: (shopper: ActingShopper, id: string) => Promise<void>, notice: 'saved' | 'deleted'): Promise<Response> {
  const shopper = signedInShopperOf(c);
  if (!shopper) return signInFirst(c);
  const locale = c.get('locale');
  try {
    await run(shopper, c.req.param('paymentInstrumentId') ?? '');
  } catch (error) {
    const { notice } = formRefusal(c, error, { codes: ['PYT404'], details: 'none', message: inServiceWords });
    return page(c, shopper, { error: notice }, 404);
  }
  return c.redirect(`/${locale.code}/account/payment?notice=${notice}`, 303);
}

export const paymentMain = (c: Context<AppEnv>) => change(c, (shopper, id) => makeCardMain(depsOf(c), shopper, id), 'saved');
export const paymentDelete = (c: Context<AppEnv>) => change(c, (shopper, id) => deleteCard(depsOf(c), shopper, id), 'deleted');

/** A gift card saved with its number and PIN (a plain form); refusals at their field, the number kept, never the PIN. */
export async function paymentGiftCardAdd(c: Context<AppEnv>): Promise<Response> {
  const shopper = signedInShopperOf(c);
  if (!shopper) return signInFirst(c);
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const input = { cardNumber: (fields.cardNumber ?? '').slice(0, 40), pin: (fields.pin ?? '').slice(0, 12) };
  try {
    const { claims } = await ensureRequestSession(c);
    await saveGiftCard({ ...depsOf(c), giftCards: giftCardDeps(depsOf(c), shopperOf(c), claims.usid), currency: locale.site.currency }, shopper, input);
  } catch (error) {
    // At the number or the PIN when the service names one of them, else over the form; in the service's words but for a card saved already.
    const { errors, notice, status } = formRefusal(c, error, {
      codes: (refused) => refused.status < 500,
      details: 'none',
      field: ({ details }) => (details?.[0]?.field === 'cardNumber' || details?.[0]?.field === 'pin' ? details[0].field : 'form'),
      message: (refused, t) => (refused.code === 'GFC300' ? t('error.giftCardExists') : refused.message),
    });
    const giftCardErrors = errors.form === undefined ? errors : undefined;
    return page(c, shopper, { error: giftCardErrors ? undefined : notice, giftCardErrors, giftCardNumber: input.cardNumber }, status);
  }
  return c.redirect(`/${locale.code}/account/payment?notice=giftCardSaved`, 303);
}

export const paymentGiftCardDelete = (c: Context<AppEnv>) =>
  change(
    c,
    async (shopper, id) => {
      if (!(await deleteGiftCard(depsOf(c), shopper, id))) throw new HttpError('PYT404', 'This gift card is not on your account.');
    },
    'deleted',
  );
