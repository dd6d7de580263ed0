// What a change to a cart line may say about the line beside its id (commerce-core §7: PUT …/item takes upc
// and recipeId, DELETE /cart/v1/item takes upc): the UPC of the variant the line is, or becomes with the
// call's productId, and the design of a pair made to order. Each is checked against the basket as it is
// before anything is written; a disagreement is API400 at its field, so a client that describes a line
// wrongly changes or removes nothing. A design is the line's own: another shopper's, or another boot's,
// cannot be put on it. (The client's maxQty is the other claim: setLineQuantity lets it only lower the limit.)

import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps, Shopper } from '../call.ts';
import type { StoredLine } from './cart-state.ts';
import { basketLine } from './lines.ts';

export interface LineClaims {
  upc?: string | undefined;
  recipeId?: string | undefined;
  /** The variant the call changes the line to, which the UPC must then be. */
  productId?: string | undefined;
}

const refuse = (field: 'upc' | 'recipeId', message: string) => new HttpError('API400', message, [{ field, message }]);

/** Refuses claims that are not true of `line`. */
export async function checkLineClaims(db: D1Database, line: StoredLine, claims: LineClaims): Promise<void> {
  if (claims.recipeId !== undefined) {
    if (line.recipeId === null) throw refuse('recipeId', 'This item is not made to order.');
    if (claims.recipeId !== line.recipeId) throw refuse('recipeId', 'This is not the design of this item.');
  }
  if (claims.upc !== undefined) {
    const variantId = claims.productId ?? line.variantId;
    const upc = await db.prepare('SELECT upc FROM variants WHERE id = ?1').bind(variantId).first<string>('upc');
    if (upc !== claims.upc) throw refuse('upc', claims.productId ? 'This UPC is not the size chosen.' : 'This UPC is not this item’s.');
  }
}

/** The shopper's line, checked against what the call says of it; nothing to read when it says nothing. */
export async function checkDescribedLine(deps: ServiceDeps, shopper: Shopper, basketId: string, itemId: string, claims: LineClaims): Promise<void> {
  if (claims.upc === undefined && claims.recipeId === undefined) return;
  const { line } = await basketLine(deps, shopper, basketId, itemId);
  await checkLineClaims(deps.env.DB, line, claims);
}
