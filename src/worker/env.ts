// Bindings and per-request context variables of the worker, typed once for the whole app.

import type { Locale } from '../shared/locale/sites.ts';
import type { Consent } from '../shared/personalisation/consent.ts';
import type { DecisionRecord } from '../shared/personalisation/decisions.ts';
import type { TestContext } from '../shared/personalisation/personalisation.ts';
import type { AdminCredential } from './admin/credentials.ts';
import type { Cart } from './commerce/cart/cart-object.ts';
import type { FlashStock } from './commerce/flash/flash-stock-object.ts';
import type { CurrentSession, SessionCookies } from './commerce/identity/session-state.ts';
import type { TranslationModel } from './commerce/reviews/translator.ts';
import type { Preview } from './content/preview.ts';
import type { Counters } from './counters/counters-object.ts';
import type { Logger } from './lib/logger.ts';
import type { PagePurgeQueue } from './page-cache/purge-queue.ts';
import type { PageCacheRequest } from './page-cache/request.ts';
import type { MailMessage, OrderPaidEvent } from './queues/messages.ts';

export interface Bindings {
  DB: D1Database;
  /** Content cache: documents by `{siteId}:{mode}:{kind}:{locale}:{key}`. */
  CONTENT: KVNamespace;
  ASSETS: Fetcher;
  /** Photos shoppers upload, cleaned of their metadata (lib/uploaded-image.ts). */
  MEDIA: R2Bucket;
  /** Failure counters per subject (admin token guesses; later sign-in attempts). */
  COUNTERS: DurableObjectNamespace<Counters>;
  /** Coarse per-address limit of lookups a guest can repeat in bulk (lib/coarse-limit.ts): order tracking by number and email. */
  LOOKUP_LIMIT: RateLimit;
  /** This Worker version's id and tag ([version_metadata]): /healthz names the version that answered. */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /** One basket per object. */
  CART: DurableObjectNamespace<Cart>;
  /** The page cache's purge queue (page-cache/purge-queue.ts): one object, "pages". */
  PAGE_PURGE: DurableObjectNamespace<PagePurgeQueue>;
  /** A flash sale's stock, split over shard objects named "{variantId}:{i}" (commerce/flash/). */
  FLASH_STOCK: DurableObjectNamespace<FlashStock>;
  /** The mail queue (README, Queues): a request's email is queued here and its consumer delivers it. Unbound, email is sent at once. */
  MAIL_QUEUE?: Queue<MailMessage>;
  /** The order-events queue: an order paid is announced here; its consumer sends the confirmation and issues gift cards. */
  ORDER_EVENTS?: Queue<OrderPaidEvent>;
  /** Seconds before a failed queue message's first retry (10 unset), each later one three times longer; the tests say 0. */
  QUEUE_RETRY_BASE_SECONDS?: string;
  /** "off" turns the page cache off (the integration suite, which changes the database under the pages); on otherwise. */
  PAGE_CACHE?: string;
  /** Production purges: the zone and an API token allowed to purge it (README, The page cache). Locally unset. */
  CF_ZONE_ID?: string;
  CF_PURGE_TOKEN?: string;
  /** "development" locally; "production" when deployed. */
  ENVIRONMENT: string;
  /** Identifies this application in API responses and outbound headers. */
  APP_ID: string;
  /** Brand code sent in the standard header set (commerce-core §7). */
  BRAND: string;
  /** The store's address for links it sends away (emails, shares), e.g. https://shop.example: never a request's Host. */
  PUBLIC_ORIGIN: string;
  /** Signs session tokens (a wrangler secret, 32 characters or more; generated into .dev.vars locally). */
  SESSION_SECRET: string;
  /** The key being rotated out: it still verifies sessions it signed until they have all been renewed. */
  SESSION_SECRET_PREVIOUS?: string;
  /** Keys the hash gift card numbers and PINs are kept as (a wrangler secret; generated into .dev.vars locally). */
  GIFT_CARD_KEY?: string;
  /** Bearer token of the admin API (a wrangler secret; generated into .dev.vars locally). */
  ADMIN_TOKEN?: string;
  /** Signs marketers' preview tokens (a wrangler secret; generated into .dev.vars locally). Unset, preview is off. */
  PREVIEW_SECRET?: string;
  /** Resend API key: deployed, email goes through Resend; without it (locally) email lands in the D1 outbox. */
  RESEND_API_KEY?: string;
  /** The From address of the store's email, with Resend. */
  MAIL_FROM?: string;
  /** Cloudflare Turnstile's secret: the bot check on sign-in, sign-up and orders. Unset locally, a local verifier stands in. */
  TURNSTILE_SECRET?: string;
  /** Turnstile's public site key: with it the forms show the widget (and the CSP allows its origin). */
  TURNSTILE_SITE_KEY?: string;
  /** Local only: "fail" makes the local bot check refuse every attempt. */
  BOT_CHECK?: string;
  /** Workers AI (wrangler.toml's [ai]): review translation. Unset (locally), reviews are not offered in translation. */
  AI?: TranslationModel;
  /** Business events' Analytics Engine dataset (observe/business-events.ts); locally they go to D1 instead. */
  EVENTS?: AnalyticsEngineDataset;
  /** The store's card processor (its own worker, wrangler.payments.toml), when Stripe's keys are not set. */
  PAYMENTS?: Fetcher;
  /** The processor's public origin: the browser frames its card fields, challenge and wallet pages from there. */
  PAYMENTS_ORIGIN?: string;
  /** The processor's lane: "production" (its paths under /p/, the live key) or "sandbox" (the default); see choose.ts. */
  PAYMENTS_MODE?: string;
  /** The sandbox lane's secret key, sk_test_… (a wrangler secret; generated into .dev.vars locally). */
  PAYMENTS_SECRET_KEY?: string;
  /** The production lane's secret key, sk_live_… (a wrangler secret; generated into .dev.vars locally). */
  PAYMENTS_LIVE_SECRET_KEY?: string;
  /** Stripe, the production processor: with both set, payments go through Stripe (README, Payments). */
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  /** "stripe": delivery addresses are taxed by Stripe Tax (with STRIPE_SECRET_KEY); otherwise the built-in table. */
  TAX_SERVICE?: string;
  /** "shipstation": orders with units from the warehouse go to ShipStation (with its key and secret); otherwise the sandbox. */
  FULFILMENT_SERVICE?: string;
  /** ShipStation's v1 API key and secret (wrangler secrets). */
  SHIPSTATION_API_KEY?: string;
  SHIPSTATION_API_SECRET?: string;
  /** ShipStation's v2 API key (a wrangler secret): how deliveries are learnt; without it ShipStation's orders stay shipped. */
  SHIPSTATION_V2_API_KEY?: string;
  /** "mapbox": the store finder places postal codes and cities with Mapbox (with MAPBOX_TOKEN); otherwise its postal table. */
  GEOCODING_SERVICE?: string;
  /** Mapbox's access token (a wrangler secret). */
  MAPBOX_TOKEN?: string;
  /** "cloudflare": shoppers' photos are requested through Cloudflare Images' URL format (image-delivery.ts). */
  IMAGE_DELIVERY?: string;
  /** Apple Pay with Stripe: the merchant identifier registered with Apple (README, Payments). */
  APPLE_PAY_MERCHANT_ID?: string;
  /** The Apple Pay Merchant Identity Certificate as an mtls_certificates binding: Apple's gateway requires it. */
  APPLE_PAY_CERTIFICATE?: Fetcher;
  /** When set, content is read from this external content service instead of D1. */
  CONTENT_ORIGIN?: string;
}

export interface Variables {
  correlationId: string;
  logger: Logger;
  /** The locale of a page request; API requests resolve theirs from headers or query. */
  locale: Locale;
  /** An API request's locale from its headers, once resolved (apiLocale is called by several layers). */
  apiLocale?: Locale;
  secureHeadersNonce: string;
  consent: Consent;
  /** Set only with targeting consent. */
  visitorId: string | null;
  /** Live content, or a marketer's authorised preview of drafts at a moment. */
  preview: Preview;
  /** `p13n_testcontext`: forced experience variants and segment. */
  testContext: TestContext | null;
  /** The shopper's session, when the request carries one (or something minted one). */
  session: CurrentSession | null;
  /** Session cookies to write once the route has answered. */
  sessionCookies?: SessionCookies;
  /** On /admin: whose credential the request carries; the audit's actor. */
  admin: AdminCredential;
  /** Set by the page cache (page-cache/gateway.ts) on a page request it may answer or store. */
  pageCache?: PageCacheRequest;
  /** Personalisation met while rendering; the visitor id cookie is written only when an experience read it. */
  decisions: DecisionRecord;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
