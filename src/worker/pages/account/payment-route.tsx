// /{locale}/account/payment and its plain forms (make a card main, remove it); a new card is saved by the
// save-card island through the API, as the processor's fields need a page script. Private, never stored.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { deleteCard, instrumentsOf, makeCardMain } from '../../commerce/account/wallet.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { PaymentPage, type PaymentState } from './PaymentPage.tsx';
import { sectionPage, signedInConsumer, signInFirst } from './section-page.tsx';

async function page(c: Context<AppEnv>, consumerNo: string, extra: Pick<PaymentState, 'notice' | 'error'> = {}, status: 200 | 404 = 200): Promise<Response> {
  const locale = c.get('locale');
  const { cards, rewards } = await instrumentsOf(c, consumerNo, undefined, locale.site.currency);
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('payment.title'),
    path: '/account/payment',
    body: <PaymentPage state={{ cards, rewards, cardFields: paymentProviderFor(c.env).cardFields(), ...extra }} />,
    status,
  });
}

export async function paymentPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const notice = new URL(c.req.url).searchParams.get('notice');
  return page(c, consumerNo, { notice: notice === 'saved' || notice === 'deleted' ? notice : undefined });
}

async function change(c: Context<AppEnv>, run: (consumerNo: string, id: string) => Promise<void>, notice: 'saved' | 'deleted'): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const locale = c.get('locale');
  try {
    await run(consumerNo, c.req.param('paymentInstrumentId') ?? '');
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'PYT404') throw error;
    return page(c, consumerNo, { error: error.message }, 404);
  }
  return c.redirect(`/${locale.code}/account/payment?notice=${notice}`, 303);
}

export const paymentMain = (c: Context<AppEnv>) => change(c, (consumerNo, id) => makeCardMain(c, consumerNo, id), 'saved');
export const paymentDelete = (c: Context<AppEnv>) => change(c, (consumerNo, id) => deleteCard(c, consumerNo, id), 'deleted');
