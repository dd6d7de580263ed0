// The CMS footer columns. Contact and policy pages do not exist yet, so those cards carry text instead of dead links; tracking an order does.

import type { BlocksDocument, CollectionBlock, LinkedCardBlock } from '../../../src/shared/content/blocks.ts';
import { type ContentContext, categoryUrl } from './context.ts';
import type { BannerCopy, TitledText } from './copy.ts';
import { HELP_PATH, helpTitle } from './help.ts';
import { LEGAL_PATHS, legalTitle } from './legal.ts';

const textCard = (id: string, copy: TitledText): LinkedCardBlock => ({ type: 'LinkedCard', id, title: copy.title, richText: copy.text, linkType: 'No-CTA' });

const linkCard = (id: string, copy: BannerCopy, url: string): LinkedCardBlock => ({
  type: 'LinkedCard',
  id,
  title: copy.title,
  subtitle: copy.text,
  linkType: 'CTA',
  targets: [{ text: copy.cta, url, style: 'link' }],
});

const column = (id: string, title: string, items: LinkedCardBlock[]): CollectionBlock => ({ type: 'Collection', id, variant: 'vertical-list', title, items });

export function footer(ctx: ContentContext): BlocksDocument {
  const { footer: copy } = ctx.copy;
  return {
    items: [
      column('footer-help', copy.help, [
        {
          type: 'LinkedCard',
          id: 'footer-help-centre',
          linkType: 'CTA',
          targets: [{ text: helpTitle(ctx.lang), url: `${ctx.base}/${HELP_PATH}`, style: 'link' }],
        },
        textCard('footer-help-service', copy.service),
        linkCard('footer-help-returns', copy.returns, `${ctx.base}/help/returns/how-to-return`),
        linkCard('footer-help-track', copy.track, `${ctx.base}/help/track-order`),
        linkCard('footer-help-search', copy.search, `${ctx.base}/search`),
      ]),
      column('footer-company', copy.company, [
        textCard('footer-company-about', copy.about),
        linkCard('footer-company-stories', copy.stories, `${ctx.base}/stories`),
        linkCard('footer-company-event', copy.event, `${ctx.base}/events/trail-day`),
      ]),
      column('footer-rewards', copy.rewards, [
        textCard('footer-rewards-points', copy.points),
        linkCard('footer-rewards-gift-cards', copy.giftCards, categoryUrl(ctx, 'gift-cards')),
      ]),
      // The legal pages, each by its own title (the CMS pages legal.ts seeds).
      column(
        'footer-legal',
        copy.legal,
        LEGAL_PATHS.map((path) => ({
          type: 'LinkedCard',
          id: `footer-legal-${path}`,
          linkType: 'CTA',
          targets: [{ text: legalTitle(ctx.lang, path), url: `${ctx.base}/${path}`, style: 'link' }],
        })),
      ),
    ],
  };
}
