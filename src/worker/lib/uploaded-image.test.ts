import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../shared/media/photo-limits.ts';
import { cleanPhoto, PhotoError, sniffType } from './uploaded-image.ts';

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

  it('loses EXIF, XMP and comments from a JPEG, keeping its image data', () => {
    const { bytes, contentType } = cleanPhoto(jpeg());
    expect(contentType).toBe('image/jpeg');
    expect(has(bytes, 'GPSLatitude') || has(bytes, 'Exif') || has(bytes, 'taken at home')).toBe(false);
    expect(has(bytes, 'JFIF')).toBe(true);
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

  it('keeps only the segments a JPEG picture needs: no colour profile, app data, thumbnail or bytes after its end', () => {
    const jfif = text('JFIF\0\x01\x02\x01\0\x48\0\x48');
    const adobe = text('Adobe\0\x64\0\0\0\0\x01');
    const dqt = segment(0xdb, new Array(65).fill(1));
    const sof = segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
    const dht = segment(0xc4, [0, ...new Array(16).fill(0)]);
    const scan = [...segment(0xda, [1, 1, 0, 0, 63, 0]), 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
    const attack = new Uint8Array([
      0xff,
      0xd8,
      // A JFIF header with a 1x1 thumbnail after its fields, and a JFXX thumbnail extension.
      ...segment(0xe0, [...jfif, 1, 1, 0xaa, 0xbb, 0xcc]),
      ...segment(0xe0, [...text('JFXX\0\x10'), ...GPS]),
      ...segment(0xe2, [...text('ICC_PROFILE\0\x01\x01'), ...GPS]),
      ...segment(0xe2, [...text('MPF\0'), ...GPS]),
      ...segment(0xec, [...text('Ducky'), ...GPS]),
      ...segment(0xee, [...adobe, ...GPS]),
      ...segment(0xef, GPS),
      ...dqt,
      ...sof,
      ...dht,
      ...scan,
      // Between scans of a progressive JPEG, and after its end: a comment, app data, another picture.
      ...segment(0xfe, GPS),
      ...segment(0xe1, [...text('Exif\0\0'), ...GPS]),
      ...scan,
      0xff,
      0xd9,
      ...[0xff, 0xd8, ...segment(0xe1, [...text('Exif\0\0'), ...GPS]), 0xff, 0xd9],
      ...GPS,
    ]);
    const { bytes } = cleanPhoto(attack);
    expect([...bytes]).toEqual([0xff, 0xd8, ...segment(0xe0, [...jfif, 0, 0]), ...segment(0xee, adobe), ...dqt, ...sof, ...dht, ...scan, ...scan, 0xff, 0xd9]);
  });

  it('reads a JPEG with fill bytes before its markers, ends one cut short after its image data, and refuses one with none', () => {
    const scan = [...segment(0xda, [1, 1, 0, 0, 63, 0]), 0x12, 0x34];
    const filled = [0xff, 0xd8, 0xff, 0xff, ...segment(0xdb, [0, 1]), 0xff, ...scan, 0xff, 0xff, 0xd9];
    expect([...cleanPhoto(new Uint8Array(filled)).bytes]).toEqual([0xff, 0xd8, ...segment(0xdb, [0, 1]), ...scan, 0xff, 0xff, 0xd9]);
    expect([...cleanPhoto(new Uint8Array([0xff, 0xd8, ...scan])).bytes]).toEqual([0xff, 0xd8, ...scan, 0xff, 0xd9]);
    expect(() => cleanPhoto(new Uint8Array([0xff, 0xd8, ...segment(0xe1, GPS), 0xff, 0xd9]))).toThrow(PhotoError);
  });

  it('keeps only the chunks a PNG picture needs: no private, unknown, profile or animation chunks, nothing after its end', () => {
    const needed = [
      ...chunk('IHDR', new Array(13).fill(0)),
      ...chunk('gAMA', [0, 0, 0xb1, 0x8f]),
      ...chunk('PLTE', [0, 0, 0]),
      ...chunk('tRNS', [0]),
      ...chunk('IDAT', [1, 2, 3]),
      ...chunk('IDAT', [4]),
    ];
    const attack = new Uint8Array([
      ...png().subarray(0, 8),
      ...needed.slice(0, 25),
      ...chunk('prVt', GPS),
      ...chunk('caBX', GPS),
      ...chunk('iCCP', [...text('icc\0\0'), ...GPS]),
      ...chunk('gAMA', [0, 0, 0xb1, 0x8f, ...GPS]),
      ...chunk('acTL', [0, 0, 0, 2, 0, 0, 0, 0]),
      ...needed.slice(25),
      ...chunk('fdAT', [0, 0, 0, 1, ...GPS]),
      ...chunk('vpAg', GPS),
      ...chunk('IEND', []),
      ...GPS,
    ]);
    const { bytes } = cleanPhoto(attack);
    expect([...bytes]).toEqual([...png().subarray(0, 8), ...needed, ...chunk('IEND', [])]);
  });

  it('keeps only the chunks a WebP picture needs, with no colour profile, unknown chunk or bytes after its end', () => {
    const body = [
      ...text('WEBP'),
      ...riffChunk('VP8X', [0b111100, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ...riffChunk('ICCP', GPS),
      ...riffChunk('ALPH', [1, 2, 3]),
      ...riffChunk('VP8 ', [4, 5, 6, 7]),
      ...riffChunk('LOCN', GPS),
    ];
    const { bytes } = cleanPhoto(new Uint8Array([...text('RIFF'), ...u32le(body.length), ...body, ...GPS]));
    const kept = [
      ...text('WEBP'),
      ...riffChunk('VP8X', [0b10000, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ...riffChunk('ALPH', [1, 2, 3]),
      ...riffChunk('VP8 ', [4, 5, 6, 7]),
    ];
    expect([...bytes]).toEqual([...text('RIFF'), ...u32le(kept.length), ...kept]);
  });

  it('keeps a WebP animation, each frame with only its picture', () => {
    const riff = (chunks: number[]) => new Uint8Array([...text('RIFF'), ...u32le(chunks.length + 4), ...text('WEBP'), ...chunks]);
    const head = [...riffChunk('VP8X', [0b10, 0, 0, 0, 0, 0, 0, 0, 0, 0]), ...riffChunk('ANIM', [0, 0, 0, 0, 0, 0])];
    const frame = (extra: number[]) => riffChunk('ANMF', [...new Array(16).fill(0), ...riffChunk('VP8L', [1, 2, 3]), ...extra]);
    const { bytes } = cleanPhoto(riff([...head, ...frame(riffChunk('GPSx', GPS)), ...frame([])]));
    expect([...bytes]).toEqual([...riff([...head, ...frame([]), ...frame([])])]);
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
