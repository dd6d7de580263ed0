// iCalendar (RFC 5545) for a registration's calendar file: one all-day event, lines folded at 75 octets,
// text escaped, CRLF line ends, as calendar apps expect.

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  location?: string | undefined;
  /** Calendar days, ISO dates; the event runs from the first to the last, inclusive. */
  firstDay: string;
  lastDay: string;
  url?: string | undefined;
  stamp: Date;
}

const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line so no line is longer than 75 octets (continuations start with a space). */
export function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (encoder.encode(current + char).length > limit) {
      parts.push(current);
      current = char;
    } else current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const day = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const stampOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function calendarFile(event: CalendarEvent): string {
  const end = new Date(`${event.lastDay.slice(0, 10)}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cairn//Storefront//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stampOf(event.stamp)}`,
    `DTSTART;VALUE=DATE:${day(event.firstDay)}`,
    // DTEND of an all-day event is the day after the last.
    `DTEND;VALUE=DATE:${day(end.toISOString())}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
