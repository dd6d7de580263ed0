// /{locale}/favorites, its posts (remove an item, share the list, add from a product page without
// JavaScript), and /{locale}/favorites/shared/{token}, the read-only page a shared link opens. The own
// list is private and never stored; a shared page says nothing of who shared it and may be cached briefly.

import type { Context } from 'hono';
import * as v from 'valibot';
import { FAVORITES_PAGE_SIZE } from '../../../shared/commerce/commerce-config.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { paths } from '../../../shared/routes.ts';
import { withSessionChange } from '../../commerce/identity/http-session.ts';
import { addToList, ensureListFor, listPage, listsAllowedFor, removeFromList, sessionListOf, sharedListId, shareToken } from '../../commerce/lists/service.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { publicUrl } from '../../lib/public-origin.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { renderPage } from '../render.tsx';
import { FavoritesPage, type FavoritesState } from './FavoritesPage.tsx';

const ProductId = v.pipe(v.string(), v.regex(/^[A-Z0-9]{8,11}$/));
const Token = v.pipe(v.string(), v.regex(/^[\w-]{24}$/));

function pageNumber(c: Context<AppEnv>): number {
  const page = Number(new URL(c.req.url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

async function render(c: Context<AppEnv>, state: FavoritesState, status: 200 | 404 | 409 = 200, cache = 'private, no-store'): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const title = state.view === 'shared' ? t('favorites.sharedTitle') : t('favorites.title');
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${title} | ${t('brand.name')}`,
      description: t('favorites.emptyHint'),
      pageType: 'Other',
      styles: ['cart'],
      canonical: state.view === 'shared' ? new URL(c.req.url).pathname : paths.favorites(locale.code),
      // A shopper's shared list is theirs to send, not for search engines to index; a refused post's answer neither.
      ...(state.view === 'shared' || status !== 200 ? { robots: 'noindex' } : {}),
    },
    body: <FavoritesPage state={state} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', cache);
  return response;
}

async function own(c: Context<AppEnv>, notice?: string, status: 200 | 404 | 409 = 200): Promise<Response> {
  if (!listsAllowedFor(c.get('session')?.claims)) return render(c, { view: 'store-device' });
  const page = pageNumber(c);
  const listId = await sessionListOf(c.env.DB, c.get('session')?.claims, 'favorites');
  const list = await listPage(c.env.DB, c.get('locale'), listId, (page - 1) * FAVORITES_PAGE_SIZE, FAVORITES_PAGE_SIZE);
  const shareUrl = listId ? await shareToken(c.env.DB, listId, false) : null;
  return render(
    c,
    {
      view: 'own',
      list,
      page,
      pages: Math.max(1, Math.ceil(list.total / FAVORITES_PAGE_SIZE)),
      shareUrl: shareUrl ? publicUrl(c.env, `${paths.favorites(c.get('locale').code)}/shared/${shareUrl}`) : null,
      notice,
      guest: !c.get('session')?.claims.consumerNo,
    },
    status,
  );
}

/** A refused change on the list, in the page's language. */
async function refused(c: Context<AppEnv>, error: unknown): Promise<Response> {
  const { notice, status } = formRefusal(c, error);
  return own(c, notice, status as 404 | 409);
}

export async function favoritesPage(c: Context<AppEnv>): Promise<Response> {
  return own(c);
}

/** The product page's heart without JavaScript: the colour onto the favorites, then back to the product. */
export async function favoritesAdd(c: Context<AppEnv>): Promise<Response> {
  const { fields } = await readForm(c);
  const productId = v.safeParse(ProductId, fields.productId ?? '');
  try {
    if (!productId.success) throw new HttpError('PLP400');
    await addToList(c.env.DB, withSessionChange(c, await ensureListFor(c.env, c.get('session') ?? null, 'favorites')), {
      id: productId.output,
      qty: 1,
      itemType: 'product',
    });
  } catch (error) {
    return refused(c, error);
  }
  return c.redirect(paths.favorites(c.get('locale').code), 303);
}

export async function favoritesRemove(c: Context<AppEnv>): Promise<Response> {
  const itemId = v.safeParse(ProductId, c.req.param('itemId'));
  try {
    const listId = await sessionListOf(c.env.DB, c.get('session')?.claims, 'favorites');
    if (!listId || !itemId.success) throw new HttpError('PLP400');
    await removeFromList(c.env.DB, listId, itemId.output);
  } catch (error) {
    return refused(c, error);
  }
  return c.redirect(paths.favorites(c.get('locale').code), 303);
}

export async function favoritesShare(c: Context<AppEnv>): Promise<Response> {
  const listId = await sessionListOf(c.env.DB, c.get('session')?.claims, 'favorites');
  if (!listId) return refused(c, new HttpError('PLP400'));
  await shareToken(c.env.DB, listId, true);
  return c.redirect(paths.favorites(c.get('locale').code), 303);
}

export async function favoritesShared(c: Context<AppEnv>): Promise<Response> {
  const token = v.safeParse(Token, c.req.param('token'));
  const listId = token.success ? await sharedListId(c.env.DB, token.output) : null;
  if (!listId) return c.notFound();
  const page = pageNumber(c);
  const list = await listPage(c.env.DB, c.get('locale'), listId, (page - 1) * FAVORITES_PAGE_SIZE, FAVORITES_PAGE_SIZE);
  // The list id never reaches the page: whoever has the link sees the products, not whose they are.
  const shown = { ...list, listId: null };
  return render(c, { view: 'shared', list: shown, page, pages: Math.max(1, Math.ceil(list.total / FAVORITES_PAGE_SIZE)) }, 200, 'public, max-age=60');
}
