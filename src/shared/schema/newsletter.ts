// The newsletter form (commerce-core §5): a valid email and the privacy policy accepted. The API and the
// form's island read the same rules.

import * as v from 'valibot';
import { messages } from './messages.ts';
import { SignUpEmail } from './sign-up.ts';

export const NewsletterForm = v.object({
  email: SignUpEmail,
  policy: v.pipe(
    v.optional(v.boolean(messages.required), false),
    v.check((accepted) => accepted, messages.required),
  ),
});

export const NewsletterBody = v.object({
  ...NewsletterForm.entries,
  /** enrollment_marketing_source: the form or campaign that asked. */
  source: v.optional(v.pipe(v.string(), v.maxLength(60), v.regex(/^[\w.-]*$/, 'source is letters, digits, - . and _.'))),
});

export const ConfirmSubscriptionBody = v.object({
  token: v.pipe(v.string(messages.required), v.regex(/^[\w-]{43}$/, 'token is the one in the confirmation link.')),
});

export const SmsSubscriptionBody = v.object({ optin: v.boolean(messages.required) });
