// Where a form or link may send the browser back to: a path of this store under one of the given
// locales, checked as the browser will read it (dot segments resolved, "%2e%2e" included), and nothing a
// Location header could not carry (control characters) or a browser could read as another host.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
const BASE = 'https://store.invalid';

/** The path, resolved as a browser would; null unless it stays on this store under one of `localeCodes`. */
export function returnPath(target: string | null | undefined, localeCodes: readonly string[]): string | null {
  if (!target || target.length > 2048 || UNSAFE.test(target) || !target.startsWith('/') || target.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  const path = url.pathname;
  if (url.origin !== BASE || path.startsWith('//')) return null;
  const own = localeCodes.some((code) => path === `/${code}` || path.startsWith(`/${code}/`));
  return own ? `${path}${url.search}` : null;
}
