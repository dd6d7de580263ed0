// A photo a shopper uploads (review photos, warranty claims): JPEG, PNG or WebP by its own bytes, whatever
// the file name or the browser says, within a size, and rebuilt from only the parts that draw the picture.
// Phone photos carry where they were taken (EXIF GPS, XMP), and cameras and apps add blocks of their own
// (MPF, Ducky, private PNG chunks, whole files after the image's end): a list of the parts a picture needs,
// not a list of the known leaks, is what keeps out whatever those hold. Colour profiles go too, since they
// are free-form enough (description text, private tags) to carry anything: a wide-gamut photo shows in
// sRGB. The coded pixels themselves are copied, not decoded.

import { PHOTO_MAX_BYTES, type PHOTO_TYPES } from '../../shared/media/photo-limits.ts';

export type PhotoType = (typeof PHOTO_TYPES)[number];

export type PhotoRefusal = 'too-large' | 'not-an-image' | 'unreadable';

export class PhotoError extends Error {
  readonly reason: PhotoRefusal;
  constructor(reason: PhotoRefusal) {
    super(reason);
    this.name = 'PhotoError';
    this.reason = reason;
  }
}

export function sniffType(bytes: Uint8Array): PhotoType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  return null;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The parts one after the other, in one array. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A JPEG segment with its marker and length, around `payload`. */
function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return concat([new Uint8Array([0xff, marker, length >> 8, length & 0xff]), payload]);
}

const EOI = new Uint8Array([0xff, 0xd9]);
const SOS = 0xda;

/** Frame headers (SOF0-15 but DHT, JPG and DAC), Huffman, arithmetic and quantisation tables, line count, restart interval. */
function isCodingSegment(marker: number): boolean {
  return (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || marker === 0xdb || marker === 0xdc || marker === 0xdd;
}

/** Where a scan's entropy-coded data ends: at the first marker that is not a stuffed zero, a restart or fill. */
function scanEnd(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) return bytes.length;
    const next = bytes[at + 1] as number;
    if (next === 0xff) at += 1;
    else if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else return at;
  }
}

/**
 * JPEG: the coding segments and every scan, in order, then the end of image; of the application segments
 * only JFIF's density (its thumbnail goes: it may be the uncropped picture) and Adobe's colour transform
 * (without it a CMYK or RGB-coded JPEG shows wrong colours), each rebuilt from its fixed fields.
 */
function rebuildJpeg(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let scanned = false;
  let adobe = false;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new PhotoError('unreadable');
    while (bytes[at + 1] === 0xff) at++;
    const marker = bytes[at + 1];
    if (marker === undefined || marker === 0xd9) break;
    // Markers without a length (TEM, restarts outside a scan) carry nothing a picture needs.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new PhotoError('unreadable');
    const payload = bytes.subarray(at + 4, end);
    if (marker === SOS) {
      const dataEnd = scanEnd(bytes, end);
      kept.push(bytes.subarray(at, dataEnd));
      scanned = true;
      at = dataEnd;
      continue;
    }
    if (isCodingSegment(marker)) kept.push(bytes.subarray(at, end));
    // JFIF is only JFIF straight after the start of image.
    else if (marker === 0xe0 && kept.length === 1 && payload.length >= 14 && ascii(payload, 0, 5) === 'JFIF\0') {
      kept.push(jpegSegment(0xe0, concat([payload.subarray(0, 12), new Uint8Array(2)])));
    } else if (marker === 0xee && !adobe && payload.length >= 12 && ascii(payload, 0, 5) === 'Adobe') {
      kept.push(jpegSegment(0xee, payload.subarray(0, 12)));
      adobe = true;
    }
    at = end;
  }
  if (!scanned) throw new PhotoError('unreadable');
  // A file cut short in its image data still shows what it has: it gets the end its decoder expects.
  kept.push(EOI);
  return concat(kept);
}

/** PNG chunks that draw the picture, each with the most bytes it may hold, so none can carry more. */
const PNG_KEPT = new Map<string, number>([
  ['IHDR', 13],
  ['PLTE', 768],
  ['tRNS', 256],
  ['gAMA', 4],
  ['cHRM', 32],
  ['sRGB', 1],
  ['cICP', 4],
  ['sBIT', 4],
  ['bKGD', 6],
  ['pHYs', 9],
  ['IDAT', Number.POSITIVE_INFINITY],
  ['IEND', 0],
]);

/** PNG: the chunks above up to the end chunk; an animation's frames go, its first picture stays. */
function rebuildPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let drawn = false;
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new PhotoError('unreadable');
    // Each chunk carries its own CRC, so leaving some out needs nothing recomputed.
    if (length <= (PNG_KEPT.get(type) ?? -1)) kept.push(bytes.subarray(at, end));
    drawn ||= type === 'IDAT';
    at = end;
    if (type === 'IEND') {
      if (!drawn) break;
      return concat(kept);
    }
  }
  throw new PhotoError('unreadable');
}

interface RiffChunk {
  type: string;
  data: Uint8Array;
}

/** The chunks between `from` and `to`, each with its data (without the pad byte). */
function riffChunks(bytes: Uint8Array, from: number, to: number): RiffChunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: RiffChunk[] = [];
  let at = from;
  while (at + 8 <= to) {
    const size = view.getUint32(at + 4, true);
    if (at + 8 + size > to) throw new PhotoError('unreadable');
    chunks.push({ type: ascii(bytes, at, 4), data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** A chunk written anew: its type, its size, its data and the pad byte an odd size needs. */
function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length % 2));
  out.set([...type].map((c) => c.charCodeAt(0)));
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

const WEBP_PICTURE = new Set(['VP8 ', 'VP8L', 'ALPH']);
/** Of the extended header's flags, only alpha and animation: EXIF, XMP and the colour profile will not follow. */
const VP8X_KEPT_FLAGS = 0b0001_0010;

/** WebP: the extended header, the picture (alpha and image data) and an animation's frames; nothing else. */
function rebuildWebp(bytes: Uint8Array): Uint8Array {
  const riffEnd = Math.min(bytes.length, 8 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true));
  const kept: Uint8Array[] = [];
  let drawn = false;
  for (const { type, data } of riffChunks(bytes, 12, riffEnd)) {
    if (type === 'VP8X') {
      if (data.length < 10) throw new PhotoError('unreadable');
      const header = data.slice(0, 10);
      header.fill(0, 0, 4);
      header[0] = (data[0] as number) & VP8X_KEPT_FLAGS;
      kept.push(riffChunk(type, header));
    } else if (type === 'ANIM' && data.length === 6) {
      kept.push(riffChunk(type, data));
    } else if (type === 'ANMF' && data.length >= 16) {
      // A frame is its position, size and timing, then chunks of its own: only its picture's stay.
      const frame = riffChunks(data, 16, data.length).filter((c) => WEBP_PICTURE.has(c.type));
      kept.push(riffChunk(type, concat([data.subarray(0, 16), ...frame.map((c) => riffChunk(c.type, c.data))])));
      drawn ||= frame.length > 0;
    } else if (WEBP_PICTURE.has(type)) {
      kept.push(riffChunk(type, data));
      drawn ||= type !== 'ALPH';
    }
  }
  if (!drawn) throw new PhotoError('unreadable');
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** The photo as it will be stored: its type from its bytes, rebuilt from the parts that draw it. */
export function cleanPhoto(bytes: Uint8Array): { bytes: Uint8Array; contentType: PhotoType } {
  if (bytes.length > PHOTO_MAX_BYTES) throw new PhotoError('too-large');
  const contentType = sniffType(bytes);
  if (!contentType) throw new PhotoError('not-an-image');
  const cleaned = contentType === 'image/jpeg' ? rebuildJpeg(bytes) : contentType === 'image/png' ? rebuildPng(bytes) : rebuildWebp(bytes);
  return { bytes: cleaned, contentType };
}

export const PHOTO_EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
