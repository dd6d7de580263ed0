// Text-led blocks: rich text, spacer, accordion, secondary navigation, UGC container and the generic dialog.

import type {
  AccordionBlock,
  GenericDialogBlock,
  RichTextBlock,
  SecondaryNavigationBlock,
  SpacerBlock,
  UgcWidgetBlock,
} from '../../../shared/content/blocks.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { cx } from './classes.ts';
import { useBlocks, useCurrentLink } from './context.tsx';
import { BlockCopy, BlockTitle, surfaceClass, TargetLink } from './parts.tsx';
import { RichHtml } from './RichHtml.tsx';
import { GALLERY_SIZE, SocialGallery } from './SocialGallery.tsx';

export function RichText({ block }: { block: RichTextBlock }) {
  return <BlockCopy block={block} className={cx('rich-text', surfaceClass(block))} />;
}

export function Spacer({ block }: { block: SpacerBlock }) {
  return <div className={`spacer spacer--${block.size}`} aria-hidden="true" />;
}

export function Accordion({ block }: { block: AccordionBlock }) {
  return (
    <section className={cx('accordion', surfaceClass(block))}>
      <BlockTitle block={block} />
      {block.items.map((item) => (
        <details key={item.id} className="accordion__item">
          <summary className="accordion__summary">{item.title}</summary>
          <RichHtml html={item.richText} className="accordion__panel cb-rich" />
        </details>
      ))}
    </section>
  );
}

export function SecondaryNavigation({ block }: { block: SecondaryNavigationBlock }) {
  const currentLink = useCurrentLink();
  const targets = block.targets ?? [];
  if (targets.length === 0) return null;
  return (
    <nav className="subnav" aria-label={block.title}>
      <ul className="subnav__list">
        {targets.map((t) => (
          <li key={`${t.url}|${t.text}`}>
            <TargetLink target={t} className="subnav__link" current={currentLink(t.url)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A UGC gallery placed by a marketer: the site's latest shared photos (the customer is the site). */
export function UgcWidget({ block }: { block: UgcWidgetBlock }) {
  const { t, locale } = useI18n();
  const siteId = locale.slice(3).toUpperCase();
  return (
    <SocialGallery
      containerId={block.containerId}
      source={`/api/social/customers/${siteId}/media/recent?count=${GALLERY_SIZE}`}
      heading={block.title ?? t('social.galleryTitle')}
      text={block.caption?.captionText ?? block.subtitle ?? t('social.galleryText')}
    />
  );
}

/**
 * A disclosure styled as a modal: <details> opens and closes without script. When open, the summary
 * becomes the close button and its ::before the backdrop, so a click outside the panel closes it too.
 */
export function GenericDialog({ block }: { block: GenericDialogBlock }) {
  const { labels } = useBlocks();
  return (
    <details className="cms-dialog">
      <summary className="cms-dialog__trigger">
        <span className="cms-dialog__open-label button target target--secondary">{block.triggerText}</span>
        <span className="cms-dialog__close-label">
          <span className="sr-only">{labels.close}</span>
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </span>
      </summary>
      <div className="cms-dialog__panel">
        <BlockCopy block={block} className={cx('cms-dialog__body', surfaceClass(block, 'bg-white'))} />
      </div>
    </details>
  );
}
