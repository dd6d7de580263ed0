// /{locale}/account/payment and its plain forms (make a card main, remove it); a new card is saved by the
// save-card island through the API, as the processor's fields need a page script. Private, never stored.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { deleteCard, instrumentsOf, makeCardMain } from '../../commerce/account/wallet.ts';
import { paymentProviderFor } from '../../commerce/payments/choose.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { renderPage } from '../render.tsx';
import { PaymentPage, type PaymentState } from './PaymentPage.tsx';

function owner(c: Context<AppEnv>): string | null {
  const claims = c.get('session')?.claims;
  return claims?.type === 'registered' && claims.consumerNo ? claims.consumerNo : null;
}

async function page(c: Context<AppEnv>, consumerNo: string, extra: Pick<PaymentState, 'notice' | 'error'> = {}, status: 200 | 404 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { cards, rewards } = await instrumentsOf(c, consumerNo, undefined, locale.site.currency);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('payment.title')} | ${t('brand.name')}`,
      description: t('account.description'),
      pageType: 'account',
      canonical: `/${locale.code}/account/payment`,
    },
    body: <PaymentPage state={{ cards, rewards, cardFields: paymentProviderFor(c.env).cardFields(), ...extra }} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export async function paymentPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = owner(c);
  if (!consumerNo) return c.redirect(`/${c.get('locale').code}/account`, 303);
  const notice = new URL(c.req.url).searchParams.get('notice');
  return page(c, consumerNo, { notice: notice === 'saved' || notice === 'deleted' ? notice : undefined });
}

async function change(c: Context<AppEnv>, run: (consumerNo: string, id: string) => Promise<void>, notice: 'saved' | 'deleted'): Promise<Response> {
  const consumerNo = owner(c);
  const locale = c.get('locale');
  if (!consumerNo) return c.redirect(`/${locale.code}/account`, 303);
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
