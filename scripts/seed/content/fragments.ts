// Shared fragments (promo bar, benefit bar) and the newsletter pop-up: small documents many pages include.

import type { BlocksDocument, PopupDocument } from '../../../src/shared/content/blocks.ts';
import type { ContentContext } from './context.ts';

/** newYear swaps the first message for the January one: the scheduled version of the US fragment. */
export function promoBar(ctx: ContentContext, newYear = false): BlocksDocument {
  const { messages, newYear: january } = ctx.copy.promo;
  return {
    items: [
      {
        type: 'PromoBar',
        id: 'promo-bar',
        messages: [{ text: newYear ? january : messages[0] }, { text: messages[1], url: `${ctx.base}/events/trail-day` }, { text: messages[2] }],
        promotionTracking: { promotionName: newYear ? 'promo-bar-new-year' : 'promo-bar' },
      },
    ],
  };
}

export function benefitBar(ctx: ContentContext): BlocksDocument {
  const [shipping, returns, repairs] = ctx.copy.benefits;
  return {
    items: [
      {
        type: 'BenefitBar',
        id: 'benefit-bar',
        alignment: 'center',
        showCloseButton: true,
        benefits: [
          { id: 'free-shipping', text: shipping },
          { id: 'free-returns', text: returns },
          { id: 'repairs', text: repairs },
        ],
      },
    ],
  };
}

// The spec recognises the newsletter pop-up by its name, so the name stays English in every locale.
export function popups(ctx: ContentContext): PopupDocument {
  const { popup } = ctx.copy;
  return {
    popups: [
      {
        id: 'newsletter-2026',
        name: 'Newsletter',
        delay: 2000,
        minimizedTitle: popup.minimizedTitle,
        maximizedTitle: popup.maximizedTitle,
        disclaimer: popup.disclaimer,
        baselines: [{ type: 'RichText', id: 'newsletter-text', title: popup.title, richText: popup.text }],
      },
    ],
  };
}
