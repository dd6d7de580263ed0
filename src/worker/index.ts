// Worker entry: the app's fetch handler. Durable Object classes are exported here when they arrive.

import { createApp } from './app.ts';

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<import('./env.ts').Bindings>;
