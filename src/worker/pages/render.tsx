// Page rendering. A streamed page flushes head and header at once, then the body when its data is in:
// three renderToString calls and three chunks, instead of React's stream encoding hundreds of small ones.
// Every part that content drives (menu, footer, pop-ups, consent banner, each list of blocks) renders
// behind its own fallback: a broken document costs only its part, logged with the correlation id.

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { pickMessages, translator } from '../../shared/i18n/translate.ts';
import type { PageState } from '../../shared/island.ts';
import { imageDeliveryOf } from '../../shared/media/image-delivery.ts';
import type { VariantChoice } from '../../shared/personalisation/personalisation.ts';
import { type CatalogIndex, catalogIndex } from '../commerce/catalog/catalog-index.ts';
import { impressionReporting } from '../content/decide-routes.ts';
import type { AppEnv } from '../env.ts';
import { NONCE_MARK, rememberBody, rememberedBody } from './body-memo.ts';
import { carryQuery } from './carry-query.ts';
import { Head, type PageMeta, Scripts } from './document.tsx';
import { IslandCollector } from './islands.tsx';
import { staticChrome } from './layout/chrome.tsx';
import { chromeContent } from './layout/chrome-content.tsx';
import { consentBanner } from './layout/consent.tsx';
import { Header } from './layout/Header.tsx';
import { LocationPrompt, locationSuggestion } from './layout/location-prompt.tsx';
import { PreviewBar, previewExitHref } from './layout/PreviewBar.tsx';
import { sharedChrome } from './layout/shared-chrome.tsx';
import type { PageContextValue } from './page-context.tsx';
import { renderPart } from './render-part.tsx';

export interface PageOptions {
  meta: PageMeta;
  status?: ContentfulStatusCode;
  /**
   * The main content, or a promise of it: the shell does not wait for it. A body with a memo key (body-memo.ts)
   * is rendered once per key and remembered.
   */
  body: ReactNode | MemoBody | Promise<ReactNode | MemoBody>;
  /** Rendered in place of the body when loading it fails after the shell went out. */
  fallback: () => ReactNode;
  searchQuery?: string;
  /** Parts of its islands loaded on demand that the page needs at once (see Scripts). */
  modules?: readonly string[];
  /** Experiences shown, filled by the loader, for the analytics data layer. */
  impressions?: VariantChoice[];
}

const encoder = new TextEncoder();

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface Renderer {
  open: () => string;
  part: (node: ReactNode | MemoBody) => string;
  close: () => string;
}

/** A body the same for everyone who asks with the same inputs: `memoKey` is their digest (bodyKey). */
export interface MemoBody {
  memoKey: string;
  node: ReactNode;
}

function isMemoBody(body: ReactNode | MemoBody): body is MemoBody {
  return typeof body === 'object' && body !== null && 'memoKey' in body;
}

/** A page with a part left out is shown, but the page cache does not keep it: the next request tries again. */
function spoil(c: Context<AppEnv>): void {
  c.get('pageCache')?.spoil();
}

/** What every part of a page reads, for a whole page or a fragment of one. */
async function pageContextOf(c: Context<AppEnv>, searchQuery: string) {
  const locale = c.get('locale');
  const logger = c.get('logger');
  const url = new URL(c.req.url);
  const index = await catalogIndex(c.env.DB, logger);
  const t = translator(locale.lang, locale.tag);
  const chrome = staticChrome(index, locale);
  const value: PageContextValue = {
    locale,
    t,
    nav: chrome.nav,
    chrome,
    menu: null,
    pathname: url.pathname,
    searchQuery,
    cartCount: 0,
    imageDelivery: imageDeliveryOf(c.env.IMAGE_DELIVERY),
    nonce: c.get('secureHeadersNonce'),
    origin: url.origin,
    reportError: (part, error) => {
      logger.error('page.part_failed', { part, error, path: c.req.path });
      spoil(c);
    },
  };
  return { index, t, value };
}

/**
 * A fragment of a page (content a dialog shows when it opens), rendered as the page would render it. It
 * carries no islands: a fragment arrives after the page's scripts have run.
 */
export async function renderFragment(c: Context<AppEnv>, build: (index: CatalogIndex) => ReactNode): Promise<string> {
  const locale = c.get('locale');
  const { index, t, value } = await pageContextOf(c, '');
  return renderPart({ i18n: { t, localeTag: locale.tag, locale: locale.code }, page: value, collector: new IslandCollector() }, build(index));
}

/** Pages where the shopper is paying or has just paid: no marketing popup comes between them and their order. */
const PURCHASE_PAGES: ReadonlySet<string> = new Set(['checkout', 'order confirmation']);

async function createRenderer(c: Context<AppEnv>, options: PageOptions): Promise<Renderer> {
  const locale = c.get('locale');
  const logger = c.get('logger');
  const url = new URL(c.req.url);
  /** A part that fails is left out (or replaced by its fallback) and logged; the page goes on. */
  const guarded = (part: string, render: () => string, fallback = ''): string => {
    try {
      return render();
    } catch (error) {
      logger.error('page.part_failed', { part, error, path: c.req.path });
      spoil(c);
      return fallback;
    }
  };
  const { index, t, value } = await pageContextOf(c, options.searchQuery ?? '');
  const documents = await chromeContent(c);
  const collector = new IslandCollector();
  const i18n = { t, localeTag: locale.tag, locale: locale.code };
  const nonce = c.get('secureHeadersNonce') ?? '';
  const render = (node: ReactNode) => renderPart({ i18n, page: value, collector }, node);
  /** A remembered body, fitted to this request: its islands are the page's, the nonce is this response's. */
  const memoized = ({ memoKey, node }: MemoBody): string => {
    const key = `${locale.code}|${memoKey}`;
    const known = preview.active || !nonce ? undefined : rememberedBody(key);
    if (known) {
      collector.merge(known.islands);
      return known.html.replaceAll(NONCE_MARK, nonce);
    }
    const own = new IslandCollector();
    let failed = false;
    const page = {
      ...value,
      reportError: (name: string, error: unknown) => {
        failed = true;
        value.reportError(name, error);
      },
    };
    const html = renderPart({ i18n, page, collector: own }, node);
    collector.merge(own.eager);
    // A body with a part left out is not kept: the next request tries (and logs) again.
    if (!failed && !preview.active && nonce) rememberBody(key, { html: html.replaceAll(nonce, NONCE_MARK), islands: own.eager });
    return html;
  };
  const part = (node: ReactNode | MemoBody) => (isMemoBody(node) ? memoized(node) : render(node));
  const parts = sharedChrome(c, { value, documents, index, collector, guarded });
  value.menu = parts.menu;
  const consent = c.get('consent');
  // Read when the page closes: by then the loader has recorded what it personalised.
  const state = (): PageState => ({
    locale: locale.code,
    localeTag: locale.tag,
    site: { id: locale.site.id, region: locale.site.region },
    brand: c.env.BRAND,
    pageType: options.meta.pageType,
    cart: { totalItems: value.cartCount },
    analytics: { impressions: (options.impressions ?? []).map(impressionReporting) },
    messages: pickMessages(locale.lang, collector.messageKeys()),
    ...(c.env.TURNSTILE_SITE_KEY ? { botSiteKey: c.env.TURNSTILE_SITE_KEY } : {}),
    ...(c.env.ENVIRONMENT === 'production' ? {} : { mockable: true as const }),
  });
  const preview = c.get('preview');
  const suggestion = PURCHASE_PAGES.has(options.meta.pageType) ? null : locationSuggestion(c);
  const locationPrompt = () =>
    suggestion ? guarded('location-prompt', () => part(<LocationPrompt suggestion={suggestion} path={`${url.pathname}${url.search}`} />)) : '';
  const previewBar = () => (preview.active ? part(<PreviewBar preview={preview} exitHref={previewExitHref(locale.site.id, url)} />) : '');
  return {
    part,
    open: () =>
      `<!DOCTYPE html><html lang="${locale.tag}"${imageDeliveryOf(c.env.IMAGE_DELIVERY) === 'cloudflare' ? ' data-image-delivery="cloudflare"' : ''}><head>${renderToString(<Head meta={options.meta} origin={url.origin} />)}</head><body>` +
      `<a class="skip-link" href="#main">${escapeText(t('a11y.skipToContent'))}</a>${previewBar()}${part(<Header transparent={options.meta.transparentHeader === true} />)}${locationPrompt()}<main id="main" tabindex="-1">`,
    close: () =>
      `</main>${PURCHASE_PAGES.has(options.meta.pageType) ? '' : parts.popups()}${guarded('consent-banner', () => (consent.decided ? '' : part(consentBanner(locale, url))))}${parts.footer()}` +
      `${guarded('scripts', () => renderToString(<Scripts state={state()} islands={collector.eager} nonce={nonce} modules={options.modules} />))}</body></html>`,
  };
}

/** Pages depend on the visitor (consent, variants, later the session): never shared caches; previews never stored. */
function htmlHeaders(c: Context<AppEnv>): Record<string, string> {
  return { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': c.get('preview').active ? 'private, no-store' : 'private, no-cache' };
}

export async function streamPage(c: Context<AppEnv>, options: PageOptions): Promise<Response> {
  // A body that fails while the shell is still being made is handled in the stream below (its fallback); until
  // then the runtime would report its rejection as unhandled.
  if (options.body instanceof Promise) options.body.catch(() => undefined);
  const renderer = await createRenderer(c, options);
  const logger = c.get('logger');
  // The shell renders before the response starts: if it fails, the request is an ordinary error page.
  const shell = encoder.encode(renderer.open());
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(shell);
      let body: string;
      try {
        body = renderer.part(await options.body);
      } catch (error) {
        logger.error('page.body_failed', { error, path: c.req.path });
        spoil(c);
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
