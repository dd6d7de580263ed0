// One recommended product as a card: image, name, colour, price and rating, in the listing card's look.

import { percentOff } from '../../../shared/commerce/money.ts';
import type { RecommendedProduct } from '../../../shared/content/blocks.ts';
import type { PriceView } from '../../../shared/ui/Price.tsx';
import { Price } from '../../../shared/ui/Price.tsx';
import { PRODUCT_IMAGE_SIZE } from '../../commerce/catalog/images.ts';
import { Rating } from '../../pages/ui/Rating.tsx';
import { safeHref } from '../sanitize.ts';
import { useBlocks } from './context.tsx';

function recommendedPrice(price: RecommendedProduct['price']): PriceView {
  return {
    currency: price.currency,
    current: price.current,
    original: price.original,
    lowCurrent: price.lowCurrent,
    highCurrent: price.highCurrent,
    onSale: price.onSale,
    percentagePriceDiscount: percentOff(price.original, price.current),
    // Recommendations carry no price history, so no EU lowest-price notice.
    historicBestPrice: null,
  };
}

export function RecommendedCard({ product, headingLevel = 'h3' }: { product: RecommendedProduct; headingLevel?: 'h3' | 'p' }) {
  const { mediaUrl } = useBlocks();
  const href = safeHref(product.url);
  const Name = headingLevel;
  const body = (
    <>
      <div className="card__media">
        <img
          src={mediaUrl(product.image, PRODUCT_IMAGE_SIZE)}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          alt={`${product.name}, ${product.colourName}`}
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="card__body">
        <Name className="card__name">{product.name}</Name>
        <p className="card__colours">{product.colourName}</p>
        <Price price={recommendedPrice(product.price)} />
        <Rating rating={product.reviewAverage} reviewCount={product.reviewsCount} />
      </div>
    </>
  );
  return (
    <article className="card reco-card" data-recommendation-id={product.recommendationId}>
      {href ? (
        <a className="card__link" href={href}>
          {body}
        </a>
      ) : (
        <div className="card__link">{body}</div>
      )}
    </article>
  );
}
