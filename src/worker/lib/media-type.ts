// Content types read strictly: the media type is what comes before the first ";", and a JSON body must
// say so there, so `text/plain; application/json` is not JSON (a loose "includes" check took it as JSON).

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface MediaType {
  type: string;
  subtype: string;
  params: Map<string, string>;
}

/** The parsed media type, or null when the header is missing or not of the form type/subtype; name=value. */
export function parseMediaType(header: string | null | undefined): MediaType | null {
  if (!header) return null;
  const [essence = '', ...rest] = header.split(';');
  const [type = '', subtype = '', extra] = essence.trim().toLowerCase().split('/');
  if (extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype)) return null;
  const params = new Map<string, string>();
  for (const part of rest) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const name = part.slice(0, eq).trim().toLowerCase();
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!TOKEN.test(name)) return null;
    params.set(name, value);
  }
  return { type, subtype, params };
}

/** application/json or application/*+json, in UTF-8 (the only charset JSON may use between systems, RFC 8259). */
export function isJsonMediaType(header: string | null | undefined): boolean {
  const media = parseMediaType(header);
  if (media?.type !== 'application' || !(media.subtype === 'json' || media.subtype.endsWith('+json'))) return false;
  const charset = media.params.get('charset')?.toLowerCase();
  return charset === undefined || charset === 'utf-8';
}

export function isFormMediaType(header: string | null | undefined): boolean {
  const media = parseMediaType(header);
  if (!media) return false;
  const essence = `${media.type}/${media.subtype}`;
  return essence === 'application/x-www-form-urlencoded' || (essence === 'multipart/form-data' && (media.params.get('boundary') ?? '') !== '');
}

/**
 * Whether an Accept header admits a media type (RFC 9110 §12.5.1): an exact range, `type/*` or `*\/*`, the most
 * specific range deciding, and q=0 meaning "not this". No header admits everything; a header nobody can
 * parse is read as absent rather than as a refusal of all.
 */
export function acceptsMediaType(accept: string | null | undefined, essence: string): boolean {
  if (!accept || accept.trim() === '') return true;
  const [type, subtype] = essence.split('/');
  let best: { specificity: number; q: number } | null = null;
  for (const range of accept.split(',')) {
    if (range.trim() === '') continue;
    const media = parseMediaType(range);
    if (!media) return true;
    const specificity =
      media.type === type && media.subtype === subtype
        ? 2
        : media.type === type && media.subtype === '*'
          ? 1
          : media.type === '*' && media.subtype === '*'
            ? 0
            : -1;
    if (specificity < 0 || (best && best.specificity > specificity)) continue;
    const q = Number(media.params.get('q') ?? '1');
    best = { specificity, q: Number.isFinite(q) ? q : 1 };
  }
  return best !== null && best.q > 0;
}
