// Slim bars above the page: the promo bar's messages and the benefit bar (whose close button an island wires up).

import type { BenefitBarBlock, PromoBarBlock } from '../../../shared/content/blocks.ts';
import { cx } from './classes.ts';
import { useBlocks } from './context.tsx';
import { BlockMedia, surfaceClass, TargetLink } from './parts.tsx';

export function PromoBar({ block }: { block: PromoBarBlock }) {
  const messages = block.messages.filter((m) => m.text);
  if (messages.length === 0) return null;
  return (
    <aside className={cx('promo-bar', surfaceClass(block, 'bg-forest'))} aria-label={block.title}>
      <ul className="promo-bar__list">
        {messages.map((m, i) => (
          // Small screens have room for one message: the first.
          <li key={`${i}-${m.text}`} className={cx('promo-bar__item', i > 0 && 'hide-sm')}>
            {m.url ? <TargetLink target={{ text: m.text, url: m.url }} className="promo-bar__link" /> : m.text}
          </li>
        ))}
      </ul>
    </aside>
  );
}

function InfoIcon() {
  return (
    <svg className="benefit-bar__info" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10 9v5M10 6.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function BenefitBar({ block }: { block: BenefitBarBlock }) {
  const { labels } = useBlocks();
  const benefits = block.benefits.filter((b) => b.text);
  if (benefits.length === 0) return null;
  return (
    <aside
      className={cx(
        'benefit-bar',
        `benefit-bar--${block.alignment ?? 'center'}`,
        surfaceClass(block, 'bg-stone'),
        block.backgroundImage && 'benefit-bar--image',
      )}
      aria-label={block.title}
      data-benefit-bar={block.id}
    >
      {block.backgroundImage ? <BlockMedia media={{ ...block.backgroundImage, alt: '' }} className="benefit-bar__bg" width={1800} /> : null}
      {block.logo ? <BlockMedia media={block.logo} className="benefit-bar__logo" width={240} /> : null}
      <ul className="benefit-bar__list">
        {benefits.map((b) => (
          <li key={b.id} className="benefit-bar__item">
            {block.infoIcon ? <InfoIcon /> : null}
            {b.url ? <TargetLink target={{ text: b.text, url: b.url }} className="benefit-bar__link" /> : b.text}
          </li>
        ))}
      </ul>
      {block.showCloseButton ? (
        <button type="button" className="benefit-bar__close" data-benefit-bar-close="" aria-label={labels.close}>
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </aside>
  );
}
