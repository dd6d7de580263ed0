// What every account section page shares: who is signed in, and the page itself, private and never stored.
// A crawler is sent to sign in and never sees a section, so a section needs no noindex; the answer to a
// post is nobody's to index.

import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { translator } from '../../../shared/i18n/translate.ts';
import type { PageSheet } from '../../assets.ts';
import type { AppEnv } from '../../env.ts';
import { type ActingShopper, actingShopperOf } from '../../lib/acting-shopper.ts';
import { renderPage } from '../render.tsx';

/** The registered shopper's number, or null for a guest (whom the sections send to sign in). */
export function signedInConsumer(c: Context<AppEnv>): string | null {
  const claims = c.get('session')?.claims;
  return claims?.type === 'registered' && claims.consumerNo ? claims.consumerNo : null;
}

/** The registered shopper as the value services take, or null for a guest. */
export function signedInShopperOf(c: Context<AppEnv>): ActingShopper | null {
  return actingShopperOf(c.get('session')?.claims);
}

export const signInFirst = (c: Context<AppEnv>) => c.redirect(`/${c.get('locale').code}/account`, 303);

export async function sectionPage(
  c: Context<AppEnv>,
  page: {
    title: string;
    path: string;
    body: ReactNode;
    status?: 200 | 400 | 401 | 404 | 409 | 500;
    /** Beside the account's sheet, `order` where the section shows an order or the card fields. */
    styles?: readonly PageSheet[];
  },
): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const status = page.status ?? 200;
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${page.title} | ${t('brand.name')}`,
      description: t('account.description'),
      pageType: 'account',
      styles: page.styles ?? ['account'],
      canonical: `/${locale.code}${page.path}`,
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body: page.body,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}
