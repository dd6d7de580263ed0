// POST /{locale}/notify-me: the product page's notify-me form without JavaScript. The answer is a short
// page of its own saying it is done (or what is wrong), with the way back to the product.

import type { Context } from 'hono';
import * as v from 'valibot';
import { fieldMessages } from '../../../shared/account/account-forms.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { localizeValidation } from '../../../shared/i18n/validation.ts';
import { NotifyMeBody } from '../../../shared/schema/notify-me.ts';
import { FormNotice } from '../../../shared/ui/form.tsx';
import { subscribeNotifyMe } from '../../commerce/catalog/notify-me.ts';
import { limitAddress } from '../../commerce/identity/sign-in.ts';
import type { AppEnv } from '../../env.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

function NotifyMePage({ ok, message, back }: { ok: boolean; message: string; back: string | null }) {
  const { t, locale } = usePage();
  return (
    <div className="page page--form">
      <h1>{t('notifyMe.title')}</h1>
      <FormNotice kind={ok ? 'success' : 'error'}>
        <p>{message}</p>
      </FormNotice>
      <p>
        <a className="button button--primary button--wide" href={back ?? `/${locale.code}`}>
          {back ? t('notifyMe.back') : t('cart.continueShopping')}
        </a>
      </p>
    </div>
  );
}

export async function notifyMeSubmit(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields } = await readForm(c);
  const answer = async (ok: boolean, message: string, back: string | null, status: number) => {
    const response = await renderPage(c, {
      status: status as 200,
      meta: {
        title: `${t('notifyMe.title')} | ${t('brand.name')}`,
        description: t('notifyMe.intro'),
        pageType: 'product detail',
        styles: [],
        robots: 'noindex',
      },
      body: <NotifyMePage ok={ok} message={message} back={back} />,
      fallback: () => null,
    });
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  };
  const parsed = v.safeParse(NotifyMeBody, { productId: fields.productId ?? '', email: fields.email ?? '' });
  if (!parsed.success) {
    const messages = fieldMessages(parsed.issues);
    return answer(false, localizeValidation(t, Object.values(messages)[0] ?? ''), null, 400);
  }
  try {
    await limitAddress({ db: c.env.DB, counters: c.env.COUNTERS, address: c.req.header('cf-connecting-ip') ?? 'unknown' }, 'notify-me');
    const done = await subscribeNotifyMe({ db: c.env.DB, mailer: mailerFor(c.env), origin: publicOrigin(c.env) }, locale, parsed.output);
    return answer(true, t('notifyMe.done'), done.pdpUrl, 200);
  } catch (error) {
    const { notice, status } = formRefusal(c, error);
    return answer(false, notice, null, status);
  }
}
