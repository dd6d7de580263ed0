// Content pages by path: /{locale}/stories, /{locale}/events/trail-day, ... whatever marketers publish.

import type { Context } from 'hono';
import type { PageDocument } from '../../../shared/content/blocks.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { isContentKey } from '../../../shared/schema/content-key.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { mediaUrlResolver } from '../../content/media.ts';
import type { AppEnv } from '../../env.ts';

import { DeferredError } from '../errors/DeferredError.tsx';
import { streamPage } from '../render.tsx';
import { CmsPage } from './CmsPage.tsx';
import { loadEspot } from './espot.ts';
import { loadCmsPage } from './load.ts';

/** Whether the page's first block is a hero banner: the only opening a transparent header may lie over. */
export function opensWithHero(page: PageDocument): boolean {
  const first = page.content.sections[0]?.items[0];
  return first?.type === 'Banner' && first.variant.startsWith('hero');
}

export async function cmsPageRoute(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const key = c.req.path.slice(`/${locale.code}/`.length).replace(/\/$/, '');
  if (!isContentKey(key)) return c.notFound();
  const loaded = await loadCmsPage(c, key);
  if (!loaded) return c.notFound();
  c.get('pageCache')?.cacheAs();
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  const t = translator(locale.lang, locale.tag);
  const { metadata } = loaded.page;
  const media = metadata.ogImage ? mediaUrlResolver(index)(metadata.ogImage) : undefined;
  return streamPage(c, {
    meta: {
      title: metadata.htmlTitle ?? t('home.title'),
      description: metadata.htmlDescription ?? t('home.description'),
      pageType: 'Other',
      styles: [],
      canonical: metadata.canonical ?? c.req.path,
      ...(metadata.robots ? { robots: metadata.robots } : {}),
      ...(media ? { ogImage: media } : {}),
      ...(opensWithHero(loaded.page) && loaded.page.transparentHeader ? { transparentHeader: true } : {}),
    },
    body: loadEspot(c, 'generic').then((espot) => <CmsPage page={loaded.page} index={index} search={new URL(c.req.url).search} espot={espot} />),
    fallback: () => <DeferredError />,
    impressions: loaded.impressions,
  });
}
