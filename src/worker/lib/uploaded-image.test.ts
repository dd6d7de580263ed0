import { describe, expect, it } from 'vitest';
import { cleanPhoto, PHOTO_MAX_BYTES, PhotoError, sniffType } from './uploaded-image.ts';

const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const u16 = (n: number) => [n >> 8, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const has = (bytes: Uint8Array, s: string) => new TextDecoder('latin1').decode(bytes).includes(s);

const segment = (marker: number, payload: number[]) => [0xff, marker, ...u16(payload.length + 2), ...payload];
const GPS = text('GPSLatitude 48.8584 N');

function jpeg(): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    ...segment(0xe0, text('JFIF\0\x01\x01\0\0\x01\0\x01\0\0')),
    ...segment(0xe1, [...text('Exif\0\0'), ...GPS]),
    ...segment(0xe1, [...text('http://ns.adobe.com/xap/1.0/\0'), ...GPS]),
    ...segment(0xe2, text('ICC_PROFILE\0')),
    ...segment(0xfe, text('taken at home')),
    ...segment(0xdb, new Array(65).fill(1)),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
}

const chunk = (type: string, data: number[]) => [...u32be(data.length), ...text(type), ...data, 0, 0, 0, 0];
function png(): Uint8Array {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', new Array(13).fill(0)),
    ...chunk('eXIf', GPS),
    ...chunk('tEXt', text('Location\0Paris')),
    ...chunk('IDAT', [1, 2, 3]),
    ...chunk('IEND', []),
  ]);
}

const riffChunk = (type: string, data: number[]) => [...text(type), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])];
function webp(): Uint8Array {
  const body = [
    ...text('WEBP'),
    ...riffChunk('VP8X', [0b101100, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ...riffChunk('VP8L', [0x2f, 1, 2, 3, 4]),
    ...riffChunk('EXIF', GPS),
    ...riffChunk('XMP ', GPS),
  ];
  return new Uint8Array([...text('RIFF'), ...u32le(body.length), ...body]);
}

describe('an uploaded photo', () => {
  it('knows its type from its bytes', () => {
    expect([sniffType(jpeg()), sniffType(png()), sniffType(webp()), sniffType(new Uint8Array(text('GIF89a')))]).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      null,
    ]);
  });

  it('loses EXIF, XMP and comments from a JPEG, keeping its colour profile and image data', () => {
    const { bytes, contentType } = cleanPhoto(jpeg());
    expect(contentType).toBe('image/jpeg');
    expect(has(bytes, 'GPSLatitude') || has(bytes, 'Exif') || has(bytes, 'taken at home')).toBe(false);
    expect(has(bytes, 'JFIF') && has(bytes, 'ICC_PROFILE')).toBe(true);
    expect([...bytes.subarray(-4)]).toEqual([0x12, 0x34, 0xff, 0xd9]);
  });

  it('loses the eXIf and text chunks of a PNG', () => {
    const { bytes } = cleanPhoto(png());
    expect(has(bytes, 'GPSLatitude') || has(bytes, 'Paris')).toBe(false);
    expect(has(bytes, 'IHDR') && has(bytes, 'IDAT') && has(bytes, 'IEND')).toBe(true);
  });

  it('loses the EXIF and XMP chunks of a WebP, with its header saying so and its size right', () => {
    const { bytes } = cleanPhoto(webp());
    expect(has(bytes, 'GPSLatitude')).toBe(false);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect((bytes[20] as number) & 0b1100).toBe(0);
    expect(has(bytes, 'VP8L')).toBe(true);
  });

  it('refuses what is not a photo, what is too large, and what is cut short', () => {
    const reason = (bytes: Uint8Array) => {
      try {
        cleanPhoto(bytes);
        return 'accepted';
      } catch (error) {
        return error instanceof PhotoError ? error.reason : String(error);
      }
    };
    expect(reason(new Uint8Array(text('<svg onload=alert(1)>')))).toBe('not-an-image');
    const large = new Uint8Array(PHOTO_MAX_BYTES + 1);
    large.set(jpeg());
    expect(reason(large)).toBe('too-large');
    expect(reason(jpeg().subarray(0, 30))).toBe('unreadable');
    expect(reason(png().subarray(0, 40))).toBe('unreadable');
  });
});
