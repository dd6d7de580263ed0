// Product detail view: gallery, name, colours, the picker island (price, sizes, stock), details and data.

import FavoriteToggle from '../../../client/islands/favorite-toggle/FavoriteToggle.tsx';
import NotifyMe from '../../../client/islands/notify-me/NotifyMe.tsx';
import ProductPicker from '../../../client/islands/product-picker/ProductPicker.tsx';
import { upsellsOf } from '../../../client/islands/product-picker/upsell.ts';
import { PICKER_FORM_ID } from '../../../shared/commerce/buy-button.ts';
import { GIFT_MESSAGE_MAX, GIFT_TO_MAX } from '../../../shared/commerce/commerce-config.ts';
import { resolveVariant, type Selection } from '../../../shared/commerce/variants.ts';
import type { Block, RecommendedProduct } from '../../../shared/content/blocks.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { serializeForHtml } from '../../../shared/island.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { type CatalogIndex, categoryName, categoryPath } from '../../commerce/catalog/catalog-index.ts';
import { productImages } from '../../commerce/catalog/images.ts';
import type { ProductDetail } from '../../commerce/catalog/product.ts';
import type { ReviewSummary, ReviewView } from '../../commerce/reviews/reviews.ts';
import { ContentPlaceProvider } from '../../content/blocks/place.tsx';
import { GALLERY_SIZE, SocialGallery } from '../../content/blocks/SocialGallery.tsx';
import { mediaUrlResolver } from '../../content/media.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { Island } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { ProductReviews, reviewPaths } from '../reviews/ReviewBlocks.tsx';
import { Rating } from '../ui/Rating.tsx';
import { ExpressWallets } from './ExpressWallets.tsx';
import { ProductInfo } from './ProductInfo.tsx';
import { SizeGuide } from './SizeGuide.tsx';
import { productJsonLd } from './structured-data.ts';

export interface ProductPageProps {
  /** The product espot's blocks, shown under the details. */
  espot: Block[];
  product: ProductDetail;
  index: CatalogIndex;
  selection: Selection;
  variantId: string | undefined;
  /** The processor takes Apple Pay: the button is there for devices that have it. */
  applePay: boolean;
  /** Similar styles (widgetRecommendations' "similar"), shown under the product. */
  related: RecommendedProduct[];
  /** Reviews and questions (none for a gift card). */
  community: {
    summary: ReviewSummary;
    reviews: ReviewView[];
    questions: { total: number };
    translatable: boolean;
  } | null;
}

export function ProductPage({ product, index, selection, variantId, espot, applePay, community, related }: ProductPageProps) {
  const { t, locale, nonce, origin } = usePage();
  const url = paths.product(locale.code, product.slug, product.id);
  const crumbs = categoryPath(index, product.categoryId).map((n) => ({ name: categoryName(n, locale.lang), url: paths.category(locale.code, n.slug, n.id) }));
  const preselected = variantId ? (product.variants.find((v) => v.id === variantId)?.attributes ?? {}) : selection;
  const preselectedVariant = variantId ?? resolveVariant(product.attributes, product.variants, preselected)?.id;
  return (
    <ContentPlaceProvider value={placeOf(product, index)}>
      <div className="page page--product">
        <Breadcrumbs trail={[...crumbs, { name: product.name }]} />
        <div className="pdp">
          <ProductGallery product={product} />
          <div className="pdp__summary">
            {product.eyebrow ? <p className="pdp__eyebrow">{product.eyebrow}</p> : null}
            <h1 className="pdp__name">{product.name}</h1>
            {product.reviewCount > 0 ? (
              <a className="pdp__rating" href="#reviews">
                <Rating rating={product.rating} reviewCount={product.reviewCount} />
              </a>
            ) : null}
            <ColourSwatches product={product} />
            {product.productType === 'digital' ? <GiftFields t={t} /> : null}
            {product.maxQty ? <p className="pdp__limit">{t('product.limit', { count: product.maxQty })}</p> : null}
            <SizeGuide sizeSystem={product.sizeSystem} sizes={product.variants.map((variant) => variant.attributes.size ?? '')} />
            <Island
              name="product-picker"
              component={ProductPicker}
              hydrate="interaction"
              props={{
                productId: product.id,
                addUrl: `${paths.cart(locale.code)}/add`,
                cartUrl: paths.cart(locale.code),
                upsells: upsellsOf(related, mediaUrlResolver(index)),
                baseUrl: url,
                attributes: product.attributes.filter((a) => a.type !== 'color'),
                variants: product.variants,
                price: product.price,
                lowestPriceNotice: locale.site.lowestPriceNotice,
                selection: preselected,
                flags: {
                  presale: product.presale,
                  comingSoon:
                    product.comingSoon && product.targetPublishDate
                      ? new Intl.DateTimeFormat(locale.tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${product.targetPublishDate}T00:00:00Z`))
                      : null,
                  notifyMe: product.notifyMe,
                  isRobisOnly: product.isRobisOnly,
                  digital: product.productType === 'digital',
                },
              }}
            />
            <ExpressWallets product={product} applePay={applePay} />
            <CustomiseLink product={product} />
            <Island
              name="favorite-toggle"
              component={FavoriteToggle}
              hydrate="interaction"
              props={{
                productId: product.id,
                addUrl: `${paths.favorites(locale.code)}/add`,
                labels: {
                  add: t('favorites.add'),
                  remove: t('favorites.removeThis'),
                  added: t('favorites.added'),
                  removed: t('favorites.removed'),
                  failed: t('favorites.failed'),
                },
              }}
            />
            <NotifyMeOffer product={product} preselectedVariant={preselectedVariant} />
            <ProductInfo product={product} />
            {espot.length > 0 ? (
              <div className="espot espot--product">
                <ContentBlocks items={espot} index={index} search="" />
              </div>
            ) : null}
          </div>
        </div>
        {related.length > 0 ? (
          <div className="pdp-related">
            <ContentBlocks
              items={[{ type: 'ProductRecommendations', id: 'pdp-similar', title: t('product.similar'), products: related }]}
              index={index}
              search=""
            />
          </div>
        ) : null}
        {community ? (
          <ProductReviews
            summary={community.summary}
            reviews={community.reviews}
            questions={community.questions}
            paths={reviewPaths(locale.code, product.slug, product.id)}
            translatable={community.translatable}
          />
        ) : null}
        {community ? (
          <SocialGallery
            containerId="pdp-ugc"
            source={`/api/social/streams/media/recent?tag_key=${product.id}&count=${GALLERY_SIZE}`}
            heading={t('social.productGalleryTitle')}
            text={t('social.productGalleryText')}
            productId={product.id}
            shareHref={reviewPaths(locale.code, product.slug, product.id).share}
          />
        ) : null}
        <script
          type="application/ld+json"
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: serializeForHtml(productJsonLd(product, locale, origin, assets.imageBase, url, crumbs, community?.reviews ?? [])),
          }}
        />
      </div>
    </ContentPlaceProvider>
  );
}

/** Where the product espot's Filter-by blocks are read (place.tsx): the product's ids and its categories. */
function placeOf(product: ProductDetail, index: CatalogIndex) {
  const skus = [product.masterId, product.id, ...product.variants.map((v) => v.id)];
  return { skus, categoryIds: categoryPath(index, product.categoryId).map((n) => String(n.id)) };
}

/** A boot made to order leads to its design studio (customs). */
function CustomiseLink({ product }: { product: ProductDetail }) {
  const { t, locale } = usePage();
  if (!product.madeToOrder) return null;
  return (
    <a className="button button--secondary button--wide pdp__customise" href={paths.customise(locale.code, product.slug, product.id)}>
      {t('customs.customise')}
    </a>
  );
}

/** The colour's pictures, the first one loaded at once: it is the page's largest paint. */
function ProductGallery({ product }: { product: ProductDetail }) {
  const { t } = usePage();
  const images = productImages(assets.imageBase, product.kind, product.colour.hex);
  return (
    <section className="pdp__gallery" aria-label={t('product.gallery')}>
      {images.map((image, i) => (
        <img
          key={image.view}
          src={image.url}
          width={image.width}
          height={image.height}
          alt={t('product.imageAlt', { name: product.name, colour: product.colour.name, view: t(`product.view.${image.view}`) })}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : undefined}
          decoding="async"
        />
      ))}
    </section>
  );
}

/**
 * The product's other colours, each its own page (or, in the design studio, its own studio page: `href`);
 * a sold-out one says so to a screen reader.
 */
export function ColourSwatches({
  product,
  legend,
  href,
}: {
  product: ProductDetail;
  legend?: string;
  href?: (colour: ProductDetail['colours'][number]) => string;
}) {
  const { t, locale } = usePage();
  return (
    <fieldset className="swatches">
      <legend className="picker__legend">
        {legend ?? t('product.colour')} <span className="picker__chosen">{product.colour.name}</span>
      </legend>
      <ul className="swatches__list">
        {product.colours.map((colour) => (
          <li key={colour.productId}>
            <a
              className={`swatches__link${colour.productId === product.id ? ' is-selected' : ''}${colour.available ? '' : ' is-unavailable'}`}
              href={href ? href(colour) : paths.product(locale.code, colour.slug, colour.productId)}
              aria-current={colour.productId === product.id ? 'true' : undefined}
            >
              <span className="sr-only">{colour.available ? colour.name : t('product.unavailableOption', { label: colour.name })}</span>
              <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
                <circle cx="16" cy="16" r="15" fill={colour.hex} />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Notify-me (commerce-core §2): the colour's sold-out sizes, when the product offers it. */
function NotifyMeOffer({ product, preselectedVariant }: { product: ProductDetail; preselectedVariant: string | undefined }) {
  const { t, locale } = usePage();
  const optionLabel = (variant: (typeof product.variants)[number]) =>
    (['size', 'width', 'length'] as const)
      .map((type) => variant.attributes[type])
      .filter(Boolean)
      .join(' · ');
  const notifyOptions =
    product.notifyMe && !product.comingSoon ? product.variants.filter((v) => !v.inStock).map((v) => ({ value: v.id, label: optionLabel(v) })) : [];
  if (notifyOptions.length === 0) return null;
  return (
    <Island
      name="notify-me"
      component={NotifyMe}
      hydrate="interaction"
      props={{
        action: `/${locale.code}/notify-me`,
        options: notifyOptions,
        selected: notifyOptions.some((o) => o.value === preselectedVariant) ? (preselectedVariant ?? null) : null,
        labels: {
          title: t('notifyMe.title'),
          intro: t('notifyMe.intro'),
          size: t('notifyMe.size'),
          email: t('notifyMe.email'),
          submit: t('notifyMe.submit'),
          done: t('notifyMe.done'),
          failed: t('notifyMe.failed'),
        },
      }}
    />
  );
}

/**
 * A digital gift card's recipient (commerce-core §3, giftOption), plain HTML outside the picker island: the
 * fields belong to the picker's add form through their form attribute, so the form posts them with or
 * without JavaScript and the island carries no code of its own for them.
 */
function GiftFields({ t }: { t: Translate }) {
  // Closed until wanted: the amount and the price come first for the shopper buying for themselves.
  return (
    <details className="gift-option">
      <summary className="gift-option__summary">{t('gift.legend')}</summary>
      <p className="field__hint" id="gift-hint">
        {t('gift.hint')}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="gift-to">
          {t('gift.to')}
        </label>
        <input
          id="gift-to"
          className="field__input"
          name="giftTo"
          form={PICKER_FORM_ID}
          maxLength={GIFT_TO_MAX}
          autoComplete="off"
          aria-describedby="gift-hint"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="gift-email">
          {t('gift.email')}
        </label>
        <input id="gift-email" className="field__input" name="giftEmail" form={PICKER_FORM_ID} type="email" maxLength={100} autoComplete="off" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="gift-message">
          {t('gift.message')}
        </label>
        <textarea
          id="gift-message"
          className="field__input gift-option__message"
          name="giftMessage"
          form={PICKER_FORM_ID}
          maxLength={GIFT_MESSAGE_MAX}
          rows={3}
        />
      </div>
    </details>
  );
}
