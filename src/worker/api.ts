// The service API under /api: every read endpoint of the spec, mounted in one chain so hono/client sees its types.

import { Hono } from 'hono';
import { accountRoutes } from './commerce/account/routes.ts';
import { cartRoutes } from './commerce/cart/routes.ts';
import { componentRoutes } from './commerce/catalog/components-routes.ts';
import { notifyRoutes } from './commerce/catalog/notify-routes.ts';
import { catalogRoutes } from './commerce/catalog/routes.ts';
import { toolRoutes } from './commerce/catalog/tools-routes.ts';
import { checkoutRoutes } from './commerce/checkout/routes.ts';
import { customsRoutes } from './commerce/customs/routes.ts';
import { eventRoutes } from './commerce/events/routes.ts';
import { giftCardRoutes } from './commerce/gift-cards/routes.ts';
import { identityRoutes } from './commerce/identity/routes.ts';
import { listRoutes } from './commerce/lists/routes.ts';
import { loyaltyRoutes } from './commerce/loyalty/routes.ts';
import { orderRoutes } from './commerce/orders/routes.ts';
import { reviewRoutes } from './commerce/reviews/routes.ts';
import { socialRoutes } from './commerce/social/routes.ts';
import { storeRoutes } from './commerce/stores/routes.ts';
import { subscriptionRoutes } from './commerce/subscriptions/routes.ts';
import { supportRoutes } from './commerce/support/routes.ts';
import { utilityRoutes } from './commerce/utilities/routes.ts';
import { decideRoutes } from './content/decide-routes.ts';
import { publishedRoutes } from './content/published-routes.ts';
import { contentRoutes } from './content/routes.ts';
import type { AppEnv } from './env.ts';

// An unknown path under /api falls through to app.notFound, which answers API404 as JSON.
export const apiRoutes = new Hono<AppEnv>()
  .route('/', catalogRoutes)
  .route('/', reviewRoutes)
  .route('/', toolRoutes)
  .route('/', utilityRoutes)
  .route('/', componentRoutes)
  .route('/', publishedRoutes)
  .route('/', contentRoutes)
  .route('/', decideRoutes)
  .route('/', identityRoutes)
  .route('/', accountRoutes)
  .route('/', subscriptionRoutes)
  .route('/', loyaltyRoutes)
  .route('/', eventRoutes)
  .route('/', cartRoutes)
  .route('/', customsRoutes)
  .route('/', giftCardRoutes)
  .route('/', checkoutRoutes)
  .route('/', orderRoutes)
  .route('/', listRoutes)
  .route('/', storeRoutes)
  .route('/', notifyRoutes)
  .route('/', supportRoutes)
  .route('/', socialRoutes);

export type ApiRoutes = typeof apiRoutes;
