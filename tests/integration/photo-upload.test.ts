// Uploads keep nothing but the picture (issue 23, §6): a review photo sent with its location in the
// segments and chunks the old clean-up let through (APP2, APP12, bytes after the end of the image, a
// private PNG chunk) is stored without any of them.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ORIGIN, one, request } from './helpers.ts';
import { signedInJar } from './jar.ts';

type Json = Record<string, any>;

const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));
const WHERE = text('GPSLatitude 38.7223 N');
const segment = (marker: number, payload: number[]) => [0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
const chunk = (type: string, data: number[]) => [0, 0, 0, data.length, ...text(type), ...data, 0, 0, 0, 0];

/** A JPEG with the location in an ICC profile and a multi-picture block (APP2), an APP12 and after its end. */
function jpeg(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff,
    0xd8,
    ...segment(0xe0, text('JFIF\0\x01\x01\0\0\x01\0\x01\0\0')),
    ...segment(0xe2, [...text('ICC_PROFILE\0\x01\x01'), ...WHERE]),
    ...segment(0xe2, [...text('MPF\0'), ...WHERE]),
    ...segment(0xec, [...text('Ducky'), ...WHERE]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    0x12,
    0x34,
    0xff,
    0xd9,
    ...WHERE,
  ]);
}

/** A PNG with the location in a private chunk and after its end. */
function png(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk('IHDR', new Array(13).fill(0)),
    ...chunk('loCa', WHERE),
    ...chunk('IDAT', [1, 2, 3]),
    ...chunk('IEND', []),
    ...WHERE,
  ]);
}

describe('a review photo', () => {
  it('is stored without the location its app segments, private chunks and trailing bytes held', async () => {
    const will = await signedInJar('will.wranx@cairn.test', '198.19.34.1');
    const { style_id: styleId } = await one<{ style_id: string }>("SELECT style_id FROM reviews WHERE status = 'approved' ORDER BY style_id LIMIT 1");
    const data = new FormData();
    data.set(
      'review',
      JSON.stringify({
        rating: 5,
        title: 'Dry feet',
        text: 'Wore them through a wet week on the coast path and my feet stayed dry.',
        nickname: 'Will',
        termsAccepted: true,
      }),
    );
    data.append('photos', new File([jpeg()], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    data.append('photos', new File([png()], 'screenshot.png', { type: 'image/png' }));
    const response = await request(`/api/products/v1/products/${styleId}/reviews`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: will.header, 'cf-connecting-ip': will.address },
      body: data,
    });
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).toBe(201);
    const reviewId = body.review.reviewId as string;
    for (const [key, end] of [
      [`reviews/${reviewId}/1.jpg`, 'ÿÙ'],
      [`reviews/${reviewId}/2.png`, `IEND${'\0'.repeat(4)}`],
    ] as const) {
      const stored = new TextDecoder('latin1').decode(await ((await env.MEDIA.get(key)) as R2ObjectBody).arrayBuffer());
      expect([key, stored.includes('GPSLatitude'), stored.endsWith(end)]).toEqual([key, false, true]);
    }
  });
});
