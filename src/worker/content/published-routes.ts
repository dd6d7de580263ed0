// The published footer and any published page by its key, as JSON in the reader's language (account-content
// §7 Internal; the store services issue, §4): read through the content service, so they are content's
// routes, not the catalog's.

import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { BlocksDocument } from '../../shared/content/blocks.ts';
import type { Locale } from '../../shared/locale/sites.ts';
import { LocaleQuery } from '../../shared/schema/catalog.ts';
import type { AppEnv } from '../env.ts';
import { apiLocale } from '../lib/api-locale.ts';
import { contentDeps } from '../lib/http-deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { envelope } from '../lib/respond.ts';
import { valid } from '../lib/validate.ts';
import { contentServiceFor } from './request.ts';

async function published<T>(c: Context<AppEnv>, locale: Locale, kind: 'footer' | 'page', key: string): Promise<T | null> {
  const read = await (await contentServiceFor(contentDeps(c), locale, c.get('preview'))).augmented<T>(kind, key);
  return read.value;
}

export const publishedRoutes = new Hono<AppEnv>()
  .get('/fapi/components/footer', valid('query', LocaleQuery), async (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    const footer = await published<BlocksDocument>(c, locale, 'footer', '');
    if (!footer) throw new HttpError('API404', `No footer is published for ${locale.code}.`);
    return c.json(envelope(c, { locale: locale.code, footer }));
  })
  .get(
    '/fapi/pages/:page{[a-z0-9-]+(?:/[a-z0-9-]+)*}',
    valid('param', v.object({ page: v.pipe(v.string(), v.maxLength(120, 'A page key is at most 120 characters.')) })),
    valid('query', LocaleQuery),
    async (c) => {
      const locale = apiLocale(c, c.req.valid('query'));
      const { page } = c.req.valid('param');
      const document = await published<Record<string, unknown>>(c, locale, 'page', page);
      if (!document) throw new HttpError('API404', `No page ${page} is published for ${locale.code}.`);
      return c.json(envelope(c, { locale: locale.code, page, document }));
    },
  );
