// Espots: short shopping reassurance for cart, checkout, product and category pages, the 4xx error page's way
// back, and what membership brings in the sign-in and sign-up steps.

import type { BannerBlock, BlocksDocument, CollectionBlock, EspotSlot } from '../../../src/shared/content/blocks.ts';
import { type ContentContext, categoryTarget } from './context.ts';
import type { TitledText } from './copy.ts';

export const SEEDED_ESPOTS = [
  'cart',
  'checkout',
  'product',
  'category',
  'error-4xx',
  'sign-in-modal',
  'sign-up',
  'sign-up-modal',
  'loyalty-modal',
  'account',
  'account-profile',
  'basecamp',
  'store-locator',
  'contact-us',
  'generic',
  'gift-card',
  'promotions',
  'search',
] as const satisfies readonly EspotSlot[];
export type SeededEspot = (typeof SEEDED_ESPOTS)[number] | 'westend';

function notice(id: string, copy: TitledText): BannerBlock {
  return { type: 'Banner', id, variant: 'thin', title: copy.title, subtitle: copy.text, linkType: 'No-CTA' };
}

/** A button to each department: a way on from a page that found nothing. */
function departments(ctx: ContentContext, id: string): CollectionBlock {
  return {
    type: 'Collection',
    id,
    variant: 'cta-buttons',
    alignment: 'center',
    linkType: 'CTA',
    // One button per card: the CTA collection highlights the item whose link matches the current path.
    items: ['mens', 'womens', 'kids', 'gift-cards'].map((slug) => ({
      type: 'LinkedCard',
      id: `${id}-${slug}`,
      targets: [categoryTarget(ctx, slug, undefined, 'secondary')],
    })),
  };
}

export function espot(ctx: ContentContext, slot: SeededEspot): BlocksDocument {
  const { espots } = ctx.copy;
  switch (slot) {
    case 'cart':
      return { items: [notice('cart-shipping', espots.shipping), { type: 'RichText', id: 'cart-help', title: espots.help.title, richText: espots.help.text }] };
    case 'checkout':
      return { items: [{ type: 'RichText', id: 'checkout-secure', title: espots.checkout.title, richText: espots.checkout.text }] };
    case 'product':
      return {
        items: [
          notice('product-returns', espots.returns),
          { type: 'RichText', id: 'product-repairs', title: espots.repairs.title, richText: espots.repairs.text },
        ],
      };
    case 'sign-in-modal':
      return { items: [notice('sign-in-benefits', espots.signIn)] };
    case 'sign-up':
    case 'sign-up-modal':
      return { items: [notice(`${slot}-benefits`, espots.signUp)] };
    case 'loyalty-modal':
      return { items: [notice('loyalty-modal-benefits', espots.loyalty)] };
    case 'account':
      return { items: [notice('account-returns', espots.account)] };
    case 'contact-us':
      return { items: [notice('contact-us-phone', espots.contactUs)] };
    case 'store-locator':
      return { items: [notice('store-locator-repairs', espots.storeLocator)] };
    case 'account-profile':
      return { items: [notice('account-profile-privacy', espots.accountProfile)] };
    case 'basecamp':
      return {
        items: [
          {
            type: 'RichText',
            id: 'basecamp',
            title: espots.basecamp.title,
            richText: `<p>${espots.basecamp.text}</p>`,
            linkType: 'CTA',
            targets: [
              { text: ctx.copy.footer.stories.title, url: `${ctx.base}/stories`, style: 'link' },
              { text: ctx.copy.footer.event.title, url: `${ctx.base}/events/trail-day`, style: 'link' },
            ],
          },
        ],
      };
    case 'generic':
      return { items: [{ type: 'RichText', id: 'generic-help', title: espots.help.title, richText: espots.help.text }] };
    case 'gift-card':
      return { items: [notice('gift-card-delivery', espots.giftCard)] };
    case 'promotions':
      return { items: [notice('promotions-points', espots.promotions)] };
    case 'search':
      return {
        items: [notice('search-help', espots.search), departments(ctx, 'search-departments')],
      };
    case 'westend':
      return { items: espots.westend ? [notice('westend-flagship', espots.westend)] : [] };
    case 'category':
      return { items: [notice('category-shipping', { title: espots.shipping.title, text: espots.returns.text })] };
    case 'error-4xx':
      return {
        items: [
          { type: 'RichText', id: 'error-text', title: espots.errorTitle, titleH1: true, richText: espots.errorHtml },
          departments(ctx, 'error-departments'),
        ],
      };
  }
}
