// Worker entry: the app's fetch handler, the Cron Trigger's and the queues' handlers, and the Durable Object classes.

import { createApp } from './app.ts';
import { runFulfilment } from './commerce/orders/run-fulfilment.ts';
import { socialPhotosFor } from './commerce/social/social-photos.ts';
import { consumeQueue } from './queues/consume.ts';
import { forgetOldDeliveries } from './queues/deliveries.ts';

export { Cart } from './commerce/cart/cart-object.ts';
export { FlashStock } from './commerce/flash/flash-stock-object.ts';
export { Counters } from './counters/counters-object.ts';
export { PagePurgeQueue } from './page-cache/purge-queue.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  // The Cron Trigger (wrangler.toml): the fulfilment sandbox moves due orders on, photos uploaded but never
  // shared are removed, and the queues' claims of work long done are forgotten.
  async scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(runFulfilment(env, now));
    ctx.waitUntil(socialPhotosFor(env).cleanUp(now));
    ctx.waitUntil(forgetOldDeliveries(env.DB, now));
  },
  // The mail, order-event and dead-letter queues (wrangler.toml; queues/consume.ts routes by queue name).
  async queue(batch, env) {
    await consumeQueue(batch, env);
  },
} satisfies ExportedHandler<import('./env.ts').Bindings>;
