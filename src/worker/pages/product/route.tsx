// Product detail page: canonical URL check from the index, head from the index, body streams with its data.

import type { Context } from 'hono';
import type { Selection } from '../../../shared/commerce/variants.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { LOCALES } from '../../../shared/locale/sites.ts';
import { parseProductSegment, paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { catalogIndex, productName } from '../../commerce/catalog/catalog-index.ts';
import { productImageUrl } from '../../commerce/catalog/images.ts';
import { loadProductWith } from '../../commerce/catalog/product.ts';
import { today } from '../../commerce/catalog/service.ts';
import { similarStatement } from '../../commerce/catalog/tools.ts';
import { applePayOffered } from '../../commerce/payments/choose.ts';
import { communityReads } from '../../commerce/reviews/reviews.ts';
import { translatorFor } from '../../commerce/reviews/translator.ts';
import type { AppEnv } from '../../env.ts';
import { catalogTags } from '../../page-cache/request.ts';
import { bodyKey } from '../body-memo.ts';
import { loadEspot, productSlot } from '../cms/espot.ts';
import { DeferredError } from '../errors/DeferredError.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { alternates } from '../listing-params.ts';
import { streamPage } from '../render.tsx';
import { ProductPage } from './ProductPage.tsx';

const SELECTABLE = ['size', 'width', 'length'] as const;
const FIRST_REVIEWS = 3;
const SIMILAR_STYLES = 4;

/** The shopper's choice from the URL: a variant id in the path wins over size/width/length parameters. */
function initialSelection(params: URLSearchParams, variantId: string | undefined): { selection: Selection; variantId?: string } {
  if (variantId) return { selection: {}, variantId };
  const selection: Selection = {};
  for (const type of SELECTABLE) {
    const value = params.get(type);
    if (value && value.length <= 20) selection[type] = value;
  }
  return { selection };
}

export async function productRoute(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const parsed = parseProductSegment(c.req.param('segment') ?? '');
  const index = await catalogIndex(c.env.DB, c.get('logger'));
  const productId = parsed?.id.slice(0, 8);
  const entry = productId ? index.products.get(productId) : undefined;
  if (!parsed || !productId || !entry) return notFoundPage(c);
  const isVariant = parsed.id.length > 8;
  if (isVariant && !entry.variantIds.has(parsed.id)) return notFoundPage(c);
  const url = new URL(c.req.url);
  const requested = paths.product(locale.code, entry.slug, parsed.id);
  if (parsed.alternate || parsed.slug !== entry.slug) return c.redirect(`${requested}${url.search}`, 301);

  const t = translator(locale.lang, locale.tag);
  const name = productName(entry, locale.lang);
  const { selection, variantId } = initialSelection(url.searchParams, isVariant ? parsed.id : undefined);
  const heroImage = productImageUrl(assets.imageBase, entry.productType, entry.swatchHex, 'side');
  const styleId = entry.styleId;
  // The first reviews and questions, in the reader's language first (the rest are on the reviews page),
  // read in the product's own batch.
  const reads = communityReads(c.env.DB, styleId, locale.lang, FIRST_REVIEWS);
  const similar = similarStatement(c.env.DB, locale, productId, SIMILAR_STYLES);
  c.get('pageCache')?.cacheAs(catalogTags.product(styleId));
  const body = Promise.all([
    loadProductWith(c.env.DB, locale.site, locale.lang, productId, today(), [...reads.statements, similar.statement]),
    loadEspot(c, productSlot(entry.productType)),
  ]).then(async ([[product, extra], espot]) => {
    if (!product) {
      c.get('pageCache')?.spoil();
      return <DeferredError />;
    }
    const props = {
      product,
      selection,
      variantId,
      espot,
      applePay: applePayOffered(c.env),
      community: product.productType === 'digital' ? null : { ...reads.read(extra), translatable: translatorFor(c.env) !== null },
      related: product.productType === 'digital' ? [] : similar.read(extra[reads.statements.length]),
    };
    // The same for every shopper: rendered again only when something it shows has changed.
    const memoKey = await bodyKey({ ...props, path: `${url.pathname}${url.search}`, origin: url.origin, catalog: index.loadedAt });
    return { memoKey, node: <ProductPage {...props} index={index} /> };
  });
  return streamPage(c, {
    meta: {
      title: t('product.title', { name, colour: entry.colourName }),
      description: t('product.metaDescription', { name, colour: entry.colourName }),
      pageType: 'product detail',
      styles: ['product', 'reviews'],
      canonical: paths.product(locale.code, entry.slug, productId),
      alternates: alternates(LOCALES, `/p/${entry.slug}-${productId}`),
      ogType: 'product',
      ogImage: heroImage,
      preloadImage: heroImage,
    },
    body,
    fallback: () => <DeferredError />,
  });
}
