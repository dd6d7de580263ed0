// schema.org Product with one Offer per variant, and the breadcrumb list, for search engines.

import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { productImages } from '../../commerce/catalog/images.ts';
import type { ProductDetail } from '../../commerce/catalog/product.ts';
import type { ReviewView } from '../../commerce/reviews/reviews.ts';

export function productJsonLd(
  product: ProductDetail,
  locale: Locale,
  origin: string,
  imageBase: string,
  url: string,
  crumbs: { name: string; url: string }[],
  reviews: ReviewView[] = [],
) {
  const absolute = (path: string) => new URL(path, origin).toString();
  const availability = (inStock: boolean) =>
    product.comingSoon || product.presale ? 'https://schema.org/PreOrder' : inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const money = (minor: number) => (minor / 100).toFixed(2);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: product.id,
      productID: product.masterId,
      color: product.colour.name,
      brand: { '@type': 'Brand', name: 'Cairn' },
      image: productImages(imageBase, product.kind, product.colour.hex).map((i) => absolute(i.url)),
      url: absolute(url),
      ...(product.rating !== null && product.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount, bestRating: 5 } }
        : {}),
      ...(reviews.length > 0
        ? {
            review: reviews.map((r) => ({
              '@type': 'Review',
              name: r.title,
              reviewBody: r.text,
              inLanguage: r.lang,
              datePublished: r.createdAt.slice(0, 10),
              author: { '@type': 'Person', name: r.nickname },
              reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            })),
          }
        : {}),
      offers: product.variants.map((v) => ({
        '@type': 'Offer',
        sku: v.id,
        gtin12: v.upc,
        price: money(v.price.current),
        priceCurrency: locale.site.currency,
        availability: availability(v.inStock),
        itemCondition: 'https://schema.org/NewCondition',
        url: absolute(paths.product(locale.code, product.slug, v.id)),
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: absolute(crumb.url) })),
    },
  ];
}
