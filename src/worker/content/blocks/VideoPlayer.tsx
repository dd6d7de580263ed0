// Video block: a native <video> of local files, one source per breakpoint, with captions; autoplay only when muted.

import type { Breakpoint, Media, VideoPlayerBlock } from '../../../shared/content/blocks.ts';
import { safeHref } from '../sanitize.ts';
import { cx } from './classes.ts';
import { useBlocks } from './context.tsx';
import { BlockTitle, Subtitle } from './parts.tsx';

const MEDIA_QUERIES: Record<Breakpoint, string> = {
  sm: '(max-width: 699px)',
  md: '(min-width: 700px) and (max-width: 999px)',
  lg: '(min-width: 1000px)',
};

interface Source {
  src: string;
  media?: string;
}

/** Breakpoint sources, widest first; the block's own media is the fallback when no breakpoint matches. */
function sources(block: VideoPlayerBlock): { sources: Source[]; main: Media | undefined } {
  const byBreakpoint = (['lg', 'md', 'sm'] as const).flatMap((bp) => {
    const media = block.mediaByBreakpoint?.[bp];
    const src = safeHref(media?.video?.src);
    return media && src ? [{ bp, media, src }] : [];
  });
  const fallback = block.media?.type === 'video' ? block.media : undefined;
  const fallbackSrc = safeHref(fallback?.video?.src);
  const list: Source[] = byBreakpoint.map(({ bp, src }) => ({ src, media: MEDIA_QUERIES[bp] }));
  if (fallbackSrc) list.push({ src: fallbackSrc });
  else if (byBreakpoint.length > 0) list.push({ src: byBreakpoint[0]?.src ?? '' });
  return { sources: list, main: fallback ?? byBreakpoint[0]?.media };
}

export function VideoPlayer({ block }: { block: VideoPlayerBlock }) {
  const { mediaUrl } = useBlocks();
  const { sources: list, main } = sources(block);
  if (!main || list.length === 0) return null;
  const settings = block.playerSettings;
  // Browsers only autoplay muted video, and sound starting by itself is an accessibility failure anyway.
  const autoplay = settings.autoplay && settings.muted;
  const poster = main.video?.poster ? mediaUrl(main.video.poster, 1600) : undefined;
  const tracks = (main.video?.tracks ?? []).flatMap((track) => {
    const src = safeHref(track.src);
    return src ? [{ ...track, src }] : [];
  });
  return (
    <figure className={cx('video-block', autoplay && 'video-block--autoplay')} data-video-autoplay={autoplay ? '' : undefined}>
      <div className="video-block__frame">
        <video
          className="video-block__video"
          width={main.width}
          height={main.height}
          poster={poster}
          controls={!settings.hideControls}
          muted={settings.muted}
          loop={settings.loop}
          autoPlay={autoplay}
          playsInline
          preload={autoplay ? 'auto' : 'metadata'}
          aria-label={main.alt || block.title}
        >
          {list.map((s) => (
            <source key={`${s.media ?? 'all'}|${s.src}`} src={s.src} media={s.media} />
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
