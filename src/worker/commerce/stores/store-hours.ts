// Store opening hours (the store services issue, §2): the week as stores keep it, the day it is where the
// store is, and the store's time zone from where it stands (the store table has no zone of its own).

export const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEK)[number];
export type OpeningHours = Partial<Record<Weekday, readonly [string, string] | null>>;

/** The IANA zone of a store: by country, and in North America by longitude. */
export function storeTimeZone(country: string, longitude: number): string {
  if (country === 'US') {
    if (longitude < -115) return 'America/Los_Angeles';
    if (longitude < -102) return 'America/Denver';
    if (longitude < -87) return 'America/Chicago';
    return 'America/New_York';
  }
  if (country === 'CA') {
    if (longitude < -120) return 'America/Vancouver';
    if (longitude < -102) return 'America/Edmonton';
    if (longitude < -90) return 'America/Winnipeg';
    if (longitude < -64) return 'America/Toronto';
    return 'America/Halifax';
  }
  return { GB: 'Europe/London', FR: 'Europe/Paris', DE: 'Europe/Berlin', IT: 'Europe/Rome' }[country] ?? 'UTC';
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day of the week it is now in `timeZone`. */
export function weekdayIn(timeZone: string, now: Date): Weekday {
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone });
    weekdayFormats.set(timeZone, format);
  }
  return format.format(now).slice(0, 3).toLowerCase() as Weekday;
}
