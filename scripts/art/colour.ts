// Colour maths for the illustrations: validates the product hex and derives every shade from it.

export interface Palette {
  /** Main colour, exactly as given (lower case). */
  c: string;
  d: string;
  dd: string;
  l: string;
  /** Outline: darker than the main colour so pale products still read on the pale backdrop. */
  line: string;
  /** Ink that contrasts with the main colour (laces, stitching, prints). */
  k: string;
  /** Brand accent (pull tabs, labels), swapped when it would clash with the main colour. */
  a: string;
  rubber: string;
  off: string;
  metal: string;
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const INK = '#221e1b';
const PAPER = '#fbf8f3';

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${((1 << 24) | (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b)).toString(16).slice(1)}`;
}

export function assertHex(hex: string): void {
  if (typeof hex !== 'string' || !HEX.test(hex)) throw new Error(`Invalid colour "${String(hex)}": expected #RRGGBB`);
}

/** Linear mix of two hex colours, t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function hue(hex: string): { h: number; s: number } {
  const [r, g, b] = rgb(hex).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0 };
  const h = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return { h: (h * 60 + 360) % 360, s: delta / (1 - Math.abs(max + min - 1)) };
}

export function palette(hex: string): Palette {
  assertHex(hex);
  const c = hex.toLowerCase();
  const lum = luminance(c);
  // Near-black colours cannot get darker, so their shading leans on lighter tints instead.
  const dark = lum < 0.03;
  const { h, s } = hue(c);
  const orangey = s > 0.35 && h > 5 && h < 50;
  return {
    c,
    d: dark ? mix(c, PAPER, 0.12) : mix(c, INK, 0.22),
    dd: dark ? mix(c, PAPER, 0.22) : mix(c, INK, 0.42),
    l: mix(c, PAPER, dark ? 0.3 : 0.28),
    line: lum > 0.5 ? mix(c, INK, 0.55) : mix(c, INK, 0.62),
    k: lum > 0.3 ? mix(c, INK, 0.78) : mix(c, PAPER, 0.88),
    a: orangey ? '#2f6f73' : '#e0692f',
    rubber: lum < 0.06 ? '#8a5b36' : '#2b2724',
    off: '#f6f2ea',
    metal: '#b9b4ab',
  };
}
