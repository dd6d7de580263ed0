// Event sign-up block: the event and its dates, and the way to register (account-content §4). The block is
// the same for every visitor (the page stays cacheable); the registration page asks a guest to sign in and
// shows a signed-in shopper the form. An event without a capacity is not open for registration.

import type { EventSignUpBlock } from '../../../shared/content/blocks.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { cx } from './classes.ts';
import { useBlocks } from './context.tsx';
import { BlockCopy, surfaceClass } from './parts.tsx';

const DAY_MS = 86_400_000;
/** A long festival is still listed day by day, up to a point. */
const MAX_LISTED_DAYS = 14;

/** A date without a time is a calendar day; format those in UTC so no time zone moves them. */
function parse(value: string): { date: Date; timeZone: string | undefined } | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { date, timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined };
}

/** The calendar days the event covers, counted in UTC. */
function eventDays(start: Date, end: Date): Date[] {
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  const last = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  const count = Math.min(MAX_LISTED_DAYS, Math.floor((last - first) / DAY_MS) + 1);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => new Date(first + i * DAY_MS));
}

export function EventSignUp({ block }: { block: EventSignUpBlock }) {
  const { localeTag, locale } = useI18n();
  const { labels } = useBlocks();
  const start = parse(block.startDate);
  const end = parse(block.endDate) ?? start;
  const days = start && end ? eventDays(start.date, end.date) : [];
  const range =
    start && end
      ? new Intl.DateTimeFormat(localeTag, { dateStyle: 'full', timeZone: start.timeZone }).formatRange(
          start.date,
          new Date(Math.max(end.date.getTime(), start.date.getTime())),
        )
      : null;
  const dayFormat = new Intl.DateTimeFormat(localeTag, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <section className={cx('event', surfaceClass(block, 'bg-stone'))} data-event-id={block.eventId}>
      <BlockCopy block={{ ...block, targets: [] }} className="event__copy" />
      {range ? (
        <dl className="event__facts">
          <dt>{labels.eventDates}</dt>
          <dd>
            <time dateTime={block.startDate}>{range}</time>
          </dd>
        </dl>
      ) : null}
      {days.length >= 2 ? (
        <div className="event__days">
          <p>{labels.attendingDays}</p>
          <ul className="event__day-list">
            {days.map((day) => (
              <li key={day.toISOString()}>{dayFormat.format(day)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {block.capacity ? (
        <p className="event__cta">
          <a className="button target target--primary" href={`/${locale}/event-registration/${encodeURIComponent(block.eventId)}`}>
            {labels.register}
          </a>
        </p>
      ) : null}
    </section>
  );
}
