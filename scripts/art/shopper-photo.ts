// Seeded shopper photos for the social galleries (the store services issue, §5), drawn here rather than taken:
// an outdoor scene (sky, two mountain ridges, the ground) with the product in its colour in front, as a PNG.
// Pure (no Node APIs: CompressionStream is in Node and in workerd), so the seed script and the integration
// tests' setup make the same bytes from the same inputs.

import { concat } from '../../src/worker/lib/uploaded-image.ts';

export type PhotoSubject = 'footwear' | 'top' | 'bottoms' | 'gear';

export interface PhotoSpec {
  /** Picks the scene and the ridge lines; the same seed draws the same photo. */
  seed: string;
  subject: PhotoSubject;
  /** The product's colour, "#RRGGBB". */
  hex: string;
  size?: number;
}

type Rgb = readonly [number, number, number];

const SCENES: readonly { sky: [Rgb, Rgb]; far: Rgb; near: Rgb; ground: [Rgb, Rgb] }[] = [
  {
    sky: [
      [255, 190, 150],
      [255, 236, 214],
    ],
    far: [176, 140, 160],
    near: [110, 92, 112],
    ground: [
      [150, 120, 88],
      [118, 92, 66],
    ],
  },
  {
    sky: [
      [120, 176, 226],
      [214, 234, 248],
    ],
    far: [132, 158, 180],
    near: [72, 104, 92],
    ground: [
      [112, 140, 84],
      [84, 108, 62],
    ],
  },
  {
    sky: [
      [188, 196, 204],
      [232, 236, 238],
    ],
    far: [150, 160, 168],
    near: [102, 112, 118],
    ground: [
      [236, 240, 244],
      [206, 214, 222],
    ],
  },
  {
    sky: [
      [92, 84, 140],
      [236, 160, 132],
    ],
    far: [112, 92, 128],
    near: [62, 54, 82],
    ground: [
      [104, 84, 70],
      [76, 62, 52],
    ],
  },
  {
    sky: [
      [150, 206, 230],
      [246, 226, 180],
    ],
    far: [196, 170, 132],
    near: [150, 110, 80],
    ground: [
      [208, 176, 128],
      [176, 140, 96],
    ],
  },
];

function hashSeed(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const shade = (c: Rgb, t: number): Rgb =>
  t < 0 ? [c[0] * (1 + t), c[1] * (1 + t), c[2] * (1 + t)] : [c[0] + (255 - c[0]) * t, c[1] + (255 - c[1]) * t, c[2] + (255 - c[2]) * t];
const lerp = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** An RGB raster drawn at twice the size and halved at the end, so edges come out smooth. */
class Raster {
  readonly pixels: Float32Array;
  readonly size: number;
  constructor(size: number) {
    this.size = size;
    this.pixels = new Float32Array(size * size * 3);
  }

  private set(x: number, y: number, c: Rgb, alpha: number) {
    const i = (y * this.size + x) * 3;
    const p = this.pixels;
    p[i] = (p[i] as number) + (c[0] - (p[i] as number)) * alpha;
    p[i + 1] = (p[i + 1] as number) + (c[1] - (p[i + 1] as number)) * alpha;
    p[i + 2] = (p[i + 2] as number) + (c[2] - (p[i + 2] as number)) * alpha;
  }

  gradient(top: Rgb, bottom: Rgb, from = 0, to = 1) {
    const y0 = Math.round(from * this.size);
    const y1 = Math.round(to * this.size);
    for (let y = y0; y < y1; y++) {
      const c = lerp(top, bottom, (y - y0) / Math.max(1, y1 - y0 - 1));
      for (let x = 0; x < this.size; x++) this.set(x, y, c, 1);
    }
  }

  /** Even-odd scanline fill of a polygon given in 0..1 coordinates. */
  polygon(points: readonly (readonly [number, number])[], c: Rgb, alpha = 1) {
    const s = this.size;
    const pts = points.map(([x, y]) => [x * s, y * s] as const);
    const ys = pts.map((p) => p[1]);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(s - 1, Math.ceil(Math.max(...ys)));
    for (let y = top; y <= bottom; y++) {
      const yc = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < pts.length; i++) {
        const [ax, ay] = pts[i] as readonly [number, number];
        const [bx, by] = pts[(i + 1) % pts.length] as readonly [number, number];
        if (ay <= yc !== by <= yc) xs.push(ax + ((yc - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const x0 = Math.max(0, Math.round(xs[k] as number));
        const x1 = Math.min(s, Math.round(xs[k + 1] as number));
        for (let x = x0; x < x1; x++) this.set(x, y, c, alpha);
      }
    }
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, alpha = 1) {
    const steps = 48;
    this.polygon(
      Array.from({ length: steps }, (_, i) => [cx + rx * Math.cos((i / steps) * 2 * Math.PI), cy + ry * Math.sin((i / steps) * 2 * Math.PI)] as const),
      c,
      alpha,
    );
  }

  /** Halves the raster: each output pixel is the mean of four. */
  halved(): Uint8Array {
    const n = this.size / 2;
    const out = new Uint8Array(n * n * 3);
    const p = this.pixels;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        for (let ch = 0; ch < 3; ch++) {
          const at = (row: number, col: number) => p[(row * this.size + col) * 3 + ch] as number;
          out[(y * n + x) * 3 + ch] = Math.round((at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) / 4);
        }
      }
    }
    return out;
  }
}

function ridge(random: () => number, base: number, roughness: number): [number, number][] {
  const points: [number, number][] = [[0, 1]];
  const steps = 9;
  for (let i = 0; i <= steps; i++) points.push([i / steps, base - random() * roughness]);
  points.push([1, 1]);
  return points;
}

/** The product, drawn large in front: a simple silhouette per kind, with a lighter panel and a dark sole or trim. */
function subject(r: Raster, kind: PhotoSubject, colour: Rgb, random: () => number) {
  const dx = (random() - 0.5) * 0.12;
  const dark = shade(colour, -0.45);
  const light = shade(colour, 0.25);
  r.ellipse(0.5 + dx, 0.86, 0.34, 0.05, [0, 0, 0], 0.22);
  const at = (points: [number, number][]) => points.map(([x, y]) => [x + dx, y] as const);
  if (kind === 'footwear') {
    r.polygon(
      at([
        [0.2, 0.84],
        [0.2, 0.6],
        [0.26, 0.46],
        [0.42, 0.44],
        [0.46, 0.58],
        [0.62, 0.62],
        [0.76, 0.66],
        [0.83, 0.72],
        [0.85, 0.8],
        [0.83, 0.84],
      ]),
      colour,
    );
    r.polygon(
      at([
        [0.27, 0.47],
        [0.41, 0.45],
        [0.44, 0.57],
        [0.29, 0.6],
      ]),
      light,
    );
    r.polygon(
      at([
        [0.19, 0.84],
        [0.85, 0.84],
        [0.85, 0.88],
        [0.19, 0.88],
      ]),
      dark,
    );
  } else if (kind === 'top') {
    r.polygon(
      at([
        [0.34, 0.3],
        [0.66, 0.3],
        [0.8, 0.42],
        [0.76, 0.66],
        [0.68, 0.6],
        [0.68, 0.86],
        [0.32, 0.86],
        [0.32, 0.6],
        [0.24, 0.66],
        [0.2, 0.42],
      ]),
      colour,
    );
    r.polygon(
      at([
        [0.44, 0.3],
        [0.56, 0.3],
        [0.5, 0.4],
      ]),
      dark,
    );
    r.polygon(
      at([
        [0.49, 0.4],
        [0.51, 0.4],
        [0.51, 0.86],
        [0.49, 0.86],
      ]),
      dark,
    );
    r.polygon(
      at([
        [0.36, 0.62],
        [0.46, 0.62],
        [0.46, 0.7],
        [0.36, 0.7],
      ]),
      light,
    );
  } else if (kind === 'bottoms') {
    r.polygon(
      at([
        [0.32, 0.3],
        [0.68, 0.3],
        [0.72, 0.86],
        [0.54, 0.86],
        [0.5, 0.46],
        [0.46, 0.86],
        [0.28, 0.86],
      ]),
      colour,
    );
    r.polygon(
      at([
        [0.32, 0.3],
        [0.68, 0.3],
        [0.685, 0.35],
        [0.315, 0.35],
      ]),
      dark,
    );
    r.polygon(
      at([
        [0.34, 0.56],
        [0.44, 0.56],
        [0.44, 0.64],
        [0.34, 0.64],
      ]),
      light,
    );
  } else {
    r.polygon(
      at([
        [0.32, 0.36],
        [0.68, 0.36],
        [0.72, 0.46],
        [0.72, 0.84],
        [0.28, 0.84],
        [0.28, 0.46],
      ]),
      colour,
    );
    r.polygon(
      at([
        [0.36, 0.3],
        [0.64, 0.3],
        [0.66, 0.37],
        [0.34, 0.37],
      ]),
      dark,
    );
    r.polygon(
      at([
        [0.36, 0.56],
        [0.64, 0.56],
        [0.64, 0.74],
        [0.36, 0.74],
      ]),
      light,
    );
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An 8-bit RGB PNG; each row filtered by its left neighbour ("Sub"), which suits flat fills and gradients. */
export async function encodePng(rgb: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const stride = width * 3;
  const raw = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 1;
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? (rgb[y * stride + i - 3] as number) : 0;
      raw[row + 1 + i] = ((rgb[y * stride + i] as number) - left) & 255;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A square PNG of the product outdoors. */
export async function shopperPhoto(spec: PhotoSpec): Promise<Uint8Array> {
  const size = spec.size ?? 400;
  const random = hashSeed(spec.seed);
  const scene = SCENES[Math.floor(random() * SCENES.length)] as (typeof SCENES)[number];
  const r = new Raster(size * 2);
  r.gradient(scene.sky[0], scene.sky[1], 0, 0.7);
  r.ellipse(0.2 + random() * 0.6, 0.16 + random() * 0.12, 0.05, 0.05, [255, 250, 236], 0.85);
  r.polygon(ridge(random, 0.5, 0.22), scene.far);
  r.polygon(ridge(random, 0.64, 0.14), scene.near);
  r.gradient(scene.ground[0], scene.ground[1], 0.7, 1);
  subject(r, spec.subject, rgbOf(spec.hex), random);
  return encodePng(r.halved(), size, size);
}
