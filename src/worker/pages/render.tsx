// Page rendering. A streamed page flushes head and header at once, then the body when its data is in:
// three renderToString calls and three chunks, instead of React's stream encoding hundreds of small ones.

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import ConsentBanner from '../../client/islands/consent-banner/ConsentBanner.tsx';
import type { MessageKey } from '../../shared/i18n/en.ts';
import { pickMessages, translator } from '../../shared/i18n/translate.ts';
import type { PageState } from '../../shared/island.ts';
import type { VariantChoice } from '../../shared/personalisation.ts';
import { I18nProvider } from '../../shared/ui/i18n-context.tsx';
import { catalogIndex } from '../commerce/catalog/catalog-index.ts';
import { impressionReporting } from '../content/decide.ts';
import { mediaUrlResolver } from '../content/media.ts';
import { MegaMenu } from '../content/menu/MegaMenu.tsx';
import { MobileMegaMenu } from '../content/menu/MobileMegaMenu.tsx';
import { Popups } from '../content/popup/Popup.tsx';
import type { AppEnv } from '../env.ts';
import { carryQuery } from './carry-query.ts';
import { blockLabels, ContentBlocks } from './components/ContentBlocks.tsx';
import { Head, type PageMeta, Scripts } from './document.tsx';
import { Island, IslandCollector, IslandCollectorProvider } from './islands.tsx';
import { staticChrome } from './layout/chrome.tsx';
import { chromeContent, renderOnce } from './layout/chrome-content.tsx';
import { Footer } from './layout/Footer.tsx';
import { Header } from './layout/Header.tsx';
import { PreviewBar, previewExitHref } from './layout/PreviewBar.tsx';
import { PageContextProvider, type PageContextValue } from './page-context.tsx';

export interface PageOptions {
  meta: PageMeta;
  status?: ContentfulStatusCode;
  /** The main content, or a promise of it: the shell does not wait for it. */
  body: ReactNode | Promise<ReactNode>;
  /** Rendered in place of the body when loading it fails after the shell went out. */
  fallback: () => ReactNode;
  searchQuery?: string;
  /** Experiences shown, filled by the loader, for the analytics data layer. */
  impressions?: VariantChoice[];
}

const encoder = new TextEncoder();

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface Renderer {
  open: () => string;
  part: (node: ReactNode) => string;
  close: () => string;
}

async function createRenderer(c: Context<AppEnv>, options: PageOptions): Promise<Renderer> {
  const locale = c.get('locale');
  const index = await catalogIndex(c.env.DB);
  const t = translator(locale.lang, locale.tag);
  const url = new URL(c.req.url);
  const chrome = staticChrome(index, locale);
  const { footer: footerDocument, popups: popupDocument, menu: menuDocument } = await chromeContent(c);
  const value: PageContextValue = {
    locale,
    t,
    nav: chrome.nav,
    chrome,
    menu: null,
    pathname: url.pathname,
    searchQuery: options.searchQuery ?? '',
    cartCount: 0,
    nonce: c.get('secureHeadersNonce'),
    origin: url.origin,
  };
  const collector = new IslandCollector();
  const i18n = { t, localeTag: locale.tag, locale: locale.code };
  const part = (node: ReactNode) =>
    renderToString(
      <I18nProvider value={i18n}>
        <PageContextProvider value={value}>
          <IslandCollectorProvider value={collector}>{node}</IslandCollectorProvider>
        </PageContextProvider>
      </I18nProvider>,
    );
  if (menuDocument?.items.length) {
    const text = { shopAll: (name: string) => t('header.shopAll', { name }), showMenu: (name: string) => t('a11y.showMenu', { name }) };
    const labels = blockLabels(t);
    value.menu = {
      desktop: renderOnce(menuDocument, () =>
        part(<MegaMenu menu={menuDocument} mediaUrl={mediaUrlResolver(index)} labels={labels} ariaLabel={t('a11y.mainNavigation')} text={text} />),
      ),
      mobile: renderOnce(menuDocument.items, () =>
        part(<MobileMegaMenu menu={menuDocument} labels={labels} openLabel={t('a11y.openMenu')} ariaLabel={t('a11y.mainNavigation')} text={text} />),
      ),
    };
  }
  const consent = c.get('consent');
  // Read when the page closes: by then the loader has recorded what it personalised.
  const state = (): PageState => ({
    locale: locale.code,
    localeTag: locale.tag,
    brand: c.env.BRAND,
    pageType: options.meta.pageType,
    cart: { totalItems: value.cartCount },
    analytics: { allowed: consent.analytics, impressions: consent.analytics ? (options.impressions ?? []).map(impressionReporting) : [] },
  });
  // A document served from memory is the same object until it changes: its footer renders once.
  const footer = () =>
    footerDocument
      ? renderOnce(footerDocument, () =>
          part(
            <Footer
              nav={chrome.nav}
              locale={locale}
              t={t}
              year={new Date().getUTCFullYear()}
              content={<ContentBlocks items={footerDocument.items} index={index} search="" />}
            />,
          ),
        )
      : chrome.footer;
  const popups = () =>
    popupDocument?.popups?.length
      ? renderOnce(popupDocument, () =>
          part(
            <Popups
              document={popupDocument}
              mediaUrl={mediaUrlResolver(index)}
              labels={blockLabels(t)}
              closeLabel={t('content.close')}
              expandLabel={t('content.open')}
            />,
          ),
        )
      : '';
  const banner = () =>
    consent.decided
      ? ''
      : part(
          <Island
            name="consent-banner"
            component={ConsentBanner}
            hydrate="idle"
            clientProps={{}}
            props={{
              action: `/${locale.code}/consent`,
              redirect: `${url.pathname}${url.search}`,
              localeTag: locale.tag,
              messages: pickMessages(locale.lang, CONSENT_MESSAGES),
            }}
          />,
        );
  const preview = c.get('preview');
  const previewBar = () => (preview.active ? part(<PreviewBar preview={preview} exitHref={previewExitHref(locale.site.id, url)} />) : '');
  return {
    part,
    open: () =>
      `<!DOCTYPE html><html lang="${locale.tag}"><head>${renderToString(<Head meta={options.meta} origin={url.origin} />)}</head><body>` +
      `<a class="skip-link" href="#main">${escapeText(t('a11y.skipToContent'))}</a>${previewBar()}${part(<Header />)}<main id="main" tabindex="-1">`,
    close: () =>
      `</main>${popups()}${banner()}${footer()}${renderToString(<Scripts state={state()} islands={collector.eager} nonce={c.get('secureHeadersNonce')} />)}</body></html>`,
  };
}

const CONSENT_MESSAGES: MessageKey[] = [
  'consent.title',
  'consent.text',
  'consent.acceptAll',
  'consent.rejectAll',
  'consent.choose',
  'consent.save',
  'consent.C0001',
  'consent.C0002',
  'consent.C0003',
  'consent.C0004',
];

/** Pages depend on the visitor (consent, variants, later the session): never shared caches; previews never stored. */
function htmlHeaders(c: Context<AppEnv>): Record<string, string> {
  return { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': c.get('preview').active ? 'private, no-store' : 'private, no-cache' };
}

export async function streamPage(c: Context<AppEnv>, options: PageOptions): Promise<Response> {
  const renderer = await createRenderer(c, options);
  const logger = c.get('logger');
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(renderer.open()));
      let body: string;
      try {
        body = renderer.part(await options.body);
      } catch (error) {
        logger.error('page.body_failed', { error, path: c.req.path });
        body = renderer.part(options.fallback());
      }
      controller.enqueue(encoder.encode(body + renderer.close()));
      controller.close();
    },
  });
  return carryQuery(c, c.body(stream, options.status ?? 200, htmlHeaders(c)));
}

/** A page rendered in one piece, for error pages whose status depends on the outcome. */
export async function renderPage(c: Context<AppEnv>, options: PageOptions): Promise<Response> {
  const renderer = await createRenderer(c, options);
  const html = renderer.open() + renderer.part(await options.body) + renderer.close();
  return carryQuery(c, c.body(html, options.status ?? 200, htmlHeaders(c)));
}
