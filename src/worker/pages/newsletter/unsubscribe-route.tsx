// /{locale}/unsubscribe?u=… (RFC 8058): the link in every marketing email. Opening it shows one button (a
// link preview or a scanner that follows links must not unsubscribe anyone); a POST unsubscribes, whether it
// comes from that button or from a mail client's own one-click button (List-Unsubscribe=One-Click, without
// cookies or origin). Never cached, never indexed.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { readUnsubscribeToken, type UnsubscribeTarget, unsubscribe } from '../../commerce/subscriptions/unsubscribe.ts';
import type { AppEnv } from '../../env.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

type State = { step: 'confirm'; token: string; target: UnsubscribeTarget } | { step: 'done'; target: UnsubscribeTarget } | { step: 'invalid' };

function UnsubscribePage({ state }: { state: State }) {
  const { t, locale } = usePage();
  const list = (target: UnsubscribeTarget) => t(target.type === 'LoyaltyNewsletter' ? 'unsubscribe.clubList' : 'unsubscribe.list');
  return (
    <div className="page account">
      <h1>{t('unsubscribe.title')}</h1>
      {state.step === 'invalid' ? <p>{t('unsubscribe.invalid')}</p> : null}
      {state.step === 'done' ? (
        <p className="notice notice--success" role="status">
          {t('unsubscribe.done', { email: state.target.email, list: list(state.target) })}
        </p>
      ) : null}
      {state.step === 'confirm' ? (
        <form className="form" method="post" action={`/${locale.code}/unsubscribe?u=${encodeURIComponent(state.token)}`}>
          <p>{t('unsubscribe.confirm', { email: state.target.email, list: list(state.target) })}</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <div className="form__actions">
            <button className="button button--primary" type="submit">
              {t('unsubscribe.submit')}
            </button>
          </div>
        </form>
      ) : null}
      <p>
        <a href={`/${locale.code}/account/notifications`}>{t('unsubscribe.manage')}</a>
      </p>
    </div>
  );
}

async function page(c: Context<AppEnv>, state: State, status: 200 | 400 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('unsubscribe.title')} | ${t('brand.name')}`,
      description: t('unsubscribe.title'),
      pageType: 'Other',
      styles: ['account'],
      robots: 'noindex',
    },
    body: <UnsubscribePage state={state} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function target(c: Context<AppEnv>): Promise<{ token: string; target: UnsubscribeTarget } | null> {
  const token = new URL(c.req.url).searchParams.get('u') ?? '';
  const found = await readUnsubscribeToken(c.env.SESSION_SECRET, token);
  return found ? { token, target: found } : null;
}

export async function unsubscribePage(c: Context<AppEnv>): Promise<Response> {
  const found = await target(c);
  return found ? page(c, { step: 'confirm', ...found }) : page(c, { step: 'invalid' }, 400);
}

export async function unsubscribePost(c: Context<AppEnv>): Promise<Response> {
  const found = await target(c);
  if (!found) return page(c, { step: 'invalid' }, 400);
  await unsubscribe(c.env.DB, found.target);
  return page(c, { step: 'done', target: found.target });
}
