// API shapes of catalog entities (commerce-core §3), with URLs and images filled in for a locale.

import { stockStatusLabel } from '../../../shared/commerce/stock.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { type CatalogIndex, type CategoryNode, categoryName, categoryPath } from './catalog-index.ts';
import { productImages } from './images.ts';
import type { Listing, ListingCard } from './listing.ts';
import type { ProductDetail } from './product.ts';

export function cardResource(card: ListingCard, locale: Locale) {
  return {
    ...card,
    url: paths.product(locale.code, card.slug, card.productId),
    image: productImages(assets.imageBase, card.productType, card.colour.hex)[0],
  };
}

export function listingResource(listing: Listing, locale: Locale) {
  return { ...listing, cards: listing.cards.map((card) => cardResource(card, locale)) };
}

export function productResource(product: ProductDetail, locale: Locale, index: CatalogIndex) {
  const t = translator(locale.lang, locale.tag);
  return {
    ...product,
    variants: product.variants.map((variant) => ({ ...variant, stockStatusLabel: stockStatusLabel(t, variant) })),
    url: paths.product(locale.code, product.slug, product.id),
    customsExternalUrl: product.madeToOrder ? paths.customise(locale.code, product.slug, product.id) : null,
    images: productImages(assets.imageBase, product.kind, product.colour.hex),
    colours: product.colours.map((c) => ({ ...c, url: paths.product(locale.code, c.slug, c.productId) })),
    breadcrumbs: categoryPath(index, product.categoryId).map((node) => ({
      id: node.id,
      name: categoryName(node, locale.lang),
      url: paths.category(locale.code, node.slug, node.id),
    })),
  };
}

export interface CategoryResource {
  id: number;
  name: string;
  slug: string;
  url: string;
  children: CategoryResource[];
}

export function categoryResource(node: CategoryNode, locale: Locale): CategoryResource {
  return {
    id: node.id,
    name: categoryName(node, locale.lang),
    slug: node.slug,
    url: paths.category(locale.code, node.slug, node.id),
    children: node.children.map((child) => categoryResource(child, locale)),
  };
}
