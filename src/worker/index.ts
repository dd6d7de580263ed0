// Worker entry: the app's fetch handler and the Durable Object classes, nothing else.

import { createApp } from './app.ts';
import { runFulfilment } from './commerce/orders/run-fulfilment.ts';
import { socialPhotosFor } from './commerce/social/social-photos.ts';

export { Cart } from './commerce/cart/cart-object.ts';
export { FlashStock } from './commerce/flash/flash-stock-object.ts';
export { Counters } from './counters/counters-object.ts';
export { PagePurgeQueue } from './page-cache/purge-queue.ts';

const app = createApp();

export default {
  fetch: app.fetch,
  // The Cron Trigger (wrangler.toml): the fulfilment sandbox moves due orders on, and photos uploaded but
  // never shared are removed.
  async scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime);
    ctx.waitUntil(runFulfilment(env, now));
    ctx.waitUntil(socialPhotosFor(env).cleanUp(now));
  },
} satisfies ExportedHandler<import('./env.ts').Bindings>;
