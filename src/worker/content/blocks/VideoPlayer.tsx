// Video block: a native <video> with a source per breakpoint (from Cloudinary when the block names an asset,
// then its local files), with captions. Only a muted video autoplays from the markup; one that asks to
// autoplay with sound is started by the video-autoplay behaviour, which also catches a refused start.

import type { VideoPlayerBlock } from '../../../shared/content/blocks.ts';
import { safeHref } from '../sanitize.ts';
import { cx } from './classes.ts';
import { useBlocks } from './context.tsx';
import { BlockTitle, Subtitle } from './parts.tsx';
import { videoSources } from './video-sources.ts';

export function VideoPlayer({ block }: { block: VideoPlayerBlock }) {
  const { mediaUrl } = useBlocks();
  const found = videoSources(block, mediaUrl);
  if (!found) return null;
  const { sources, main, poster } = found;
  const settings = block.playerSettings;
  // Browsers start only muted video by themselves; sound is left to the behaviour, which can tell when it is refused.
  const nativeAutoplay = settings.autoplay && settings.muted;
  const tracks = (main.video?.tracks ?? []).flatMap((track) => {
    const src = safeHref(track.src);
    return src ? [{ ...track, src }] : [];
  });
  return (
    <figure className={cx('video-block', settings.autoplay && 'video-block--autoplay')} data-video-autoplay={settings.autoplay ? block.id : undefined}>
      <div className="video-block__frame">
        <video
          className="video-block__video"
          width={main.width}
          height={main.height}
          poster={poster}
          controls={!settings.hideControls}
          muted={settings.muted}
          loop={settings.loop}
          autoPlay={nativeAutoplay}
          playsInline
          preload={settings.autoplay ? 'auto' : 'metadata'}
          aria-label={main.alt || block.title}
        >
          {sources.map((s) => (
            <source key={`${s.media ?? 'all'}|${s.src}`} src={s.src} media={s.media} type={s.type} />
          ))}
          {tracks.map((t, i) => (
            <track key={t.src} src={t.src} label={t.label} srcLang={t.srclang} kind={t.kind} default={i === 0} />
          ))}
        </video>
      </div>
      {block.title || block.subtitle || block.titleHtml ? (
        <figcaption className="video-block__caption">
          <BlockTitle block={block} />
          <Subtitle block={block} />
        </figcaption>
      ) : null}
    </figure>
  );
}
