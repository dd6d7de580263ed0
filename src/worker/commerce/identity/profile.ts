// The consumer profile (account-content §3): what a signed-in shopper's account shows, read from D1.
// Spend figures appear only for the roles that have them.

import type { ConsumerProfile } from '../../../shared/schema/profile.ts';
import { addressesQuery, savedAddresses } from '../account/address-book.ts';

export type { ConsumerProfile };

interface ProfileRow {
  consumer_no: string;
  consumer_type: string;
  email: string;
  phone: string | null;
  phone_code: string | null;
  first_name: string | null;
  last_name: string | null;
  postal_code: string | null;
  birth_date: string | null;
  gender: string | null;
  member_id: string | null;
  loyalty_opt_in_date: string | null;
  loyalty_points: number;
  identities: string;
  athlete_current_spend: number | null;
  athlete_annual_credit: number | null;
  employee_current_spend: number | null;
  employee_annual_cap: number | null;
  prosumer_current_spend: number | null;
  prosumer_annual_credit: number | null;
  interests: string | null;
  preferred_shoe_size: string | null;
  employee_terms_accepted_at: string | null;
}

function identities(json: string): { type: string }[] {
  try {
    return (JSON.parse(json) as string[]).map((type) => ({ type }));
  } catch {
    return [];
  }
}

export async function readProfile(db: D1Database, consumerNo: string, options: { includeLoyaltySummary: boolean }): Promise<ConsumerProfile | null> {
  const [profile, subscriptions, addresses] = await db.batch([
    db.prepare('SELECT * FROM consumers WHERE consumer_no = ?1').bind(consumerNo),
    db.prepare('SELECT type, channel, optin, double_optin FROM subscriptions WHERE consumer_no = ?1 ORDER BY type, channel').bind(consumerNo),
    addressesQuery(db, consumerNo),
  ]);
  const row = profile?.results[0] as ProfileRow | undefined;
  if (!row) return null;
  const spend = <K extends string>(current: number | null, limit: number | null, key: K) =>
    current !== null && limit !== null ? ({ currentSpend: current, [key]: limit } as { currentSpend: number } & Record<K, number>) : undefined;
  const athlete = spend(row.athlete_current_spend, row.athlete_annual_credit, 'annualCredit');
  const employee = spend(row.employee_current_spend, row.employee_annual_cap, 'annualCap');
  const prosumer = spend(row.prosumer_current_spend, row.prosumer_annual_credit, 'annualCredit');
  return {
    consumerNo: row.consumer_no,
    consumerType: row.consumer_type,
    consumerDetails: {
      email: row.email,
      phone: row.phone,
      phoneCode: row.phone_code,
      firstName: row.first_name,
      lastName: row.last_name,
      postalCode: row.postal_code,
      birthDate: row.birth_date,
      gender: row.gender,
      // The address book (account-content §3), each address also under the spec's `id`.
      addresses: savedAddresses(addresses?.results ?? []).map((address) => ({ id: address.addressId, ...address })),
      identities: identities(row.identities),
      ...(athlete ? { athlete } : {}),
      ...(employee ? { employee } : {}),
      ...(prosumer ? { prosumer } : {}),
    },
    isLoyaltyMember: row.member_id !== null,
    memberId: row.member_id,
    loyaltyOptInDate: row.loyalty_opt_in_date,
    ...(options.includeLoyaltySummary && row.member_id ? { loyaltySummary: { points: { balance: row.loyalty_points } } } : {}),
    preferences: { interests: row.interests ?? '', preferredShoeSize: row.preferred_shoe_size },
    subscriptions: ((subscriptions?.results ?? []) as { type: string; channel: string; optin: number; double_optin: number }[]).map((s) => ({
      type: s.type,
      channel: s.channel,
      optin: s.optin === 1,
      doubleOptin: s.double_optin === 1,
    })),
    ...(row.consumer_type === 'EMPLOYEE' ? { isEmployeeDiscountTCAccepted: row.employee_terms_accepted_at !== null } : {}),
  };
}

/** Whether an account exists for an email: all the lookup step needs, and all it says. */
export async function accountExists(db: D1Database, email: string): Promise<boolean> {
  const row = await db.prepare('SELECT 1 AS found FROM consumers WHERE email = ?1').bind(email).first<{ found: number }>();
  return row !== null;
}
