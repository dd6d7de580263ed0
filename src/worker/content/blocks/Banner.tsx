// Banner block: the ten variants (account-content §2), each a layout of the same media and copy.

import type { BannerBlock } from '../../../shared/content/blocks.ts';
import { safeHref } from '../sanitize.ts';
import { cx, toneClass } from './classes.ts';
import { HeroBanner } from './HeroBanner.tsx';
import { BlockCopy, BlockMedia, BlockTitle, Caption, GradientOverlay, MediaLink, Subtitle, surfaceClass, TargetLink, targetClasses } from './parts.tsx';
import { RichHtml } from './RichHtml.tsx';

export function Banner({ block }: { block: BannerBlock }) {
  switch (block.variant) {
    case 'hero':
    case 'hero-block-below':
    case 'hero-product-overlay':
      return <HeroBanner block={block} />;
    case 'overlay':
      return <OverlayBanner block={block} />;
    case 'split':
      return <SplitBanner block={block} />;
    case 'block-below':
      return <BlockBelowBanner block={block} />;
    case 'image':
      return <ImageBanner block={block} />;
    case 'thin':
      return <ThinBanner block={block} />;
    case 'espot':
      return <EspotBanner block={block} />;
    case 'menu':
      return <MenuBanner block={block} />;
  }
}

/** The banner's image with its link, gradient and caption; `width` is the largest it is shown at. */
function Media({ block, width, eager = false }: { block: BannerBlock; width: number; eager?: boolean }) {
  if (!block.media) return null;
  return (
    <div className={cx('banner__media', block.cinemaMode && 'banner__media--cinema')}>
      <MediaLink target={block.mediaTarget} alt={block.media.alt}>
        <BlockMedia media={block.media} className="banner__image" width={width} eager={eager} />
      </MediaLink>
      <GradientOverlay gradient={block.gradient} />
      <Caption caption={block.caption} />
    </div>
  );
}

function OverlayBanner({ block }: { block: BannerBlock }) {
  return (
    <div
      className={cx(
        'banner',
        'banner--overlay',
        `banner--overlay-${block.overlayWidth ?? 'sm'}`,
        `banner--align-${block.contentAlignment ?? 'left'}`,
        block.cinemaMode && 'banner--cinema',
      )}
    >
      <Media block={block} width={1800} />
      <BlockCopy block={block} className={cx('banner__box', surfaceClass(block, 'bg-white'))} />
    </div>
  );
}

function SplitBanner({ block }: { block: BannerBlock }) {
  return (
    <div
      className={cx(
        'banner',
        'banner--split',
        'split',
        `split--img-${block.splitImageWidth ?? 50}`,
        `split--img-${block.splitImagePosition ?? 'left'}`,
        surfaceClass(block, 'bg-stone'),
      )}
    >
      <Media block={block} width={1200} />
      <BlockCopy block={block} className={cx('banner__content', `banner--align-${block.contentAlignment ?? 'left'}`)} />
    </div>
  );
}

function BlockBelowBanner({ block }: { block: BannerBlock }) {
  return (
    <div className={cx('banner', 'banner--block-below', `banner--align-${block.contentAlignment ?? 'left'}`)}>
      <Media block={block} width={1600} />
      <BlockCopy block={block} className={cx('banner__content', surfaceClass(block))} />
    </div>
  );
}

function ImageBanner({ block }: { block: BannerBlock }) {
  return (
    <div className={cx('banner', 'banner--image', block.gradient && toneClass(block.gradient))}>
      <Media block={block} width={1800} />
    </div>
  );
}

/** A slim strip: one line of text and one link, for announcements between sections. */
function ThinBanner({ block }: { block: BannerBlock }) {
  const target = block.targets?.[0];
  return (
    <div className={cx('banner', 'banner--thin', `banner--align-${block.contentAlignment ?? 'center'}`, surfaceClass(block, 'bg-forest'))}>
      <BlockTitle block={block} className="banner__thin-title" as="p" />
      <Subtitle block={block} />
      {target ? <TargetLink target={target} className="cb-link banner__thin-link" /> : null}
    </div>
  );
}

/** Compact banner for espot slots (cart, account...): a thumbnail beside short copy. */
function EspotBanner({ block }: { block: BannerBlock }) {
  return (
    <div className={cx('banner', 'banner--espot', surfaceClass(block, 'bg-stone'))}>
      {block.media ? (
        <div className="banner__thumb">
          <MediaLink target={block.mediaTarget} alt={block.media.alt}>
            <BlockMedia media={block.media} width={400} />
          </MediaLink>
        </div>
      ) : null}
      <BlockCopy block={block} titleAs="h3" className="banner__content" />
    </div>
  );
}

/** Banner inside the mega menu: the whole card is one link, to the media target or the first call to action. */
function MenuBanner({ block }: { block: BannerBlock }) {
  const target = [block.mediaTarget, ...(block.targets ?? [])].find((t) => t && safeHref(t.url));
  const body = (
    <>
      {block.media ? <BlockMedia media={block.media} className="banner__image" width={600} /> : null}
      <span className="banner__menu-title">{block.titleHtml ? <RichHtml html={block.titleHtml} inline /> : block.title}</span>
      {block.subtitle ? <span className="banner__menu-subtitle">{block.subtitle}</span> : null}
      {target && target.text !== block.title ? <span className={targetClasses(target, 'link')}>{target.text}</span> : null}
    </>
  );
  return (
    <div className={cx('banner', 'banner--menu', surfaceClass(block))}>
      {target ? (
        <TargetLink target={target} className="banner__menu-link">
          {body}
        </TargetLink>
      ) : (
        body
      )}
    </div>
  );
}
