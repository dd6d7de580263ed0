// Social photos (the store services issue, §5; account-content §7 "Social photo service"): the calls' queries
// and bodies, checked the same way on the server and in the share form.

import * as v from 'valibot';
import { LocaleQuery } from './catalog.ts';
import { messages } from './messages.ts';

export const SOCIAL_PAGE_SIZE = 12;
export const SOCIAL_PAGE_MAX = 48;
export const CAPTION_MAX = 300;
export const SCREEN_NAME_MAX = 30;
/** Products a shared photo may show. */
export const SOCIAL_PRODUCTS_MAX = 4;
export const SOCIAL_REPORT_REASONS = ['not-cairn', 'offensive', 'spam', 'personal-data', 'copyright', 'other'] as const;

const integer = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, `${name} must be a whole number from ${min} to ${max}.`),
    v.transform(Number),
    v.minValue(min, `${name} must be a whole number from ${min} to ${max}.`),
    v.maxValue(max, `${name} must be a whole number from ${min} to ${max}.`),
  );

export const SocialPageQuery = v.object({
  page: v.optional(integer('page', 1, 1000), '1'),
  count: v.optional(integer('count', 1, SOCIAL_PAGE_MAX), String(SOCIAL_PAGE_SIZE)),
});

const siteId = v.picklist(['US', 'CA', 'GB', 'FR', 'DE', 'IT'], 'The customer is a site id: US, CA, GB, FR, DE or IT.');
export const CustomerQuery = v.object({ customer: v.optional(siteId) });
export const CustomerParams = v.object({ customerId: siteId });

export const CategoryMediaQuery = v.object({
  category_id: v.pipe(v.string(messages.required), v.regex(/^\d{4,10}$/, 'category_id is a category number.'), v.transform(Number)),
  ...SocialPageQuery.entries,
});

const styleId = v.pipe(v.string(messages.required), v.regex(/^[A-Z0-9]{6}$/, 'A stream id is a master product id: 6 uppercase letters or digits.'));
const productId = v.pipe(v.string(messages.required), v.regex(/^[A-Z0-9]{6,11}$/, 'A product id is 6 to 11 uppercase letters or digits.'));

export const StreamParams = v.object({ streamId: styleId });
export const StreamTagQuery = v.object({ tag_key: productId, ...SocialPageQuery.entries });
export const MediaStreamsQuery = LocaleQuery;
export const MediaParams = v.object({ mediaId: v.pipe(v.string(), v.regex(/^M[A-Za-z0-9-]{6,60}$/, 'Not a media id.')) });
export const UserParams = v.object({ userId: v.pipe(v.string(), v.regex(/^U[a-f0-9-]{36}$/, 'Not a user id.')) });

export const ReportBody = v.object({
  reason: v.picklist(SOCIAL_REPORT_REASONS, `Say why: ${SOCIAL_REPORT_REASONS.join(', ')}.`),
});

export const UserBody = v.object({
  screen_name: v.pipe(
    v.string(messages.required),
    v.trim(),
    v.minLength(2, messages.minLength(2)),
    v.maxLength(SCREEN_NAME_MAX, messages.maxLength(SCREEN_NAME_MAX)),
  ),
});

export const MediaBody = v.object({
  stash_id: v.pipe(v.string(messages.required), v.regex(/^T[a-f0-9-]{36}$/, 'Upload the photo first: stash_id comes from POST /stashes.')),
  caption: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CAPTION_MAX, messages.maxLength(CAPTION_MAX)))),
  /** The products it shows, by any of their ids; each joins its master product's stream. */
  tag_keys: v.pipe(
    v.array(productId, 'tag_keys is a list of product ids.'),
    v.minLength(1, 'Say which product the photo shows.'),
    v.maxLength(SOCIAL_PRODUCTS_MAX, `Tag up to ${SOCIAL_PRODUCTS_MAX} products.`),
  ),
  /** The shopper agrees the photo may be shown on the store (the terms linked from the form). */
  rights: v.literal(true, 'Confirm the photo is yours and may be shown on the store.'),
});
export type MediaInput = v.InferOutput<typeof MediaBody>;

/** The gallery widget's words in the shopper's language, handed from the page to its script. */
export interface GalleryLabels {
  by: string;
  shop: string;
  report: string;
  reason: string;
  send: string;
  reported: string;
  signIn: string;
  close: string;
  /** Each report reason's label. */
  reasons: Record<string, string>;
}
