// Carousel markup: a scroll-snapping list that works without script, plus the hooks (data-carousel-*) the
// carousel island uses for arrows, dots, autoplay and looping.

import { type ReactNode, useId } from 'react';
import type { Breakpoint } from '../../../shared/content/blocks.ts';
import { cx } from './classes.ts';
import type { CarouselSettings } from './collection-layout.ts';
import { useBlocks } from './context.tsx';

export interface Slide {
  key: string;
  node: ReactNode;
}

export interface CarouselProps {
  slides: Slide[];
  settings: CarouselSettings;
  /** Where the list is a carousel; elsewhere the stylesheet lays it out as a grid and hides the controls. */
  breakpoints: readonly Breakpoint[];
  label?: string;
  className?: string;
  trackClassName?: string;
  /** Slides one arrow press moves on md and up. */
  step?: number;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Carousel({ slides, settings, breakpoints, label, className, trackClassName, step }: CarouselProps) {
  const { labels } = useBlocks();
  const trackId = useId();
  return (
    <section
      className={cx('carousel', className)}
      // A role description needs a named region to describe; unnamed, the section stays generic.
      aria-roledescription={label ? 'carousel' : undefined}
      aria-label={label}
      data-carousel=""
      data-carousel-breakpoints={breakpoints.join(' ')}
      data-autoplay={String(settings.autoplay)}
      data-autorotate-ms={settings.autorotateMs}
      data-loop={String(settings.loop)}
      data-step={step}
    >
      {/* Focusable so keyboard users can scroll it before (or without) the island. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <ul className={cx('carousel__track', trackClassName)} id={trackId} data-carousel-track="" tabIndex={0}>
        {slides.map((slide, i) => (
          <li key={slide.key} className="carousel__slide" data-carousel-slide={i}>
            {slide.node}
          </li>
        ))}
      </ul>
      <div className="carousel__controls">
        <button type="button" className="carousel__arrow carousel__arrow--prev" data-carousel-prev="" aria-controls={trackId} aria-label={labels.previous}>
          <Chevron direction="left" />
        </button>
        <div className="carousel__dots" data-carousel-dots="">
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className="carousel__dot"
              data-carousel-dot={i}
              aria-controls={trackId}
              aria-label={`${labels.slide} ${i + 1} / ${slides.length}`}
              aria-current={i === 0 ? 'true' : undefined}
            />
          ))}
        </div>
        <button type="button" className="carousel__arrow carousel__arrow--next" data-carousel-next="" aria-controls={trackId} aria-label={labels.next}>
          <Chevron direction="right" />
        </button>
      </div>
      <div className="carousel__progress" data-carousel-progress="" aria-hidden="true">
        <span className="carousel__progress-bar" />
      </div>
    </section>
  );
}
