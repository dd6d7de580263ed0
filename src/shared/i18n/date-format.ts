// A day as the reader's locale writes it ("Oct 26, 2026"), remembered: review lists format the same few
// dates on every request, and constructing an Intl.DateTimeFormat costs more than rendering a review.

const formats = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, string>();
const MAX_REMEMBERED = 5000;

/** `iso`: a date or a timestamp; the day is read in UTC, as the store writes its dates. */
export function formatDay(localeTag: string, iso: string): string {
  const key = `${localeTag}|${iso.slice(0, 10)}`;
  let text = days.get(key);
  if (text === undefined) {
    let format = formats.get(localeTag);
    if (!format) {
      format = new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeZone: 'UTC' });
      formats.set(localeTag, format);
    }
    text = format.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));
    if (days.size >= MAX_REMEMBERED) days.clear();
    days.set(key, text);
  }
  return text;
}
