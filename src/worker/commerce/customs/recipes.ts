// Designs of made-to-order boots (commerce-core §3, customs): a recipe is one colour of a customisable style,
// a lace colour and the initials on the heel tab. Made by the store's design studio (customs/routes.ts, the
// product's customise page), or curated by the brand and asked for by its pre-created code. The cart keeps
// only the recipe's id: what it is, and what it costs, are read from here every time.

import { CUSTOM_LACES, type CustomLaces, MONOGRAM, PRECREATED_CODE, RECIPE_ID } from '../../../shared/commerce/customs.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { HttpError } from '../../lib/http-error.ts';

export interface Recipe {
  recipeId: string;
  styleId: string;
  /** The colour of the style the leather is. */
  productId: string;
  laces: CustomLaces;
  monogram: string;
  precreatedCode: string | null;
}

interface RecipeRow {
  recipe_id: string;
  style_id: string;
  product_id: string;
  laces: string;
  monogram: string;
  precreated_code: string | null;
}

const toRecipe = (row: RecipeRow): Recipe => ({
  recipeId: row.recipe_id,
  styleId: row.style_id,
  productId: row.product_id,
  laces: (CUSTOM_LACES as readonly string[]).includes(row.laces) ? (row.laces as CustomLaces) : 'natural',
  monogram: row.monogram,
  precreatedCode: row.precreated_code,
});

const COLUMNS = 'recipe_id, style_id, product_id, laces, monogram, precreated_code';

/** Whether the workshop makes this style to order. */
export async function isCustomisable(db: D1Database, styleId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS yes FROM custom_styles WHERE style_id = ?1').bind(styleId).first()) !== null;
}

/** The recipes of these ids (unknown ones are left out). */
export async function recipesById(db: D1Database, recipeIds: readonly string[]): Promise<Map<string, Recipe>> {
  if (recipeIds.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM custom_recipes WHERE recipe_id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify([...new Set(recipeIds)]))
    .all<RecipeRow>();
  return new Map(results.map((row) => [row.recipe_id, toRecipe(row)]));
}

/** The design an add names, by its id or its pre-created code; API400 at the field when there is none. */
export async function namedRecipe(db: D1Database, named: { recipeId?: string | undefined; precreatedCustomsCode?: string | undefined }): Promise<Recipe> {
  if (named.recipeId !== undefined) {
    const found = RECIPE_ID.test(named.recipeId) ? (await recipesById(db, [named.recipeId])).get(named.recipeId) : undefined;
    if (!found) throw new HttpError('API400', 'There is no such design.', [{ field: 'recipeId', message: 'There is no such design.' }]);
    return found;
  }
  const code = (named.precreatedCustomsCode ?? '').trim().toUpperCase();
  const row = PRECREATED_CODE.test(code)
    ? await db.prepare(`SELECT ${COLUMNS} FROM custom_recipes WHERE precreated_code = ?1`).bind(code).first<RecipeRow>()
    : null;
  if (!row)
    throw new HttpError('API400', 'There is no design with this code.', [{ field: 'precreatedCustomsCode', message: 'There is no design with this code.' }]);
  return toRecipe(row);
}

export interface DesignInput {
  /** The colour (product id) the leather is. */
  productId: string;
  laces: string;
  monogram: string;
}

function recipeId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `RCP${[...crypto.getRandomValues(new Uint8Array(10))].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** A new design, checked against the workshop's choices: a colour of a customisable style, laces it stocks, initials. */
export async function createRecipe(db: D1Database, input: DesignInput, now = new Date()): Promise<Recipe> {
  const monogram = input.monogram.trim().toUpperCase();
  const refused: { field: string; message: string }[] = [];
  if (!(CUSTOM_LACES as readonly string[]).includes(input.laces)) refused.push({ field: 'laces', message: `Choose laces: ${CUSTOM_LACES.join(', ')}.` });
  if (!MONOGRAM.test(monogram)) refused.push({ field: 'monogram', message: 'Up to three letters, A to Z.' });
  const style = await db
    .prepare('SELECT p.style_id FROM products p JOIN custom_styles c ON c.style_id = p.style_id WHERE p.id = ?1')
    .bind(input.productId)
    .first<{ style_id: string }>();
  if (!style) refused.push({ field: 'productId', message: 'This product is not made to order.' });
  if (refused.length > 0 || !style) throw new HttpError('API400', 'This design cannot be made.', refused);
  const recipe: Recipe = {
    recipeId: recipeId(),
    styleId: style.style_id,
    productId: input.productId,
    laces: input.laces as CustomLaces,
    monogram,
    precreatedCode: null,
  };
  await db
    .prepare('INSERT INTO custom_recipes (recipe_id, style_id, product_id, laces, monogram, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
    .bind(recipe.recipeId, recipe.styleId, recipe.productId, recipe.laces, recipe.monogram, now.toISOString())
    .run();
  return recipe;
}

/** The design studio's page for a product, opened on a recipe to change it (the cart line's pdpUrl). */
export function designUrl(locale: Locale, slug: string, recipe: Pick<Recipe, 'productId' | 'recipeId'>): string {
  return `${paths.customise(locale.code, slug, recipe.productId)}?recipe=${recipe.recipeId}`;
}
