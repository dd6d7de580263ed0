// Worker entry: the app's fetch handler and the Durable Object classes, nothing else.

import { createApp } from './app.ts';
import { runFulfilment } from './commerce/checkout/run-fulfilment.ts';

export { Cart } from './commerce/cart/cart-object.ts';
export { Counters } from './counters/counters-object.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  // The Cron Trigger (wrangler.toml): the fulfilment sandbox moves due orders on.
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runFulfilment(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<import('./env.ts').Bindings>;
