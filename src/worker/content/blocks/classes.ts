// Class names for content-driven looks: the CSP forbids inline styles, so CMS values map onto a fixed set of classes.

import type { Breakpoint, CommonFields, Gradient } from '../../../shared/content/blocks.ts';

export const BREAKPOINTS: readonly Breakpoint[] = ['sm', 'md', 'lg'];

export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export type PaletteName = 'forest' | 'stone' | 'sand' | 'rust' | 'ink' | 'white';

/** Brand palette by name and by the hex of its token in base.css; anything else is ignored. */
const PALETTE: Record<string, PaletteName> = {
  forest: 'forest',
  '#1f2a24': 'forest',
  stone: 'stone',
  '#f4f1ec': 'stone',
  sand: 'sand',
  'stone-deep': 'sand',
  '#e7e1d8': 'sand',
  rust: 'rust',
  '#9f4430': 'rust',
  ink: 'ink',
  black: 'ink',
  '#1b1d1c': 'ink',
  white: 'white',
  '#fff': 'white',
  '#ffffff': 'white',
};

function paletteName(value: string | undefined): PaletteName | null {
  if (!value) return null;
  const key = value
    .trim()
    .toLowerCase()
    .replace(/^var\(--([a-z-]+)\)$/, '$1');
  return PALETTE[key] ?? null;
}

export function backgroundClass(value: string | undefined): string | null {
  const name = paletteName(value);
  return name ? `bg-${name}` : null;
}

export function textColourClass(value: string | undefined): string | null {
  const name = paletteName(value);
  return name ? `text-${name}` : null;
}

/** The wrapper of every block: per-breakpoint hiding and the bottom margin. */
export function shellClasses(block: Partial<CommonFields> & { type: string }): string {
  return cx(
    'cblock',
    `cblock--${block.type.toLowerCase()}`,
    ...(block.hideOnBreakpoint ?? []).filter((bp) => BREAKPOINTS.includes(bp)).map((bp) => `hide-${bp}`),
    block.bottomMargins ? `cblock--mb-${block.bottomMargins}` : null,
  );
}

/** Classes of the gradient overlay, or null when there is none (style "off" is a 0% gradient). */
export function gradientClasses(gradient: Gradient | undefined): string | null {
  if (!gradient || gradient.gradientStyle === 'off') return null;
  const only = gradient.gradientBreakpoints?.filter((bp) => BREAKPOINTS.includes(bp)) ?? [];
  return cx(
    'gradient',
    `gradient--${gradient.gradientStyle}`,
    `gradient--${gradient.gradientTone ?? 'dark'}`,
    only.length > 0 && only.length < BREAKPOINTS.length && 'gradient--only',
    ...(only.length < BREAKPOINTS.length ? only.map((bp) => `gradient--on-${bp}`) : []),
  );
}

/** Text over an image is light on a dark gradient and dark on a light one. */
export function toneClass(gradient: Gradient | undefined): string {
  return gradient?.gradientTone === 'light' ? 'tone-light' : 'tone-dark';
}
