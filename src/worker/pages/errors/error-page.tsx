// Error pages in the visitor's locale, each with its real status: not found, forbidden, a request the
// store could not take, and the general failure.

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Block } from '../../../shared/content/blocks.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { type CatalogIndex, catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import type { AppEnv } from '../../env.ts';
import { loadEspot } from '../cms/espot.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { usePage } from '../page-context.tsx';
import { NOT_AVAILABLE_DESCRIPTION } from '../page-type.ts';
import { renderPage } from '../render.tsx';

type ErrorKind = 'notFound' | 'forbidden' | 'badRequest' | 'general';

const TEXT: Record<ErrorKind, { title: MessageKey; text: MessageKey }> = {
  notFound: { title: 'error.notFound.title', text: 'error.notFound.text' },
  forbidden: { title: 'error.forbiddenPage.title', text: 'error.forbiddenPage.text' },
  badRequest: { title: 'error.badRequestPage.title', text: 'error.badRequestPage.text' },
  general: { title: 'error.general.title', text: 'error.general.text' },
};

function errorKind(status: number): ErrorKind {
  if (status === 404 || status === 410) return 'notFound';
  if (status === 401 || status === 403) return 'forbidden';
  if (status >= 400 && status < 500) return 'badRequest';
  return 'general';
}

function ErrorMessage({ kind, espot }: { kind: ErrorKind; espot: { blocks: Block[]; index: CatalogIndex } | null }) {
  const { t, locale } = usePage();
  return (
    <div className="page page--message">
      {espot ? (
        // The marketers' words for a missing page, with its own heading (titleH1), in place of the built-in ones.
        <div className="espot espot--error">
          <ContentBlocks items={espot.blocks} index={espot.index} part="espot:error-4xx" />
        </div>
      ) : (
        <>
          <h1>{t(TEXT[kind].title)}</h1>
          <p>{t(TEXT[kind].text)}</p>
        </>
      )}
      <p>
        <a className="button button--primary" href={paths.home(locale.code)}>
          {t('error.backHome')}
        </a>
      </p>
    </div>
  );
}

/**
 * The content slot of a missing page (account-content §2 espots: error-4xx): its message and ways back into the
 * store, as the marketers write them; the built-in message when there is none or it cannot load.
 */
async function errorEspot(c: Context<AppEnv>, kind: ErrorKind): Promise<{ blocks: Block[]; index: CatalogIndex } | null> {
  if (kind !== 'notFound') return null;
  try {
    const [blocks, index] = await Promise.all([loadEspot(c, 'error-4xx'), catalogIndex(c.env.DB, c.get('logger'))]);
    return blocks.length > 0 ? { blocks, index } : null;
  } catch (error) {
    c.get('logger').warn('error page espot failed', { error: String(error) });
    return null;
  }
}

export async function errorPage(c: Context<AppEnv>, status: ContentfulStatusCode): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const kind = errorKind(status);
  const espot = await errorEspot(c, kind);
  return renderPage(c, {
    status,
    meta: {
      title: `${t(TEXT[kind].title)} | ${t('brand.name')}`,
      // Tracking classifies pages whose description says they are not available as errors (account-content §2).
      description: NOT_AVAILABLE_DESCRIPTION,
      pageType: 'Error',
      styles: [],
      robots: 'noindex',
    },
    body: <ErrorMessage kind={kind} espot={espot} />,
    fallback: () => null,
  });
}

export function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  return errorPage(c, 404);
}
