// Shared number formatters that remember what they formatted. A listing formats the same prices,
// ratings and counts on every request, and each Intl call costs about as much as rendering the
// element around it: on a category page the Intl calls were a tenth of the CPU.

/** The part of Intl.NumberFormat the storefront uses. */
export interface NumberFormatter {
  format(value: number): string;
}

/** Distinct values kept per formatter; a full memo starts over rather than tracking recency. */
const MAX_REMEMBERED = 2000;

class RememberingFormat implements NumberFormatter {
  readonly #intl: Intl.NumberFormat;
  readonly #results = new Map<number, string>();

  constructor(localeTag: string, options: Intl.NumberFormatOptions) {
    this.#intl = new Intl.NumberFormat(localeTag, options);
  }

  format(value: number): string {
    let text = this.#results.get(value);
    if (text === undefined) {
      text = this.#intl.format(value);
      if (this.#results.size >= MAX_REMEMBERED) this.#results.clear();
      this.#results.set(value, text);
    }
    return text;
  }
}

const cache = new Map<string, RememberingFormat>();

/** `key` names the options for callers that pass a fresh options object each time (cheaper than serialising it). */
export function numberFormat(localeTag: string, options: Intl.NumberFormatOptions = {}, key?: string): NumberFormatter {
  const cacheKey = `${localeTag}|${key ?? JSON.stringify(options)}`;
  let format = cache.get(cacheKey);
  if (!format) {
    format = new RememberingFormat(localeTag, options);
    cache.set(cacheKey, format);
  }
  return format;
}
