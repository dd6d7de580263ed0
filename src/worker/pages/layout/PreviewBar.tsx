// The bar a marketer sees above every page of an authorised preview: which moment is shown, and the way out.

import type { Preview } from '../../content/preview.ts';
import { usePage } from '../page-context.tsx';

/** The exit link: leaves preview for this site and comes back to the same page, live. */
export function previewExitHref(siteId: string, url: URL): string {
  const back = new URL(url);
  back.searchParams.delete('preview');
  back.searchParams.delete('previewDateTime');
  return `/preview/exit?${new URLSearchParams({ site: siteId, to: `${back.pathname}${back.search}` })}`;
}

export function PreviewBar({ preview, exitHref }: { preview: Extract<Preview, { active: true }>; exitHref: string }) {
  const { t, locale } = usePage();
  const at = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeStyle: 'long', timeZone: 'UTC' }).format(preview.at);
  return (
    <div className="preview-bar" role="status">
      <span>{t('preview.bar', { at })}</span>
      <a className="preview-bar__exit" href={exitHref}>
        {t('preview.exit')}
      </a>
    </div>
  );
}
