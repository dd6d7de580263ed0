// Product illustration URLs: content-versioned, so they are served with immutable cache headers.

import { IMAGE_VIEWS, type ImageView } from './product-types.ts';

export const PRODUCT_IMAGE_SIZE = 800;

export interface ProductImage {
  view: ImageView;
  url: string;
  width: number;
  height: number;
}

export function productImageUrl(base: string, productType: string, swatchHex: string, view: ImageView = 'side'): string {
  return `${base}/${productType}/${swatchHex.slice(1).toLowerCase()}-${view}.svg`;
}

export function productImages(base: string, productType: string, swatchHex: string): ProductImage[] {
  return IMAGE_VIEWS.map((view) => ({
    view,
    url: productImageUrl(base, productType, swatchHex, view),
    width: PRODUCT_IMAGE_SIZE,
    height: PRODUCT_IMAGE_SIZE,
  }));
}
