// CMS rich text on the page: every HTML string goes through the allowlist sanitizer right here, at the sink.

import { sanitizeHtml } from '../sanitize.ts';

export function RichHtml({ html, className, inline = false }: { html: string | undefined; className?: string; inline?: boolean }) {
  if (!html) return null;
  const clean = sanitizeHtml(html, { inline });
  if (!clean) return null;
  // Safe to inject: `clean` is sanitizeHtml()'s allowlisted output (and Biome's noDangerouslySetInnerHtml is not
  // enabled in this project, so a biome-ignore here would be an unused suppression).
  return inline ? (
    <span className={className} dangerouslySetInnerHTML={{ __html: clean }} />
  ) : (
    <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
