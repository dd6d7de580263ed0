// Product card of listings, search results and rails: image, badge, name, colours, price, rating.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { PriceView } from '../../../shared/ui/Price.tsx';
import { Price } from '../../../shared/ui/Price.tsx';
import { Rating } from './Rating.tsx';

export interface CardView {
  productId: string;
  url: string;
  name: string;
  eyebrow: string | null;
  badge: string | null;
  presale: boolean;
  comingSoon: string | null;
  rating: number | null;
  reviewCount: number;
  price: PriceView;
  image: { url: string; width: number; height: number } | undefined;
  colour: { name: string };
  colours: { productId: string; name: string; hex: string }[];
}

const MAX_SWATCHES = 5;

/** `compareForm`: the id of the listing's compare form, which the card's box joins (no script needed). */
export function ProductCard({ card, eager = false, compareForm }: { card: CardView; eager?: boolean; compareForm?: string }) {
  const { t } = useI18n();
  const swatches = card.colours.slice(0, MAX_SWATCHES);
  const badgeKey = card.comingSoon ? 'badge.coming-soon' : card.presale ? 'badge.presale' : card.badge ? (`badge.${card.badge}` as MessageKey) : null;
  return (
    <article className="card">
      <a className="card__link" href={card.url}>
        <div className="card__media">
          {card.image ? (
            <img
              src={card.image.url}
              width={card.image.width}
              height={card.image.height}
              alt={`${card.name}, ${card.colour.name}`}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
          {badgeKey ? (
            <span className="card__badge">{t(badgeKey)}</span>
          ) : card.price.onSale ? (
            <span className="card__badge card__badge--sale">{t('badge.sale')}</span>
          ) : null}
        </div>
        <div className="card__body">
          {card.eyebrow ? <p className="card__eyebrow">{card.eyebrow}</p> : null}
          <h3 className="card__name">{card.name}</h3>
          <p className="card__colours">
            <svg className="card__swatches" viewBox={`0 0 ${swatches.length * 15} 12`} width={swatches.length * 15} height="12" aria-hidden="true">
              {swatches.map((c, i) => (
                <circle key={c.productId} cx={i * 15 + 6} cy="6" r="5.5" fill={c.hex} />
              ))}
            </svg>
            {t('listing.colours', { count: card.colours.length })}
          </p>
          <Price price={card.price} />
          <Rating rating={card.rating} reviewCount={card.reviewCount} />
        </div>
      </a>
      {/* Without script it is a second way to the product page; with it, the quick-shop dialog opens. */}
      <a className="card__quick" href={card.url} data-quick-shop={card.productId} aria-label={t('quickShop.open', { name: card.name })}>
        {t('quickShop.label')}
      </a>
      {compareForm ? (
        <label className="card__compare">
          <input type="checkbox" name="products" value={card.productId} form={compareForm} />
          <span>{t('compare.add')}</span>
          <span className="sr-only"> {card.name}</span>
        </label>
      ) : null}
    </article>
  );
}
