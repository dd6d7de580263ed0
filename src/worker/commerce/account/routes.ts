// The account area's API (account-content §7, the Consumer table): the address book for now. Every call
// needs a registered session, and another shopper's records answer as unknown.

import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { envelope } from '../../lib/respond.ts';
import { valid } from '../../lib/validate.ts';
import { addAddress, addressOwner, deleteAddress, listAddresses, updateAddress } from './address-book.ts';

const AddressParams = v.object({ addressId: v.pipe(v.string(), v.uuid('addressId is one the address book answered.')) });

export const accountRoutes = new Hono<AppEnv>()
  .get('/consumers-v3/consumer/address', async (c) => {
    const consumerNo = await addressOwner(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { addresses: await listAddresses(c.env.DB, consumerNo) }));
  })
  .post('/consumers-v3/consumer/address', valid('json', v.looseObject({})), async (c) => {
    const consumerNo = await addressOwner(c);
    const saved = await addAddress(c, apiLocale(c, {}), consumerNo, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, saved), 201);
  })
  .put('/consumers-v3/consumer/address/:addressId', valid('param', AddressParams), valid('json', v.looseObject({})), async (c) => {
    const consumerNo = await addressOwner(c);
    const saved = await updateAddress(c, apiLocale(c, {}), consumerNo, c.req.valid('param').addressId, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, saved));
  })
  .delete('/consumers-v3/consumer/address/:addressId', valid('param', AddressParams), async (c) => {
    const consumerNo = await addressOwner(c);
    await deleteAddress(c, consumerNo, c.req.valid('param').addressId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { addresses: await listAddresses(c.env.DB, consumerNo) }));
  });
