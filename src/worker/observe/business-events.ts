// Business events (the operations issue, Observe): what shoppers did, counted where a marketer can ask of it
// with SQL. A deployment writes each event as a Workers Analytics Engine data point (index: the event's name;
// blobs: name, site, locale, then the event's own details; double: its value). Locally Analytics Engine keeps
// nothing, so the same data points go to the local_events table, where tests and developers read them.
// Events carry no shopper identity: they are counts by page, step, experience, variant and product
// (README, Business events, says which need consent and why).

import type { Logger } from '../lib/logger.ts';

export type BusinessEventName =
  | 'decision'
  | 'page_view'
  | 'page_event'
  | 'rec_impression'
  /** A page the worker answered, rendered or from the page cache, by page type. */
  | 'page_served'
  | 'add_to_cart'
  | 'checkout_step'
  | 'order_placed'
  | 'payment_refused'
  /** A funnel step (or the first exposure) counted again under each experiment arm the visitor is in. */
  | 'variant_step';

export interface BusinessEvent {
  name: BusinessEventName;
  siteId: string;
  locale: string;
  /** The event's own details, in a fixed order per event (README, Business events, lists them); at most 17. */
  details: readonly string[];
  /** What it counts: 1 for an occurrence, else an amount. */
  value?: number;
}

export interface BusinessEventSink {
  write(events: readonly BusinessEvent[]): Promise<void>;
}

/** Analytics Engine's limit on one blob, in bytes; longer details are cut rather than refused. */
const BLOB_BYTES = 5120;

function blobsOf(event: BusinessEvent): string[] {
  return [event.name, event.siteId, event.locale, ...event.details.slice(0, 17)].map((blob) => blob.slice(0, BLOB_BYTES));
}

export function analyticsEngineSink(dataset: AnalyticsEngineDataset): BusinessEventSink {
  return {
    async write(events) {
      for (const event of events) dataset.writeDataPoint({ indexes: [event.name], blobs: blobsOf(event), doubles: [event.value ?? 1] });
    },
  };
}

export function localTableSink(db: D1Database): BusinessEventSink {
  return {
    async write(events) {
      if (events.length === 0) return;
      const now = new Date().toISOString();
      const insert = db.prepare('INSERT INTO local_events (written_at, event, site_id, locale, blobs, value) VALUES (?1, ?2, ?3, ?4, ?5, ?6)');
      await db.batch(events.map((event) => insert.bind(now, event.name, event.siteId, event.locale, JSON.stringify(blobsOf(event)), event.value ?? 1)));
    },
  };
}

interface EventsEnv {
  EVENTS?: AnalyticsEngineDataset;
  DB: D1Database;
  ENVIRONMENT: string;
}

/** Analytics Engine where the store runs on Cloudflare; the local table under npm start and the tests (whose dataset drops every write). */
export function businessEventsFor(env: EventsEnv): BusinessEventSink {
  const local = env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
  return env.EVENTS && !local ? analyticsEngineSink(env.EVENTS) : localTableSink(env.DB);
}

/** Written after the answer: an event that cannot be written is logged, never a shopper's error. */
export function recordEvents(sink: BusinessEventSink, events: readonly BusinessEvent[], logger: Logger, waitUntil: (promise: Promise<unknown>) => void): void {
  if (events.length === 0) return;
  waitUntil(
    sink
      .write(events)
      .catch((error: unknown) => logger.error('events.write_failed', { count: events.length, error: error instanceof Error ? error.message : String(error) })),
  );
}
