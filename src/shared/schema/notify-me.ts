// Notify-me (commerce-core §7, PUT /products/v1/notifications): a sold-out variant and where to write.

import * as v from 'valibot';
import { SignUpEmail } from './sign-up.ts';

export const NotifyMeBody = v.object({
  productId: v.pipe(v.string('productId is a variant id.'), v.regex(/^[A-Z0-9]{9,11}$/, 'Choose a size.')),
  email: SignUpEmail,
});
