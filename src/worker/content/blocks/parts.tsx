// Pieces most blocks share: title, eyebrow, copy, calls to action, images, gradient and caption.

import type { ReactNode } from 'react';
import type { CommonFields, Gradient, Media, Target } from '../../../shared/content/blocks.ts';
import { safeHref } from '../sanitize.ts';
import { backgroundClass, cx, gradientClasses, textColourClass } from './classes.ts';
import { useBlocks } from './context.tsx';
import { CURRENT_LINK_MARKER } from './links.ts';
import { RichHtml } from './RichHtml.tsx';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'p';

/** The block's title: h2 unless titleH1, kept for screen readers when hideTitle. */
export function BlockTitle({ block, className, as }: { block: CommonFields; className?: string; as?: HeadingTag }) {
  if (!block.title && !block.titleHtml) return null;
  const Tag = block.titleH1 ? 'h1' : (as ?? 'h2');
  return (
    <Tag className={cx(className ?? 'cb-title', block.hideTitle && 'sr-only')}>
      {block.titleHtml ? <RichHtml html={block.titleHtml} inline /> : block.title}
    </Tag>
  );
}

export function Eyebrow({ block }: { block: CommonFields }) {
  const { mediaUrl } = useBlocks();
  const text = block.overline ?? block.eyebrowText;
  if (!text && !block.eyebrowLogo) return null;
  const logo = block.eyebrowLogo;
  return (
    <p className="cb-eyebrow">
      {logo ? <img className="cb-eyebrow__logo" src={mediaUrl(logo.source, 160)} width={logo.width} height={logo.height} alt={logo.alt} /> : null}
      {text}
    </p>
  );
}

export function Subtitle({ block }: { block: CommonFields }) {
  if (block.subtitleHtml) return <RichHtml html={block.subtitleHtml} className="cb-subtitle" />;
  return block.subtitle ? <p className="cb-subtitle">{block.subtitle}</p> : null;
}

/**
 * A content link: rendered only for same-origin paths and fragments, else its text alone. A link whose
 * current state is deferred carries the marker markCurrentLinks looks for, as its first attribute.
 */
export function TargetLink({
  target,
  className,
  current = false,
  children,
}: {
  target: Target;
  className?: string;
  current?: boolean | 'deferred';
  children?: ReactNode;
}) {
  const href = safeHref(target.url);
  const content = children ?? target.text;
  if (!href) return <span className={cx(className, 'is-unlinked')}>{content}</span>;
  return (
    <a
      {...(current === 'deferred' ? { [CURRENT_LINK_MARKER]: '' } : {})}
      className={cx(className, current === true && 'is-current')}
      href={href}
      target={target.targetAttribute === '_blank' ? '_blank' : undefined}
      rel={target.targetAttribute === '_blank' ? 'noopener' : undefined}
      aria-current={current === true ? 'page' : undefined}
    >
      {content}
    </a>
  );
}

export function targetClasses(target: Target, fallback: Target['style'] = 'primary'): string {
  return cx('button', 'target', `target--${target.style ?? fallback}`, target.size && `target--${target.size}`);
}

export function Targets({ block, className }: { block: CommonFields; className?: string }) {
  const targets = block.targets ?? [];
  if (targets.length === 0) return null;
  const plain = block.linkType === 'No-CTA';
  return (
    <div className={cx('cb-targets', block.equalTargetSize && 'cb-targets--equal', className)}>
      {targets.map((target) => (
        <TargetLink key={`${target.url}|${target.text}`} target={target} className={plain ? 'cb-link' : targetClasses(target)} />
      ))}
    </div>
  );
}

/** Eyebrow, title, subtitle, rich text, calls to action, then the text below them. */
export function BlockCopy({ block, titleAs, className }: { block: CommonFields; titleAs?: HeadingTag; className?: string }) {
  return (
    <div className={cx('cb-copy', className)}>
      <Eyebrow block={block} />
      <BlockTitle block={block} as={titleAs} />
      <Subtitle block={block} />
      <RichHtml html={block.richText} className="cb-rich" />
      <Targets block={block} />
      <RichHtml html={block.richTextBelowTargets} className="cb-rich cb-rich--below" />
    </div>
  );
}

export interface BlockMediaProps {
  media: Media;
  className?: string;
  /** Largest width it is shown at, passed to the URL resolver. */
  width?: number;
  eager?: boolean;
}

/**
 * An image with its intrinsic size (no layout shift), or a muted looping video over its poster. The video does not
 * autoplay from markup: the video island starts it unless the shopper prefers reduced motion.
 */
export function BlockMedia({ media, className, width = 1200, eager = false }: BlockMediaProps) {
  const { mediaUrl } = useBlocks();
  const src = media.type === 'video' ? safeHref(media.video?.src) : null;
  if (media.type === 'video' && src) {
    const poster = media.video?.poster ? mediaUrl(media.video.poster, width) : undefined;
    return (
      <video
        className={className}
        width={media.width}
        height={media.height}
        poster={poster}
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={media.alt || undefined}
      >
        <source src={src} />
      </video>
    );
  }
  return (
    <img
      className={className}
      src={mediaUrl(media.source, width)}
      width={media.width}
      height={media.height}
      alt={media.alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}

/**
 * A block's mediaList: its images in a row after it (as many abreast as the screen fits). Each keeps its own
 * width and height, so the row's height is known before the images arrive (no layout shift).
 */
export function MediaList({ media }: { media: Media[] | undefined }) {
  if (!media?.length) return null;
  return (
    <ul className="cb-media-list">
      {media.map((item, i) => (
        <li key={`${i}-${item.alt}`} className="cb-media-list__item">
          <BlockMedia media={item} className="cb-media-list__image" width={800} />
        </li>
      ))}
    </ul>
  );
}

/** Media that links to mediaTarget when it is safe; the link is named by the alt text or the target's text. */
export function MediaLink({ target, alt, children }: { target: Target | undefined; alt: string; children: ReactNode }) {
  if (!target || !safeHref(target.url)) return <>{children}</>;
  return (
    <TargetLink target={target} className="cb-media-link">
      {children}
      {alt ? null : <span className="sr-only">{target.text}</span>}
    </TargetLink>
  );
}

export function GradientOverlay({ gradient }: { gradient: Gradient | undefined }) {
  const classes = gradientClasses(gradient);
  return classes ? <span className={classes} aria-hidden="true" /> : null;
}

export function Caption({ caption }: { caption: CommonFields['caption'] }) {
  if (!caption?.captionText) return null;
  return (
    <p
      className={cx(
        'cb-caption',
        `cb-caption--${caption.captionPosition ?? 'bottom-right'}`,
        `cb-caption--${caption.captionStyle ?? 'light'}`,
        textColourClass(caption.captionColor),
      )}
    >
      {caption.captionText}
    </p>
  );
}

export function surfaceClass(block: CommonFields, fallback?: string): string | null {
  return backgroundClass(block.backgroundColor) ?? fallback ?? null;
}
