// Product tools as pages (the store services issue, §4): the size guide with every chart and how to measure
// a foot (/{locale}/size-guide), and products compared side by side (/{locale}/compare?products=…), which the
// listings' compare boxes submit to. Both the same for everyone.

import type { Context } from 'hono';
import { percentOff } from '../../../shared/commerce/money.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { Price } from '../../../shared/ui/Price.tsx';
import { assets } from '../../assets.ts';
import { PRODUCT_IMAGE_SIZE, productImageUrl } from '../../commerce/catalog/images.ts';
import type { Audience } from '../../commerce/catalog/size-charts.ts';
import { COMPARE_MAX, type ComparedProduct, compareProducts } from '../../commerce/catalog/tools.ts';
import type { AppEnv } from '../../env.ts';
import { HttpError } from '../../lib/http-error.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';
import { Rating } from '../ui/Rating.tsx';
import { BodySizeTable, BottomsTable, ShoeSizeTable } from './SizeTables.tsx';

const AUDIENCES: Audience[] = ['men', 'women', 'kids'];

function SizeGuidePage() {
  const { t } = usePage();
  return (
    <div className="page page--size-guide">
      <h1>{t('sizeGuide.pageTitle')}</h1>
      <p>{t('sizeGuide.measure')}</p>
      <h2>{t('sizeGuide.footwear')}</h2>
      <div className="size-guide__tables">
        {AUDIENCES.map((audience) => (
          <ShoeSizeTable key={audience} audience={audience} />
        ))}
      </div>
      <h2>{t('sizeGuide.clothing')}</h2>
      <div className="size-guide__tables">
        {AUDIENCES.map((audience) => (
          <BodySizeTable key={audience} audience={audience} />
        ))}
      </div>
      <h2>{t('sizeGuide.bottoms')}</h2>
      <div className="size-guide__tables">
        <BottomsTable part="waists" />
        <BottomsTable part="insideLeg" />
      </div>
    </div>
  );
}

export async function sizeGuidePage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  return renderPage(c, {
    meta: {
      title: t('sizeGuide.pageTitle'),
      description: t('sizeGuide.description'),
      pageType: 'Other',
      styles: ['product'],
      canonical: `/${locale.code}/size-guide`,
    },
    body: <SizeGuidePage />,
    fallback: () => null,
  });
}

function ComparePage({ products, error }: { products: ComparedProduct[]; error: string | null }) {
  const { t, locale } = usePage();
  const benefits = [...new Set(products.flatMap((p) => Object.keys(p.benefits)))];
  return (
    <div className="page page--compare">
      <h1>{t('compare.title')}</h1>
      {error ? (
        <div className="notice notice--info" role="status">
          <p>{error}</p>
        </div>
      ) : null}
      {products.length > 0 ? (
        <div className="compare__scroll">
          <table className="compare">
            <caption className="sr-only">{t('compare.caption', { count: products.length })}</caption>
            <thead>
              <tr>
                <td />
                {products.map((product) => (
                  <th key={product.productId} scope="col">
                    <a href={product.url} className="compare__product">
                      <img
                        src={productImageUrl(assets.imageBase, product.productType, product.swatchHex, 'side')}
                        width={PRODUCT_IMAGE_SIZE}
                        height={PRODUCT_IMAGE_SIZE}
                        alt=""
                        loading="lazy"
                        decoding="async"
                      />
                      <span>{product.name}</span>
                    </a>
                    <span className="compare__colour">{product.colourName}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('compare.price')}</th>
                {products.map((product) => (
                  <td key={product.productId}>
                    <Price
                      price={{
                        currency: locale.site.currency,
                        current: product.price.current,
                        original: product.price.original,
                        lowCurrent: product.price.current,
                        highCurrent: product.price.current,
                        onSale: product.price.current < product.price.original,
                        percentagePriceDiscount: percentOff(product.price.original, product.price.current),
                        historicBestPrice: null,
                      }}
                    />
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row">{t('compare.rating')}</th>
                {products.map((product) => (
                  <td key={product.productId}>
                    {product.reviewCount > 0 ? <Rating rating={product.rating} reviewCount={product.reviewCount} /> : t('reviews.none')}
                  </td>
                ))}
              </tr>
              {benefits.map((key) => (
                <tr key={key}>
                  <th scope="row">{t(`product.benefit.${key}` as MessageKey)}</th>
                  {products.map((product) => (
                    <td key={product.productId}>{product.benefits[key] ? `${product.benefits[key]}/5` : '–'}</td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row">{t('compare.details')}</th>
                {products.map((product) => (
                  <td key={product.productId}>
                    <ul className="compare__details">
                      {product.details.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export async function comparePage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const url = new URL(c.req.url);
  // From the listing's boxes (products=A&products=B) or a shared link (products=A,B).
  const ids = [
    ...new Set(
      url.searchParams
        .getAll('products')
        .flatMap((value) => value.split(','))
        .map((id) => id.trim()),
    ),
  ]
    .filter((id) => /^[A-Z0-9]{8,11}$/.test(id))
    .slice(0, 12);
  let products: ComparedProduct[] = [];
  let error: string | null = null;
  try {
    products = await compareProducts(c.env.DB, locale, ids.slice(0, COMPARE_MAX));
    if (ids.length > COMPARE_MAX) error = t('compare.tooMany', { count: COMPARE_MAX });
  } catch (caught) {
    if (!(caught instanceof HttpError) || caught.status >= 500) throw caught;
    error = ids.length < 2 ? t('compare.fewer') : caught.code === 'PLP400' ? t('compare.unknown') : t('compare.oneType');
  }
  return renderPage(c, {
    meta: { title: t('compare.title'), description: t('compare.description'), pageType: 'Other', styles: ['product'], canonical: `/${locale.code}/compare` },
    body: <ComparePage products={products} error={error} />,
    fallback: () => null,
  });
}
