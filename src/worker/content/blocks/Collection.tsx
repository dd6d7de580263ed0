// Collection block: its items as a grid or a carousel per breakpoint, in one of four looks (account-content §2, §9).

import type { ReactNode } from 'react';
import type { Block, CollectionBlock, Target } from '../../../shared/content/blocks.ts';
import { Carousel, type Slide } from './Carousel.tsx';
import { cx } from './classes.ts';
import { planCollection } from './collection-layout.ts';
import { useCurrentLink } from './context.tsx';
import { commonFields, primaryTarget } from './item-fields.ts';
import { BlockCopy, BlockMedia, surfaceClass, TargetLink, targetClasses } from './parts.tsx';
import { RichHtml } from './RichHtml.tsx';
import { VerticalList } from './VerticalList.tsx';

export interface CollectionProps {
  block: CollectionBlock;
  /** Renders a child block; passed in so this module need not import the dispatcher that imports it. */
  renderItem: (item: Block) => ReactNode;
}

/** The CTA collection's buttons: its items' calls to action, or its own when it has no items. */
function ctaTargets(block: CollectionBlock): Target[] {
  const fromItems = block.items.flatMap((item) => commonFields(item)?.targets ?? []);
  return fromItems.length > 0 ? fromItems : (block.targets ?? []);
}

function IconItem({ item }: { item: Block }) {
  const fields = commonFields(item);
  if (!fields) return null;
  const target = primaryTarget(fields);
  return (
    <div className="icon-item">
      {fields.media ? <BlockMedia media={fields.media} className="icon-item__icon" width={160} /> : null}
      <div className="icon-item__text">
        {fields.title ? <h3 className="icon-item__title">{fields.title}</h3> : null}
        {fields.subtitle ? <p className="icon-item__subtitle">{fields.subtitle}</p> : null}
        <RichHtml html={fields.richText} className="cb-rich" />
        {target ? <TargetLink target={target} className="cb-link" /> : null}
      </div>
    </div>
  );
}

export function Collection({ block, renderItem }: CollectionProps) {
  const currentLink = useCurrentLink();
  const plan = planCollection(block);
  const isCta = block.variant === 'cta-buttons';
  const buttons = isCta ? ctaTargets(block) : [];
  let slides: Slide[];
  if (isCta) {
    slides = buttons.map((target, i) => ({
      key: `${i}-${target.url}`,
      node: <TargetLink target={target} className={cx(targetClasses(target, 'secondary'), 'collection__cta')} current={currentLink(target.url)} />,
    }));
  } else {
    slides = block.items.map((item, i) => ({
      key: `${i}-${item.id}`,
      node: block.variant === 'icon-and-text' ? <IconItem item={item} /> : renderItem(item),
    }));
  }
  // The CTA collection's own targets become its buttons when it has no items; do not show them twice.
  const header = isCta && block.items.length === 0 ? { ...block, targets: [] } : block;
  return (
    <section className={cx(plan.classes, surfaceClass(block))}>
      <BlockCopy block={header} className="collection__header" />
      {block.variant === 'vertical-list' ? (
        <VerticalList block={block} />
      ) : plan.carouselAt.length > 0 ? (
        <Carousel slides={slides} settings={plan.carousel} breakpoints={plan.carouselAt} label={block.title} trackClassName="collection__list" />
      ) : (
        <ul className="collection__list">
          {slides.map((slide) => (
            <li key={slide.key} className="collection__item">
              {slide.node}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
