// Worker entry: the app's fetch handler and the Durable Object classes, nothing else.

import { createApp } from './app.ts';

export { Cart } from './commerce/cart/cart-object.ts';
export { Counters } from './counters/counters-object.ts';

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<import('./env.ts').Bindings>;
