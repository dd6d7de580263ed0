// Contact and warranty (the store services issue, §3; account-content §7 contactus): the categories and
// subjects a message is filed under, and what the contact form and a warranty claim must carry.

import * as v from 'valibot';
import { messages } from './messages.ts';
import { DEFAULT_DATE, NameSchema, SignUpEmail } from './sign-up.ts';

export const CONTACT_CATEGORIES = {
  orders: ['where-is-my-order', 'change-order', 'cancel-order', 'missing-item'],
  returns: ['start-return', 'refund-status', 'exchange'],
  products: ['sizing', 'product-care', 'availability'],
  account: ['sign-in', 'personal-data', 'loyalty'],
  warranty: ['defect', 'repair'],
  other: ['feedback', 'other'],
} as const;
export type ContactCategory = keyof typeof CONTACT_CATEGORIES;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

const text = (min: number, max: number) =>
  v.pipe(v.string(messages.required), v.trim(), v.minLength(min, messages.minLength(min)), v.maxLength(max, messages.maxLength(max)));

const ORDER_NUMBER = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || /^CR\d{9}$/.test(s), 'An order number is CR followed by nine digits.'),
  ),
);

export const ContactBody = v.pipe(
  v.object({
    category: v.picklist(Object.keys(CONTACT_CATEGORIES) as [ContactCategory, ...ContactCategory[]], 'Choose what your message is about.'),
    subject: v.string('Choose a subject.'),
    firstName: NameSchema,
    lastName: NameSchema,
    email: SignUpEmail,
    phone: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, messages.maxLength(20)), v.regex(/^[+\d\s().-]*$/, 'Phone number is not valid.'))),
    orderNumber: ORDER_NUMBER,
    message: text(CONTACT_MESSAGE_MIN, CONTACT_MESSAGE_MAX),
    /** The bot check's token (Turnstile's cf-turnstile-response). */
    botToken: v.optional(v.string()),
  }),
  v.forward(
    v.check((body) => (CONTACT_CATEGORIES[body.category] as readonly string[]).includes(body.subject), 'Choose a subject of this category.'),
    ['subject'],
  ),
);
export type ContactInput = v.InferOutput<typeof ContactBody>;

export const WarrantyClaim = v.object({
  /** A line of one of the shopper's orders ("CR123456789:1"), or a product id when it was bought elsewhere. */
  orderLine: v.optional(v.pipe(v.string(), v.regex(/^CR\d{9}:\d{1,3}$/, 'Choose one of your orders’ items.'))),
  productId: v.optional(v.pipe(v.string(), v.regex(/^[A-Z0-9]{6,11}$/, 'Product id must be 6 to 11 uppercase letters or digits.'))),
  description: text(20, CONTACT_MESSAGE_MAX),
  purchaseDate: v.optional(
    v.pipe(
      v.string(),
      v.isoDate('The purchase date is a date (YYYY-MM-DD).'),
      v.check((value) => value >= DEFAULT_DATE, 'Date should be after 1900.'),
    ),
  ),
});
export type WarrantyInput = v.InferOutput<typeof WarrantyClaim>;
