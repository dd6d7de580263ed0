// Shared Intl.NumberFormat instances: constructing one costs far more than formatting with it.

const cache = new Map<string, Intl.NumberFormat>();

export function numberFormat(localeTag: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${localeTag}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeTag, options);
    cache.set(key, format);
  }
  return format;
}
