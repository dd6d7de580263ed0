// The 404 and 500 pages, in the visitor's locale, with real statuses.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { NOT_AVAILABLE_DESCRIPTION } from '../../../shared/page-type.ts';
import { paths } from '../../../shared/routes.ts';
import type { AppEnv } from '../../env.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

function ErrorMessage({ kind }: { kind: 'notFound' | 'general' }) {
  const { t, locale } = usePage();
  return (
    <div className="page page--message">
      <h1>{t(kind === 'notFound' ? 'error.notFound.title' : 'error.general.title')}</h1>
      <p>{t(kind === 'notFound' ? 'error.notFound.text' : 'error.general.text')}</p>
      <p>
        <a className="button button--primary" href={paths.home(locale.code)}>
          {t('error.backHome')}
        </a>
      </p>
    </div>
  );
}

function errorPage(c: Context<AppEnv>, kind: 'notFound' | 'general'): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    status: kind === 'notFound' ? 404 : 500,
    meta: {
      title: `${t(kind === 'notFound' ? 'error.notFound.title' : 'error.general.title')} | ${t('brand.name')}`,
      // Tracking classifies pages whose description says they are not available as errors (account-content §2).
      description: NOT_AVAILABLE_DESCRIPTION,
      pageType: 'Error',
      robots: 'noindex',
    },
    body: <ErrorMessage kind={kind} />,
    fallback: () => null,
  });
}

export function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  return errorPage(c, 'notFound');
}

export function serverErrorPage(c: Context<AppEnv>): Promise<Response> {
  return errorPage(c, 'general');
}
