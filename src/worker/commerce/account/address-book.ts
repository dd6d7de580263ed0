// The account's address book (account-content §3 Address, §4 Addresses, §7 consumer/address): delivery
// (S) and billing (B) addresses under the country's rules. The first of a type becomes main; marking one main
// clears the others of its type; deleting the main one hands the flag to the newest left. Another shopper's
// address is unknown (CCA401), the same address twice is CCA400, and every change is audited with its actor.

import * as v from 'valibot';
import { findCountry } from '../../../shared/locale/countries.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { type Address, AddressSchema, phoneCodeOf } from '../../../shared/schema/address.ts';
import type { ActingShopper } from '../../lib/acting-shopper.ts';
import { shopperAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { guardedBatch, writeGuard } from '../../lib/write-guard.ts';
import { checkDeliveryAddress, parseAddress } from '../cart/addresses.ts';

export type ApproachType = 'S' | 'B';

/** More than a shopper keeps; past it, an old one goes first (the limit is ours: the spec leaves it open). */
export const ADDRESS_BOOK_MAX = 20;

export interface SavedAddress extends Address {
  addressId: string;
  approachType: ApproachType;
  main: boolean;
}

interface Row {
  address_id: string;
  address: string;
  approach_type: ApproachType;
  is_default: number;
}

function toSaved(row: Row): SavedAddress {
  const address = JSON.parse(row.address) as Address;
  return {
    ...address,
    // Kept before addresses named their dial code and a recipient's phone.
    phoneCode: address.phoneCode ?? (address.phone ? phoneCodeOf(address.countryCode) : ''),
    recipientContactPhone: address.recipientContactPhone ?? '',
    addressId: row.address_id,
    approachType: row.approach_type,
    main: row.is_default === 1,
  };
}

/** A consumer's addresses, shipping ones first, each type's main one first, then the newest. */
export function addressesQuery(db: D1Database, consumerNo: string): D1PreparedStatement {
  return db
    .prepare(
      'SELECT address_id, address, approach_type, is_default FROM consumer_addresses WHERE consumer_no = ?1 ORDER BY approach_type DESC, is_default DESC, created_at DESC',
    )
    .bind(consumerNo);
}

export const savedAddresses = (rows: unknown[]): SavedAddress[] => (rows as Row[]).map(toSaved);

export async function listAddresses(db: D1Database, consumerNo: string): Promise<SavedAddress[]> {
  return savedAddresses((await addressesQuery(db, consumerNo).all<Row>()).results);
}

const Meta = v.object({
  approachType: v.optional(v.picklist(['S', 'B'], 'approachType is S (shipping) or B (billing).'), 'S'),
  main: v.optional(v.boolean('main is true or false.')),
});

/** The registered shopper, with their profile there ('Profile not loaded' otherwise). */
export async function addressOwner(db: D1Database, shopper: ActingShopper): Promise<ActingShopper> {
  const exists = await db.prepare('SELECT 1 FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL').bind(shopper.consumerNo).first();
  if (!exists) throw new HttpError('PRO404', 'Profile not loaded');
  return shopper;
}

/** An address under its country's rules: a delivery address also where the site delivers, with a phone, no PO box. */
function checked(locale: Locale, input: unknown, approachType: ApproachType): Address {
  const address = parseAddress(AddressSchema, input);
  if (approachType === 'S') checkDeliveryAddress(locale, address);
  else if (!findCountry(address.countryCode)) {
    throw new HttpError('CHK380', undefined, [{ field: 'countryCode', message: 'Choose a country from the list.' }]);
  }
  return address;
}

/** Two addresses are the same when a carrier would find the same door for the same person. */
function sameAddress(a: Address, b: Address): boolean {
  const key = (x: Address) =>
    [x.firstName, x.lastName, x.addressLine1, x.addressLine2, x.city, x.postalCode, x.province, x.countryCode]
      .map((part) => part.trim().toLowerCase())
      .join('|');
  return key(a) === key(b);
}

function refuseDuplicate(existing: SavedAddress[], address: Address, approachType: ApproachType, except?: string): void {
  if (existing.some((saved) => saved.approachType === approachType && saved.addressId !== except && sameAddress(saved, address))) {
    throw new HttpError('CCA400', undefined, [{ field: 'addressLine1', message: 'This address is already in your address book.' }]);
  }
}

function known(existing: SavedAddress[], addressId: string): SavedAddress {
  const saved = existing.find((a) => a.addressId === addressId);
  // Someone else's address answers as an unknown one: nothing says it exists.
  if (!saved) throw new HttpError('CCA401');
  return saved;
}

export async function addAddress(deps: ServiceDeps, locale: Locale, shopper: ActingShopper, input: unknown): Promise<SavedAddress> {
  const { consumerNo } = shopper;
  const meta = parseOrThrow(Meta, pick(input));
  const address = checked(locale, input, meta.approachType);
  const existing = await listAddresses(deps.env.DB, consumerNo);
  refuseDuplicate(existing, address, meta.approachType);
  if (existing.length >= ADDRESS_BOOK_MAX) {
    throw new HttpError('API409', `Your address book holds ${ADDRESS_BOOK_MAX} addresses: remove one to add another.`);
  }
  const addressId = crypto.randomUUID();
  const now = new Date().toISOString();
  const db = deps.env.DB;
  // Whether it is the first of its type is decided inside the batch, so two adds at once make one main.
  await db.batch([
    ...(meta.main
      ? [db.prepare('UPDATE consumer_addresses SET is_default = 0 WHERE consumer_no = ?1 AND approach_type = ?2').bind(consumerNo, meta.approachType)]
      : []),
    db
      .prepare(
        `INSERT INTO consumer_addresses (address_id, consumer_no, address, is_default, approach_type, created_at, updated_at)
         VALUES (?1, ?2, ?3, CASE WHEN ?4 = 1 OR NOT EXISTS (SELECT 1 FROM consumer_addresses WHERE consumer_no = ?2 AND approach_type = ?5) THEN 1 ELSE 0 END, ?5, ?6, ?6)`,
      )
      .bind(addressId, consumerNo, JSON.stringify(address), meta.main ? 1 : 0, meta.approachType, now),
    shopperAudit(deps.env.DB, deps.correlationId, shopper, 'address.add', { addressId, approachType: meta.approachType }),
  ]);
  const saved = await db.prepare('SELECT is_default FROM consumer_addresses WHERE address_id = ?1').bind(addressId).first<{ is_default: number }>();
  return { ...address, addressId, approachType: meta.approachType, main: saved?.is_default === 1 };
}

export async function updateAddress(deps: ServiceDeps, locale: Locale, shopper: ActingShopper, addressId: string, input: unknown): Promise<SavedAddress> {
  const { consumerNo } = shopper;
  const existing = await listAddresses(deps.env.DB, consumerNo);
  const current = known(existing, addressId);
  const meta = parseOrThrow(Meta, { approachType: current.approachType, ...pick(input) });
  const fields = hasAddressFields(input) ? input : { ...current, ...(input as object) };
  const address = checked(locale, fields, meta.approachType);
  refuseDuplicate(existing, address, meta.approachType, addressId);
  const others = existing.filter((a) => a.approachType === meta.approachType && a.addressId !== addressId);
  // Still main unless the shopper said otherwise and another of its type can take the flag.
  const main = meta.main === true || others.length === 0 || (meta.main === undefined && current.main && current.approachType === meta.approachType);
  const db = deps.env.DB;
  const now = new Date().toISOString();
  await db.batch([
    ...(main
      ? [db.prepare('UPDATE consumer_addresses SET is_default = 0 WHERE consumer_no = ?1 AND approach_type = ?2').bind(consumerNo, meta.approachType)]
      : []),
    db
      .prepare('UPDATE consumer_addresses SET address = ?3, approach_type = ?4, is_default = ?5, updated_at = ?6 WHERE address_id = ?1 AND consumer_no = ?2')
      .bind(addressId, consumerNo, JSON.stringify(address), meta.approachType, main ? 1 : 0, now),
    ...(!main && current.main ? promoteNewest(db, consumerNo, current.approachType, addressId) : []),
    shopperAudit(deps.env.DB, deps.correlationId, shopper, 'address.update', { addressId, approachType: meta.approachType, main }),
  ]);
  return { ...address, addressId, approachType: meta.approachType, main };
}

export async function deleteAddress(deps: ServiceDeps, shopper: ActingShopper, addressId: string): Promise<void> {
  const { consumerNo } = shopper;
  const existing = await listAddresses(deps.env.DB, consumerNo);
  const current = known(existing, addressId);
  const db = deps.env.DB;
  // Removed from another device since it was read: its main flag was handed on then, so nothing is done twice.
  // The catalogue names the billing case (PRO414); a delivery address is simply unknown now (CCA401).
  await guardedBatch(
    db,
    writeGuard(db, 'EXISTS (SELECT 1 FROM consumer_addresses WHERE address_id = ?1 AND consumer_no = ?2)', addressId, consumerNo),
    [
      db.prepare('DELETE FROM consumer_addresses WHERE address_id = ?1 AND consumer_no = ?2').bind(addressId, consumerNo),
      ...(current.main ? promoteNewest(db, consumerNo, current.approachType, addressId) : []),
      shopperAudit(deps.env.DB, deps.correlationId, shopper, 'address.delete', { addressId, approachType: current.approachType }),
    ],
    () => new HttpError(current.approachType === 'B' ? 'PRO414' : 'CCA401'),
  );
}

/** The main flag to the newest other address of the type, so a type with addresses always has a main one. */
function promoteNewest(db: D1Database, consumerNo: string, approachType: ApproachType, except: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE consumer_addresses SET is_default = 1 WHERE address_id = (
           SELECT address_id FROM consumer_addresses WHERE consumer_no = ?1 AND approach_type = ?2 AND address_id <> ?3 ORDER BY updated_at DESC, created_at DESC LIMIT 1)`,
      )
      .bind(consumerNo, approachType, except),
  ];
}

function pick(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object') return {};
  const { approachType, main } = input as Record<string, unknown>;
  return { ...(approachType !== undefined ? { approachType } : {}), ...(main !== undefined ? { main } : {}) };
}

/** A PUT with address fields replaces the address; one with only approachType or main keeps it. */
function hasAddressFields(input: unknown): boolean {
  return Boolean(input && typeof input === 'object' && ('addressLine1' in input || 'countryCode' in input));
}
