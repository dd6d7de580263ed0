// Markup of the header cart count. The server renders it; cart-count.ts keeps it live without React.

import type { MessageSubset } from '../../../shared/i18n/format.ts';
import { subsetTranslator } from '../../../shared/i18n/format.ts';

export interface CartCountProps {
  initialCount: number;
  localeTag: string;
  messages: MessageSubset;
}

export default function CartCount({ initialCount, localeTag, messages }: CartCountProps) {
  const t = subsetTranslator(messages, localeTag);
  return (
    <span className="cart-count" data-count={initialCount}>
      <span className="sr-only" data-cart-label="">
        {t('header.cartCount', { count: initialCount })}
      </span>
      <span className="cart-count__badge" aria-hidden="true" data-cart-badge="">
        {initialCount > 0 ? String(initialCount) : ''}
      </span>
    </span>
  );
}
