// The design studio's API (commerce-core §3, customs): a design made from a customisable boot's colour,
// laces and initials, and a design read back by id. The cart takes the design's id (POST /cart/v1/item
// recipeId) and prices it itself; a design holds nothing of the shopper's, so neither call needs a session.

import { Hono } from 'hono';
import * as v from 'valibot';
import { customsSurcharge, RECIPE_ID } from '../../../shared/commerce/customs.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { HttpError } from '../../lib/http-error.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { createRecipe, designUrl, type Recipe, recipesById } from './recipes.ts';

const DesignBody = v.object({
  productId: v.pipe(
    v.string('productId is the colour (product id) of the boot.'),
    v.regex(/^[A-Z0-9]{8}$/, 'productId is the colour (product id) of the boot.'),
  ),
  laces: v.pipe(v.string('laces is a lace colour.'), v.maxLength(20)),
  monogram: v.optional(v.pipe(v.string(), v.maxLength(10)), ''),
});

/** A design as clients read it: what it is, where the studio shows it, and what making it adds to the price. */
async function designView(db: D1Database, locale: Locale, recipe: Recipe) {
  const product = await db.prepare('SELECT slug FROM products WHERE id = ?1').bind(recipe.productId).first<{ slug: string }>();
  return {
    ...recipe,
    pdpUrl: product ? designUrl(locale, product.slug, recipe) : null,
    surcharge: { amount: customsSurcharge(locale.site.currency), currency: locale.site.currency },
  };
}

export const customsRoutes = new Hono<AppEnv>()
  .post('/customs/v1/recipes', valid('json', DesignBody), async (c) => {
    const recipe = await createRecipe(c.env.DB, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { recipe: await designView(c.env.DB, apiLocale(c, {}), recipe) }), 201);
  })
  .get('/customs/v1/recipes/:recipeId', async (c) => {
    const recipeId = c.req.param('recipeId');
    const recipe = RECIPE_ID.test(recipeId) ? (await recipesById(c.env.DB, [recipeId])).get(recipeId) : undefined;
    if (!recipe) throw new HttpError('API404', 'There is no such design.');
    return c.json(envelope(c, { recipe: await designView(c.env.DB, apiLocale(c, {}), recipe) }));
  });
