// The message keys each React island translates. The server reads this (the page state carries the
// keys of the React islands on the page, once); the client entry never loads it, so its bytes stay out of
// every page's JavaScript.

import type { MessageKey } from './i18n/en.ts';
import type { IslandName, ReactIslandName } from './island.ts';
import { isReactIsland } from './island.ts';

const PICKER_MESSAGES = [
  'product.size',
  'product.width',
  'product.length',
  'product.amount',
  'product.width.M',
  'product.width.W',
  'product.chooseSize',
  'product.chooseSizeWidth',
  'product.chooseSizeLength',
  'product.inStock',
  'product.lowStock',
  'product.outOfStock',
  'product.soldOutColour',
  'product.unavailableOption',
  'product.presale',
  'product.comingSoon',
  'product.robisOnly',
  'product.digital',
  'product.sku',
  'price.range',
  'price.off',
  'price.lowest30',
  'price.original',
  'price.current',
  'product.addToCart',
  'product.adding',
  'product.soldOut',
  'product.comingSoonButton',
  'cart.chooseSize',
  'cart.addFailed',
  'cart.continueShopping',
  'error.outOfStock',
  'error.maxQuantity',
  'error.noPrice',
  'error.itemNotAvailable',
  'error.invalidCustomer',
  'minicart.title',
  'minicart.quantity',
  'minicart.subtotal',
  'minicart.viewCart',
  'account.close',
  'cart.title',
  'cart.expired',
  'cart.merged',
  'notifyMe.submit',
  'product.signInToBuy',
  'gift.incomplete',
] as const satisfies readonly MessageKey[];

const ISLAND_MESSAGES: Record<ReactIslandName, readonly MessageKey[]> = {
  'product-picker': PICKER_MESSAGES,
};

/** The message keys the React islands among `names` translate. */
export function islandMessageKeys(names: Iterable<IslandName>): MessageKey[] {
  const keys = new Set<MessageKey>();
  for (const name of names) if (isReactIsland(name)) for (const key of ISLAND_MESSAGES[name as ReactIslandName]) keys.add(key);
  return [...keys];
}
