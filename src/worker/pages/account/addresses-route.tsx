// /{locale}/account/addresses and its plain forms: add, edit, delete, make main. A refusal answers with the
// page again, each message at its field; a success redirects (303) back to the list with a notice. The
// page is the shopper's own: private, never stored; a guest is sent to sign in.

import type { Context } from 'hono';
import { translator } from '../../../shared/i18n/translate.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from '../../commerce/account/address-book.ts';
import type { AppEnv } from '../../env.ts';
import type { ActingShopper } from '../../lib/acting-shopper.ts';
import { depsOf } from '../../lib/http-deps.ts';
import { formRefusal } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { AddressesPage, type AddressesState } from './AddressesPage.tsx';
import { sectionPage, signedInConsumer, signedInShopperOf, signInFirst } from './section-page.tsx';

type Status = 200 | 400 | 401 | 404 | 409;

const listPath = (c: Context<AppEnv>) => `/${c.get('locale').code}/account/addresses`;

async function page(c: Context<AppEnv>, consumerNo: string, extra: Omit<AddressesState, 'addresses'> = {}, status: Status = 200): Promise<Response> {
  const locale = c.get('locale');
  return sectionPage(c, {
    title: translator(locale.lang, locale.tag)('addresses.title'),
    path: '/account/addresses',
    body: <AddressesPage state={{ addresses: await listAddresses(c.env.DB, consumerNo), ...extra }} />,
    status,
  });
}

export async function addressesPage(c: Context<AppEnv>): Promise<Response> {
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return signInFirst(c);
  const notice = new URL(c.req.url).searchParams.get('notice');
  return page(c, consumerNo, { notice: notice === 'saved' || notice === 'deleted' ? notice : undefined });
}

/** The refusal as messages at the form's fields (an address rule names its field), or at the top of the form (anything else). */
function failedWith(c: Context<AppEnv>, error: unknown, addressId: string | null, values: Record<string, string>) {
  const { errors, status } = formRefusal(c, error, { details: 'any' });
  return { failed: { addressId, values, errors }, status: status as Status };
}

async function submit(
  c: Context<AppEnv>,
  addressId: string | null,
  run: (shopper: ActingShopper, fields: Record<string, string>) => Promise<unknown>,
  notice: 'saved' | 'deleted',
) {
  const shopper = signedInShopperOf(c);
  if (!shopper) return signInFirst(c);
  const { fields } = await readForm(c);
  try {
    await run(shopper, fields);
  } catch (error) {
    const { failed, status } = failedWith(c, error, addressId, fields);
    return page(c, shopper.consumerNo, { failed }, status);
  }
  return c.redirect(`${listPath(c)}?notice=${notice}`, 303);
}

const addressOf = (fields: Record<string, string>) => ({
  firstName: fields.firstName ?? '',
  lastName: fields.lastName ?? '',
  addressLine1: fields.addressLine1 ?? '',
  addressLine2: fields.addressLine2 ?? '',
  city: fields.city ?? '',
  postalCode: fields.postalCode ?? '',
  province: fields.province ?? '',
  countryCode: fields.countryCode ?? '',
  phone: fields.phone ?? '',
});

export const addressAdd = (c: Context<AppEnv>) =>
  submit(
    c,
    null,
    (shopper, fields) =>
      addAddress(depsOf(c), c.get('locale'), shopper, {
        ...addressOf(fields),
        approachType: fields.approachType === 'B' ? 'B' : 'S',
        main: fields.main === 'on',
      }),
    'saved',
  );

export const addressEdit = (c: Context<AppEnv>) => {
  const addressId = c.req.param('addressId') ?? '';
  return submit(c, addressId, (shopper, fields) => updateAddress(depsOf(c), c.get('locale'), shopper, addressId, addressOf(fields)), 'saved');
};

export const addressMain = (c: Context<AppEnv>) => {
  const addressId = c.req.param('addressId') ?? '';
  return submit(c, addressId, (shopper) => updateAddress(depsOf(c), c.get('locale'), shopper, addressId, { main: true }), 'saved');
};

export const addressDelete = (c: Context<AppEnv>) => {
  const addressId = c.req.param('addressId') ?? '';
  return submit(c, addressId, (shopper) => deleteAddress(depsOf(c), shopper, addressId), 'deleted');
};
