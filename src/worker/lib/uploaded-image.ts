// A photo a shopper uploads (review photos, warranty claims): JPEG, PNG or WebP by its own bytes, whatever
// the file name or the browser says, within a size, and with its metadata taken out before it is stored.
// Phone photos carry where they were taken (EXIF GPS, XMP); that is nobody else's business, so EXIF and
// XMP go, and so does every text chunk that could hold them. The pixels are left as they are.

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
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

/**
 * JPEG: every APP1 (EXIF, XMP), APP13 (Photoshop IRB, IPTC) and COM segment before the image data goes;
 * APP0 (JFIF), APP2 (ICC colour profile), APP14 (Adobe colour transform) and the coding segments stay.
 */
function stripJpeg(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new PhotoError('unreadable');
    const marker = bytes[at + 1] as number;
    // Start of scan: the entropy-coded data and everything after it is kept as it is.
    if (marker === 0xda) {
      kept.push(bytes.subarray(at));
      return concat(kept);
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number);
    if (length < 2 || at + 2 + length > bytes.length) throw new PhotoError('unreadable');
    const drop = marker === 0xe1 || marker === 0xed || marker === 0xfe;
    if (!drop) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  throw new PhotoError('unreadable');
}

const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']);

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (end > bytes.length) throw new PhotoError('unreadable');
    // Each chunk carries its own CRC, so leaving some out needs nothing recomputed.
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') return concat(kept);
  }
  throw new PhotoError('unreadable');
}

/** WebP: the EXIF and XMP chunks go, and the extended header's flags for them are cleared. */
function stripWebp(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = Math.min(bytes.length, 8 + view.getUint32(4, true));
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) throw new PhotoError('unreadable');
    if (type === 'VP8X') {
      const chunk = bytes.slice(at, end);
      // Bit 3 says EXIF follows, bit 2 XMP: neither will.
      chunk[8] = (chunk[8] as number) & ~0b1100;
      kept.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') {
      kept.push(bytes.subarray(at, Math.min(end, riffEnd)));
    }
    at = end;
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  return concat([header, body]);
}

/** The photo as it will be stored: its type from its bytes, its metadata gone. */
export function cleanPhoto(bytes: Uint8Array): { bytes: Uint8Array; contentType: PhotoType } {
  if (bytes.length > PHOTO_MAX_BYTES) throw new PhotoError('too-large');
  const contentType = sniffType(bytes);
  if (!contentType) throw new PhotoError('not-an-image');
  const cleaned = contentType === 'image/jpeg' ? stripJpeg(bytes) : contentType === 'image/png' ? stripPng(bytes) : stripWebp(bytes);
  return { bytes: cleaned, contentType };
}

export const PHOTO_EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
