// Collection layout per breakpoint (account-content §3, §9): grid or carousel, columns, controls and slide
// sizes, as classes.

import type { Breakpoint, CollectionBlock, CollectionLayout } from '../../../shared/content/blocks.ts';
import { SLIDE_REM_MAX, type SlideSetting } from '../../../shared/content/slide-sizes.ts';
import { BREAKPOINTS, cx } from './classes.ts';

export interface CarouselSettings {
  autoplay: boolean;
  /** autorotateTime is in seconds; the carousel island waits this many ms (§9). */
  autorotateMs: number;
  loop: boolean;
}

/** A carousel's slide sizes at one breakpoint, in rem, rounded to a quarter; a setting not given is absent. */
export type SlideSizes = Partial<Record<SlideSetting, number>>;

export interface ResolvedLayout {
  type: 'grid' | 'carousel';
  columns: number;
  arrows: boolean;
  dots: boolean;
  progress: boolean;
  /** Where it is a carousel: the slides' width, largest width and inner padding; a grid's cells follow its columns. */
  slides: SlideSizes;
}

export interface CollectionPlan {
  layouts: Record<Breakpoint, ResolvedLayout>;
  /** Breakpoints where the collection scrolls as a carousel. */
  carouselAt: Breakpoint[];
  carousel: CarouselSettings;
  classes: string;
}

const DEFAULT_AUTOROTATE_SECONDS = 5;
const MAX_COLUMNS = 6;

const STACKED_MARKER = '[stacked]';

function isStacked(block: CollectionBlock): boolean {
  return (block.name ?? '').includes(STACKED_MARKER);
}

function defaultColumns(bp: Breakpoint, count: number): number {
  if (bp === 'sm') return 1;
  if (bp === 'md') return Math.min(Math.max(count, 1), 2);
  return Math.min(Math.max(count, 1), 4);
}

const SLIDE_SETTINGS = Object.keys(SLIDE_REM_MAX) as SlideSetting[];
const SLIDE_CLASS: Record<SlideSetting, string> = { slideWidth: 'sw', slideMaxWidth: 'smw', slidePadding: 'sp' };

function slideSizes(layout: CollectionLayout | undefined): SlideSizes {
  const sizes: SlideSizes = {};
  for (const setting of SLIDE_SETTINGS) {
    const value = layout?.[setting];
    // The stylesheet says lengths in quarter rems, up to the schema's bound.
    if (typeof value === 'number' && Number.isFinite(value)) sizes[setting] = Math.min(SLIDE_REM_MAX[setting], Math.max(0, Math.round(value * 4) / 4));
  }
  return sizes;
}

/**
 * The classes that carry one slide size: the CSP allows no style attribute, so a length is spelt in classes,
 * each adding its part to a custom property (blocks/slide-sizes.css): 19.25 rem is tens 1, units 9, quarters 1.
 */
export function slideSizeClasses(bp: Breakpoint, setting: SlideSetting, rem: number): string[] {
  const quarters = Math.round(rem * 4);
  const base = `collection--${bp}-${SLIDE_CLASS[setting]}`;
  const digits: [string, number][] = [
    ['t', Math.floor(quarters / 40)],
    ['u', Math.floor((quarters % 40) / 4)],
    ['q', quarters % 4],
  ];
  return [base, ...digits.filter(([, n]) => n > 0).map(([digit, n]) => `${base}-${digit}${n}`)];
}

export function autorotateMs(seconds: number | undefined): number {
  return Math.round((seconds ?? DEFAULT_AUTOROTATE_SECONDS) * 1000);
}

export function planCollection(block: CollectionBlock): CollectionPlan {
  const stacked = isStacked(block);
  const count = block.items.length;
  const layouts = {} as Record<Breakpoint, ResolvedLayout>;
  let inherited: CollectionLayout | undefined;
  for (const bp of BREAKPOINTS) {
    const given = block.layout?.[bp];
    // A breakpoint without its own layout takes the next smaller one's, mobile first.
    const layout = given ?? inherited;
    inherited = layout;
    const forcedGrid = stacked && bp !== 'sm';
    const type = forcedGrid ? 'grid' : (layout?.type ?? 'grid');
    layouts[bp] = {
      type,
      columns: Math.min(MAX_COLUMNS, Math.max(1, Math.round(given?.columns ?? defaultColumns(bp, count)))),
      // The CTA collection hides its arrows on small screens (§9): buttons are swiped there.
      arrows: type === 'carousel' && (layout?.showArrows ?? true) && !(block.variant === 'cta-buttons' && bp === 'sm'),
      dots: type === 'carousel' && (layout?.showIndicators ?? false),
      progress: type === 'carousel' && (layout?.showProgress ?? false),
      slides: type === 'carousel' ? slideSizes(layout) : {},
    };
  }
  const carouselAt = BREAKPOINTS.filter((bp) => layouts[bp].type === 'carousel');
  // One island drives the carousel at every breakpoint, so it takes the widest carousel's timing.
  const timing = [...carouselAt].reverse().map((bp) => block.layout?.[bp])[0] ?? block.layout?.sm;
  const classes = cx(
    'collection',
    `collection--${block.variant}`,
    `collection--align-${block.alignment ?? 'left'}`,
    (block.isFullWidth || stacked) && 'collection--full',
    stacked && 'collection--stacked',
    block.isFullHeight && 'collection--full-height',
    block.variant === 'icon-and-text' && `collection--icon-${block.iconSize ?? 'medium'}`,
    block.variant === 'icon-and-text' && count === 4 && 'collection--two-cols',
    ...BREAKPOINTS.flatMap((bp) => {
      const l = layouts[bp];
      return [
        `collection--${bp}-${l.type}`,
        `collection--${bp}-cols-${l.columns}`,
        l.type === 'carousel' && !l.arrows && `collection--${bp}-noarrows`,
        l.dots && `collection--${bp}-dots`,
        l.progress && `collection--${bp}-progress`,
        ...Object.entries(l.slides).flatMap(([setting, rem]) => slideSizeClasses(bp, setting as SlideSetting, rem)),
      ];
    }),
  );
  return {
    layouts,
    carouselAt,
    carousel: { autoplay: timing?.autoplay ?? false, autorotateMs: autorotateMs(timing?.autorotateTime), loop: timing?.loop ?? false },
    classes,
  };
}
