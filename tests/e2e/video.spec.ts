// A video block in a real Chromium: its Cloudinary asset is played under the store's CSP, and an autoplay the
// browser refuses (sound without a gesture) is logged only, with the video left for the shopper to start.

import type { Page, Response } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures.ts';

const KEY = 'e2e/video-autoplay';
const CLOUD = 'cairn-e2e';

/** One second of silent 8 kHz mono PCM as WAV: a file Chromium plays without proprietary codecs. */
function silentWav(): Buffer {
  const samples = 8000;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

/** A page with one video that asks to autoplay with sound and hides its controls, published as a marketer would. */
async function publishVideoPage(page: Page): Promise<void> {
  const body = {
    metadata: { htmlTitle: 'Trail film' },
    content: {
      sections: [
        {
          name: 'film',
          items: [
            {
              type: 'VideoPlayer',
              id: 'trail-film',
              title: 'On the trail',
              media: {
                type: 'video',
                source: { kind: 'banner', name: 'trail' },
                alt: 'A run along the ridge',
                width: 1280,
                height: 720,
                video: { src: '/media/e2e/trail.wav' },
              },
              cloudinaryAsset: { cloudName: CLOUD, publicId: 'films/trail-run' },
              playerSettings: { autoplay: true, hideControls: true, loop: true, muted: false },
            },
          ],
        },
      ],
    },
  };
  const ref = { siteId: 'US', locale: 'en-us', kind: 'page', key: KEY };
  expect((await page.request.put('/admin/content', { headers: ADMIN, data: { ...ref, body } })).ok()).toBe(true);
  expect((await page.request.post('/admin/content/publish', { headers: ADMIN, data: ref })).ok()).toBe(true);
}

/** The text of every script the page loads until `settled` resolves. */
async function scriptsLoaded(page: Page, url: string, settled: () => Promise<unknown>): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  };
  page.on('response', collect);
  await page.goto(url);
  await settled();
  page.off('response', collect);
  return Promise.all(bodies);
}

test('the autoplay code loads only on a page with a video that asks to autoplay', async ({ page }) => {
  await publishVideoPage(page);
  await page.route('https://res.cloudinary.com/**', (route) => route.fulfill({ contentType: 'audio/wav', body: silentWav() }));
  const hasAutoplay = (scripts: string[]) => scripts.some((text) => text.includes('video: autoplay refused'));
  // Every block of the event page has been in view and the page has gone idle: whatever it loads has loaded.
  const scrolledThrough = async () => {
    await page.waitForLoadState('load');
    await page.mouse.wheel(0, 10_000);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  };
  expect(hasAutoplay(await scriptsLoaded(page, '/en-us/events/trail-day', scrolledThrough))).toBe(false);
  const refused = page.waitForEvent('console', (message) => message.text().startsWith('video: autoplay refused'));
  expect(hasAutoplay(await scriptsLoaded(page, `/en-us/${KEY}`, () => refused))).toBe(true);
});

test('a refused autoplay with sound is logged, not shown, and the video keeps its poster and gets its controls', async ({ page }) => {
  await publishVideoPage(page);
  // Cloudinary is not reachable from here: its answers are the silent file, as its CDN would answer the MP4 and JPEG.
  const cloudinary: string[] = [];
  await page.route('https://res.cloudinary.com/**', (route) => {
    cloudinary.push(route.request().url());
    return route.request().url().endsWith('.jpg')
      ? route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"/>' })
      : route.fulfill({ contentType: 'audio/wav', body: silentWav() });
  });
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('video: autoplay refused')) logged.push(`${message.type()}: ${message.text()}`);
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  const response = await page.goto(`/en-us/${KEY}`);
  // As served, the block's controls are hidden and nothing starts it but the behaviour.
  const served = /<video [^>]*>/.exec((await response?.text()) ?? '')?.[0] ?? '';
  expect(served).toContain(`poster="https://res.cloudinary.com/${CLOUD}/video/upload/c_limit,q_auto,so_0,w_1280/films/trail-run.jpg"`);
  expect(served).not.toMatch(/controls|autoplay/i);
  const video = page.locator('.video-block video');

  // Chromium refuses sound that no gesture asked for: the refusal reaches the console as a warning, not an error.
  await expect.poll(() => logged).toEqual(['warning: video: autoplay refused {block: trail-film, reason: NotAllowedError}']);
  await expect(video).toHaveJSProperty('controls', true);
  await expect(video).toHaveJSProperty('paused', true);
  await expect(video).toHaveAttribute('poster', /so_0,w_1280\/films\/trail-run\.jpg$/);
  // The CSP let the widest Cloudinary source load, not the local fallback.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc))
    .toBe(`https://res.cloudinary.com/${CLOUD}/video/upload/c_limit,q_auto,w_1920/films/trail-run.mp4`);
  expect(cloudinary).toContain(`https://res.cloudinary.com/${CLOUD}/video/upload/c_limit,q_auto,w_1920/films/trail-run.mp4`);

  // The shopper starts it by hand through its controls: reached by keyboard, Space plays it.
  await video.focus();
  await page.keyboard.press('Space');
  await expect(video).toHaveJSProperty('paused', false);
});
