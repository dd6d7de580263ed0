// Hero banners: full-bleed media with the copy over a gradient; "block-below" moves the copy under the
// image on small screens, "product-overlay" adds a product card over the image.

import type { BannerBlock, RecommendedProduct } from '../../../shared/content/blocks.ts';
import { cx, toneClass } from './classes.ts';
import { BlockCopy, BlockMedia, Caption, GradientOverlay, MediaLink, surfaceClass } from './parts.tsx';
import { RecommendedCard } from './RecommendedCard.tsx';

/** The augmented page may attach the recommended product of a product-overlay hero, as for ProductRecommendations. */
type HeroBannerBlock = BannerBlock & { products?: RecommendedProduct[] };

/** With no gradient set, a hero still darkens behind its copy: text over an image needs the contrast. */
const DEFAULT_GRADIENT = { gradientStyle: 'full', gradientTone: 'dark' } as const;

export function HeroBanner({ block }: { block: HeroBannerBlock }) {
  const gradient = block.gradient ?? DEFAULT_GRADIENT;
  const product = block.variant === 'hero-product-overlay' ? (block.products?.find((p) => p.productId === block.productId) ?? block.products?.[0]) : undefined;
  return (
    <div
      className={cx(
        'banner',
        'banner--hero',
        block.variant !== 'hero' && `banner--${block.variant}`,
        block.cinemaMode && 'banner--cinema',
        `banner--align-${block.contentAlignment ?? 'left'}`,
        toneClass(gradient),
        product && 'banner--with-product',
      )}
    >
      <div className="banner__media">
        {block.media ? (
          <MediaLink target={block.mediaTarget} alt={block.media.alt}>
            <BlockMedia media={block.media} className="banner__image" width={1800} eager />
          </MediaLink>
        ) : null}
        <GradientOverlay gradient={gradient} />
        <Caption caption={block.caption} />
      </div>
      <BlockCopy block={block} className={cx('banner__content', surfaceClass(block))} />
      {product ? (
        <div className="banner__product">
          <RecommendedCard product={product} headingLevel="p" />
        </div>
      ) : null}
    </div>
  );
}
