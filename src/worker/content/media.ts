// Media sources of content to same-origin URLs: banner art, a product's illustration, or a local path.

import type { MediaSource } from '../../shared/content/blocks.ts';
import { assets } from '../assets.ts';
import type { CatalogIndex } from '../commerce/catalog/catalog-index.ts';
import { productImageUrl } from '../commerce/catalog/images.ts';
import { safeHref } from './sanitize.ts';

export function mediaUrlResolver(index: CatalogIndex): (source: MediaSource) => string {
  return (source) => {
    switch (source.kind) {
      case 'banner':
        return `${assets.bannerBase}/${source.name}.svg`;
      case 'product': {
        const product = index.products.get(source.productId);
        return product ? productImageUrl(assets.imageBase, product.productType, product.swatchHex, source.view ?? 'side') : '';
      }
      case 'path': {
        // Content may only point at this store's own files: checked as strictly as links ("/\host" is another host).
        const path = safeHref(source.path);
        return path?.startsWith('/') ? path : '';
      }
    }
  };
}
