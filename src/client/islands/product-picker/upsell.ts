// An upsell as the product page hands it to its picker's mini-cart: resolved on the server, so the
// dialog needs no call of its own after an add.

import { UPSELL_COUNT } from '../../../shared/commerce/commerce-config.ts';
import type { MediaSource, RecommendedProduct } from '../../../shared/content/blocks.ts';

export interface Upsell {
  productId: string;
  name: string;
  colourName: string;
  url: string;
  image: string;
  current: number;
  currency: string;
}

/** The first UPSELL_COUNT recommendations, with their images' addresses. */
export function upsellsOf(products: readonly RecommendedProduct[], imageUrl: (source: MediaSource) => string): Upsell[] {
  return products.slice(0, UPSELL_COUNT).map((product) => ({
    productId: product.productId,
    name: product.name,
    colourName: product.colourName,
    url: product.url,
    image: imageUrl(product.image),
    current: product.price.current,
    currency: product.price.currency,
  }));
}
