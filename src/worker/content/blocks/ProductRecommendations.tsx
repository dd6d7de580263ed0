// Product recommendations block: the augmented products as cards, a grid or (with a layout) a carousel.

import type { ProductRecommendationsBlock } from '../../../shared/content/blocks.ts';
import { Carousel } from './Carousel.tsx';
import { BREAKPOINTS, cx } from './classes.ts';
import { BlockCopy } from './parts.tsx';
import { RecommendedCard } from './RecommendedCard.tsx';

/** Recommendation rails do not autoplay: shoppers compare products at their own pace. */
const RAIL_SETTINGS = { autoplay: false, autorotateMs: 0, loop: false };

export function ProductRecommendations({ block }: { block: ProductRecommendationsBlock }) {
  const products = (block.products ?? []).slice(0, block.limit ?? undefined);
  if (products.length === 0) return null;
  const slides = products.map((product) => ({ key: product.productId, node: <RecommendedCard product={product} /> }));
  const columns = block.layout === 'six-card' ? 6 : 4;
  return (
    // The rail's cards, for the rec-impressions the decision engine is told of once it has been seen.
    <section className="reco" data-rec-widget={block.id} data-rec-impressions={products.map((product) => product.productId).join(' ')}>
      <BlockCopy block={block} className="reco__header" />
      {block.layout ? (
        <Carousel
          slides={slides}
          settings={RAIL_SETTINGS}
          breakpoints={BREAKPOINTS}
          label={block.title}
          // Commerce-core §9: arrows move six cards in the six-card layout, else three, on md and up.
          step={block.layout === 'six-card' ? 6 : 3}
          className={cx(
            'collection',
            'collection--reco',
            ...BREAKPOINTS.map((bp) => `collection--${bp}-carousel`),
            `collection--lg-cols-${columns}`,
            'collection--md-cols-3',
            'collection--sm-cols-2',
          )}
          trackClassName="collection__list"
        />
      ) : (
        <ul className="product-grid">
          {slides.map((slide) => (
            <li key={slide.key}>{slide.node}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
