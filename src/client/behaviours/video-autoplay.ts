// A video block that asks to autoplay (account-content §3 playerSettings): started here, so a refusal is
// caught. A browser may refuse any start that no shopper asked for (sound without a gesture, a data or battery
// saver); the refusal is logged only, not shown (§8), and the video is left for the shopper to start by hand:
// its controls appear even where the block hid them, over the poster it already shows.

/** The console line a refused start writes: one name, so it can be found in any browser's log. */
export const AUTOPLAY_REFUSED = 'video: autoplay refused';

/** The part of a <video> this needs: what the browser gives, and what a test can stand in for. */
export interface AutoplayVideo {
  muted: boolean;
  controls: boolean;
  play(): Promise<void>;
}

export async function startVideo(video: AutoplayVideo, blockId: string, log: (...data: unknown[]) => void = console.warn): Promise<void> {
  try {
    await video.play();
  } catch (error) {
    log(AUTOPLAY_REFUSED, { block: blockId, reason: error instanceof Error ? error.name : String(error) });
    video.controls = true;
    return;
  }
  // Sound that starts by itself needs a way to stop it (WCAG 1.4.2): the controls, whatever the block says.
  if (!video.muted) video.controls = true;
}

export function mount(figure: HTMLElement): void {
  const video = figure.querySelector('video');
  if (video) void startVideo(video, figure.dataset.videoAutoplay ?? '');
}
