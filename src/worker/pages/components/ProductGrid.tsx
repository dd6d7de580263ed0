// A grid of product cards; the first row loads eagerly because it is above the fold.

import type { ListingCard } from '../../commerce/catalog/listing.ts';
import { cardResource } from '../../commerce/catalog/resources.ts';
import { usePage } from '../page-context.tsx';
import { ProductCard } from '../ui/ProductCard.tsx';

const EAGER_CARDS = 4;

export function ProductGrid({ cards, label, compareForm }: { cards: ListingCard[]; label?: string; compareForm?: string }) {
  const { locale } = usePage();
  return (
    <ul className="product-grid" aria-label={label}>
      {cards.map((card, i) => (
        <li key={card.styleId}>
          <ProductCard card={cardResource(card, locale)} eager={i < EAGER_CARDS} {...(compareForm ? { compareForm } : {})} />
        </li>
      ))}
    </ul>
  );
}
