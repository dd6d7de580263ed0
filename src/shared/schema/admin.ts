// Schemas of the admin API: document references, bodies, publishing windows and purge scopes.

import * as v from 'valibot';
import { ESPOT_SLOTS } from '../content/blocks.ts';
import { findLocale, SITE_IDS, type SiteId } from '../locale/sites.ts';

const KINDS = ['page', 'espot', 'footer', 'menu', 'popups', 'fragment', 'children', 'search', 'category', 'product', 'showcase'] as const;
const KEY = /^([a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*)?$/;
const SITE = v.pipe(
  v.string(),
  v.transform((s) => s.toUpperCase()),
  v.picklist(SITE_IDS as [SiteId, ...SiteId[]], `siteId must be one of ${SITE_IDS.join(', ')}.`),
);
const ISO_TIME = v.pipe(v.string(), v.isoTimestamp('Use an ISO 8601 time with a time zone, like 2027-01-01T09:00:00Z.'));

const REF_ENTRIES = {
  siteId: SITE,
  locale: v.pipe(v.string(), v.toLowerCase()),
  kind: v.picklist(KINDS, `kind must be one of ${KINDS.join(', ')}.`),
  key: v.pipe(v.optional(v.string(), ''), v.regex(KEY, 'key is lowercase words separated by hyphens, levels by slashes.'), v.maxLength(120)),
};

type Ref = { siteId: SiteId; locale: string; kind: (typeof KINDS)[number]; key: string };
const localeOfSite = <T extends Ref>() =>
  v.check<T, string>((ref) => findLocale(ref.locale)?.site.id === ref.siteId, 'locale must be one of the site’s locales.');
const espotSlot = <T extends Ref>() =>
  v.check<T, string>(
    (ref) => ref.kind !== 'espot' || (ESPOT_SLOTS as readonly string[]).includes(ref.key),
    `An espot key is one of ${ESPOT_SLOTS.join(', ')}.`,
  );

export const DocumentRefSchema = v.pipe(v.object(REF_ENTRIES), localeOfSite(), espotSlot());

/** The body is checked against its kind's schema (shared/schema/content.ts) once the kind is known. */
export const SaveDocumentBody = v.pipe(
  v.object({ ...REF_ENTRIES, body: v.looseObject({}, 'body must be a document: a page, a list of blocks, a menu or pop-ups.') }),
  localeOfSite(),
  espotSlot(),
);

export const PublishBody = v.pipe(
  v.object({ ...REF_ENTRIES, publishFrom: v.optional(ISO_TIME), publishUntil: v.optional(ISO_TIME) }),
  localeOfSite(),
  espotSlot(),
  v.check((b) => !b.publishFrom || !b.publishUntil || b.publishFrom < b.publishUntil, 'publishUntil must come after publishFrom.'),
);

export const PurgeBody = v.union(
  [
    v.object({
      siteId: SITE,
      mode: v.optional(v.picklist(['publish', 'preview']), 'publish'),
      kind: v.picklist(KINDS),
      key: v.optional(v.string(), ''),
      locale: v.optional(v.string()),
    }),
    v.object({ tag: v.pipe(v.string(), v.regex(/^(fragment|product):[A-Za-z0-9-]+$/, 'A tag is fragment:<id> or product:<id>.')), siteId: v.optional(SITE) }),
    v.object({ siteId: SITE, mode: v.optional(v.picklist(['publish', 'preview']), 'publish'), all: v.literal(true) }),
  ],
  'Purge by { siteId, kind, key }, by { tag } or a whole site with { siteId, all: true }.',
);

const PREVIEW_MAX_HOURS = 24 * 7;

/** A preview token for one site, optionally for one moment, valid for some hours; `path` builds the preview link. */
export const PreviewGrantBody = v.object({
  siteId: SITE,
  previewDateTime: v.optional(ISO_TIME),
  hours: v.optional(
    v.pipe(
      v.number('hours must be a number.'),
      v.integer('hours must be whole.'),
      v.minValue(1),
      v.maxValue(PREVIEW_MAX_HOURS, `A preview token lasts at most ${PREVIEW_MAX_HOURS} hours (a week).`),
    ),
    8,
  ),
  path: v.optional(v.pipe(v.string(), v.maxLength(512), v.regex(/^\/[a-z]{2}-[a-z]{2}(\/|\?|$)/, 'path is a page of the store, like /en-us/stories.'))),
});

/** A named admin token for a marketer or an operator; the name is who holds it, as the audit shows it. */
export const TokenCreateBody = v.object({
  name: v.pipe(
    v.string('name says who holds the token, like ana@cairn.test.'),
    v.trim(),
    v.minLength(2, 'name says who holds the token, like ana@cairn.test.'),
    v.maxLength(100),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    v.regex(/^[^\u0000-\u001f\u007f]+$/, 'name cannot hold control characters.'),
  ),
  role: v.picklist(['marketer', 'operator'], 'role is marketer or operator.'),
});

export const TokenIdParams = v.object({ id: v.pipe(v.string(), v.regex(/^[a-z0-9]{16}$/, 'A token id has 16 lowercase letters and digits.')) });

export const StoreDeviceParams = v.object({ storeId: v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{4}$/, 'A store id looks like US-0001.')) });
export const StoreDeviceIdParams = v.object({ deviceId: v.pipe(v.string(), v.regex(/^sd_[a-z2-9]{12}$/, 'A device id is the id its registration answered.')) });
export const StoreDeviceBody = v.object({
  /** What the store calls the device ("Till 2"), so an operator can tell which one to revoke. */
  label: v.optional(
    v.pipe(v.string('label names the device, like Till 2.'), v.trim(), v.minLength(1), v.maxLength(60, 'label is at most 60 characters.')),
    'Store device',
  ),
});

export const PreviewTokenParams = v.object({
  tokenId: v.pipe(v.string(), v.uuid('A preview token id is the tokenId its grant answered.')),
});

const ISO = v.pipe(v.string(), v.isoTimestamp('A time is an ISO 8601 timestamp with its zone, such as 2026-12-01T00:00:00Z.'));
const MINOR = v.pipe(
  v.number(),
  v.integer('Amounts are whole minor units (cents).'),
  v.minValue(0, 'Value must not be less than 0'),
  v.maxValue(100_000_000, 'Value must not be greater than 100000000'),
);

/** A marketer's promotion (the cart issue): how it stacks is the pricing engine's to say. */
export const PromotionCreateBody = v.pipe(
  v.strictObject({
    id: v.pipe(v.string(), v.regex(/^[A-Z0-9-]{3,60}$/, 'An id is 3 to 60 upper-case letters, digits and -.')),
    siteId: SITE,
    name: v.pipe(v.string(), v.trim(), v.nonEmpty('This field is required'), v.maxLength(80, 'Value must not be longer than 80 characters')),
    level: v.picklist(['PRODUCT', 'ORDER', 'SHIPPING'], 'level is PRODUCT, ORDER or SHIPPING.'),
    discount: v.variant('type', [
      v.strictObject({
        type: v.literal('percent'),
        percent: v.pipe(v.number(), v.integer(), v.minValue(1, 'Value must not be less than 1'), v.maxValue(100, 'Value must not be greater than 100')),
      }),
      v.strictObject({ type: v.literal('amount'), amount: MINOR }),
      v.strictObject({ type: v.literal('free') }),
    ]),
    productIds: v.optional(v.array(v.pipe(v.string(), v.regex(/^[A-Z0-9]{8}$/, 'A product id is 8 upper-case letters and digits.')))),
    productTypes: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z-]{2,30}$/, 'A product type is lower-case letters and -.')))),
    threshold: v.optional(MINOR),
    couponCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9-]{3,32}$/, 'A coupon code is 3 to 32 upper-case letters, digits and -.'))),
    audience: v.optional(v.picklist(['ALL', 'GUEST', 'REGISTERED', 'EMPLOYEE'], 'audience is ALL, GUEST, REGISTERED or EMPLOYEE.'), 'ALL'),
    exclusive: v.optional(v.boolean(), false),
    callout: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(300),
        v.check((text) => text.split('|').length === 3, 'A callout has three parts separated by |: approaching, above threshold, reached.'),
      ),
    ),
    startsAt: ISO,
    endsAt: v.optional(ISO),
    redemptionLimit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    /** The marketing campaign it runs in, which carts name beside it (productPromotions.campaignId). */
    campaignId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9-]{3,60}$/, 'A campaign id is 3 to 60 upper-case letters, digits and -.'))),
  }),
  v.forward(
    v.check((p) => p.endsAt === undefined || Date.parse(p.endsAt) > Date.parse(p.startsAt), 'A promotion ends after it starts.'),
    ['endsAt'],
  ),
);

export const PromotionParams = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Z]{2}-[A-Z0-9-]{3,60}$/, 'A promotion id is its site and its own id: US-TRAIL15.')),
});
export const PromotionListQuery = v.object({ siteId: SITE });

const AMOUNT = v.pipe(
  v.number('An amount is a whole number of minor units (cents).'),
  v.integer('An amount is a whole number of minor units (cents).'),
  v.minValue(1),
  v.maxValue(10_000_000),
);
export const PriceParams = v.object({
  productId: v.pipe(v.string(), v.regex(/^[A-Z0-9]{8}$/, 'A product id is eight letters and digits: KFJVN32N.')),
});
/** A product's price on one site, in its currency's minor units; a sale price below the list price, or none. */
export const PriceChangeBody = v.pipe(
  v.strictObject({ siteId: SITE, listAmount: AMOUNT, saleAmount: v.nullable(AMOUNT) }),
  v.forward(
    v.check((p) => p.saleAmount === null || p.saleAmount < p.listAmount, 'A sale price is below the list price.'),
    ['saleAmount'],
  ),
);

const DAY = v.pipe(
  v.string(),
  v.isoDate('A day is written YYYY-MM-DD, like 2026-09-01.'),
  v.check((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'A day is a real calendar day.'),
);
/** The sign-ups of a site by source (commerce-core §7, the sign-up's source), between two days both included. */
export const AcquisitionQuery = v.pipe(
  v.object({ siteId: SITE, from: v.optional(DAY), to: v.optional(DAY) }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, 'from is on or before to.'),
    ['to'],
  ),
);
