import { describe, expect, it } from 'vitest';
import { AUTOPLAY_REFUSED, type AutoplayVideo, startVideo } from './video-autoplay.ts';

function video(muted: boolean, play: () => Promise<void>): AutoplayVideo {
  return { muted, controls: false, play };
}

function refusal(): DOMException {
  return new DOMException("play() failed because the user didn't interact with the document first.", 'NotAllowedError');
}

describe('startVideo', () => {
  it('logs a refused start, and shows the controls so the shopper can start it', async () => {
    const logged: unknown[][] = [];
    const refused = video(false, () => Promise.reject(refusal()));
    await startVideo(refused, 'home-film', (...data) => logged.push(data));
    expect(logged).toEqual([[AUTOPLAY_REFUSED, { block: 'home-film', reason: 'NotAllowedError' }]]);
    expect(refused.controls).toBe(true);
  });

  it('leaves a muted video that started as the block set it, and logs nothing', async () => {
    const logged: unknown[][] = [];
    const quiet = video(true, () => Promise.resolve());
    await startVideo(quiet, 'loop', (...data) => logged.push(data));
    expect(logged).toEqual([]);
    expect(quiet.controls).toBe(false);
  });

  it('gives a video that started with sound its controls, so the sound can be stopped', async () => {
    const loud = video(false, () => Promise.resolve());
    await startVideo(loud, 'loud', () => undefined);
    expect(loud.controls).toBe(true);
  });
});
