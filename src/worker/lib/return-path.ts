// Where a form or link may send the browser back to: a path of this store under one of the given
// locales, and nothing a Location header could not carry (control characters) or a browser could read as
// another host (backslashes).

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

export function returnPath(target: string | null | undefined, localeCodes: readonly string[]): string | null {
  if (!target || target.length > 2048 || UNSAFE.test(target)) return null;
  const own = localeCodes.some((code) => target === `/${code}` || target.startsWith(`/${code}/`) || target.startsWith(`/${code}?`));
  return own ? target : null;
}
