// Profiles made at the till (account-content §7, POST /consumers-v3/consumer): a connected associate signs a
// shopper up with the sign-up form's rules, on a device registered to their store. The associate never sets
// or learns a password: the account gets one nobody is told, and the shopper chooses theirs from a link
// mailed to them, valid for a week. The account remembers the store and the employee that opened it.

import type { BuyInStore } from '../../../shared/api/session.ts';
import { signUpSchema } from '../../../shared/schema/sign-up.ts';
import { HttpError } from '../../lib/http-error.ts';
import { randomToken } from '../../lib/secret-tokens.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { passwordLink } from './password-reset.ts';
import { createConsumer, type NewConsumer, sendInStoreWelcome, type WelcomeDeps } from './sign-up.ts';

export const SET_PASSWORD_SECONDS = 7 * 24 * 60 * 60;

export interface InStoreProfileDeps extends WelcomeDeps {
  /** The forgot-password page in the shopper's locale, where the emailed link leads. */
  passwordPageUrl: string;
}

export async function createInStoreProfile(deps: InStoreProfileDeps, associate: BuyInStore, body: Record<string, unknown>, today: Date): Promise<NewConsumer> {
  if (Object.hasOwn(body, 'password'))
    throw new HttpError('API400', undefined, [{ field: 'password', message: 'The shopper chooses their own password from the email we send.' }]);
  // Meets every password rule, and is thrown away: only the emailed link opens the account.
  const unknowable = `${randomToken()}Aa1`;
  const form = parseOrThrow(signUpSchema(deps.siteId, today), { ...body, password: unknowable });
  const created = await createConsumer(deps.db, form, {
    siteId: deps.siteId,
    locale: deps.locale,
    acquisition: { storeId: associate.storeId, employeeId: associate.storeEmployeeId },
  });
  const setPasswordUrl = await passwordLink(deps.db, created.consumerNo, { pageUrl: deps.passwordPageUrl }, SET_PASSWORD_SECONDS);
  await sendInStoreWelcome(deps, form, created, { storeName: associate.storeName, setPasswordUrl });
  return created;
}
