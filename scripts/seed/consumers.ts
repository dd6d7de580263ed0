// Demo accounts, one of every role (the README lists them): a registered shopper, a loyalty member, an
// athlete, an employee, a WRANX and an IPA pro-program member. Every one signs in with DEMO_PASSWORD.
// The hashes are computed once (PBKDF2-SHA256, 100,000 iterations, a salt per account) and kept here:
// the seed also runs inside workerd, where hashing would have to be asynchronous.

import { formatPhone } from '../../src/shared/locale/phone.ts';
import type { SeedData, SeedRow } from './tables.ts';

export const DEMO_PASSWORD = 'Cairn-Trail-2026';

export const CONSUMER_TABLE_ORDER = ['consumers', 'subscriptions'] as const;

const CREATED = '2026-03-01T09:00:00.000Z';

interface DemoAccount {
  consumerNo: string;
  email: string;
  hash: string;
  firstName: string;
  lastName: string;
  fields?: Partial<Record<string, string | number | null>>;
}

const ACCOUNTS: DemoAccount[] = [
  {
    consumerNo: 'C1000000001',
    email: 'ana@cairn.test',
    hash: 'pbkdf2-sha256$100000$astA2Vh0QSSnf0fTmbbj7Q$POsfb6E7DXRIPlTtaL5Si4IopKFkM3cTNxD7Wo8LEW8',
    firstName: 'Ana',
    lastName: 'Ridge',
  },
  {
    consumerNo: 'C1000000002',
    email: 'leo.loyalty@cairn.test',
    hash: 'pbkdf2-sha256$100000$JWOogE1is4aghotpf88lfw$uO__4zQmWAfh0Li8h-679hXee3AiTIjMDaIsVoUiwvI',
    firstName: 'Leo',
    lastName: 'Summit',
    fields: { member_id: 'M9000000002', loyalty_opt_in_date: '2026-03-01', loyalty_points: 1250 },
  },
  {
    consumerNo: 'C1000000003',
    email: 'ada.athlete@cairn.test',
    hash: 'pbkdf2-sha256$100000$fS8sQXFDFV8slFLc4PgvNQ$cAf9_Ymo47wGeBK2AdcJr0R_YQPPESft8TT3kGyfgIg',
    firstName: 'Ada',
    lastName: 'Crest',
    fields: { athlete_current_spend: 42000, athlete_annual_credit: 150000 },
  },
  {
    consumerNo: 'C1000000004',
    email: 'eve.employee@cairn.test',
    hash: 'pbkdf2-sha256$100000$faYT39FB1udGMDtPnB93tw$A97Gje-QOZ7OFKJPUSEieHZcPEMF2rphnzkGlcepHiM',
    firstName: 'Eve',
    lastName: 'Cairns',
    fields: { consumer_type: 'EMPLOYEE', employee_current_spend: 18000, employee_annual_cap: 100000 },
  },
  {
    consumerNo: 'C1000000005',
    email: 'will.wranx@cairn.test',
    hash: 'pbkdf2-sha256$100000$MAv7mveJqlxvQwbHrc1Phg$Gg6OmP8xf1rwfgmPJJOkyAd5yw8nJ-r86WWHiJp_lTo',
    firstName: 'Will',
    lastName: 'Scree',
    fields: { identities: '["WRANX"]', prosumer_current_spend: 9000, prosumer_annual_credit: 50000 },
  },
  {
    consumerNo: 'C1000000006',
    email: 'ian.ipa@cairn.test',
    hash: 'pbkdf2-sha256$100000$PpmrcqheE5qgI-fdNJYxTg$lGxq1OZ2JM_I-sBbG9l_MPqyug7_2RlvT139E-Fagig',
    firstName: 'Ian',
    lastName: 'Tarn',
    fields: { identities: '["IPA"]', prosumer_current_spend: 3000, prosumer_annual_credit: 50000 },
  },
];

export function buildConsumers(): SeedData {
  const consumers: SeedRow[] = ACCOUNTS.map((account, i) => ({
    consumer_no: account.consumerNo,
    email: account.email,
    password_hash: account.hash,
    consumer_type: 'REGISTERED',
    site_id: 'US',
    locale: 'en-us',
    first_name: account.firstName,
    last_name: account.lastName,
    // Stored as sign-up stores it: the country's mask (commerce-core §5).
    phone: formatPhone(`20255501${String(i).padStart(2, '0')}`, 'US'),
    phone_code: '+1',
    postal_code: '80302',
    birth_date: `199${i}-0${i + 1}-1${i}`,
    gender: null,
    member_id: null,
    loyalty_opt_in_date: null,
    loyalty_points: 0,
    identities: '[]',
    athlete_current_spend: null,
    athlete_annual_credit: null,
    employee_current_spend: null,
    employee_annual_cap: null,
    prosumer_current_spend: null,
    prosumer_annual_credit: null,
    interests: 'hiking|trail-running',
    preferred_shoe_size: '9.5',
    employee_terms_accepted_at: null,
    // Signed up with the brand's terms and the privacy policy accepted, as every account is.
    terms_accepted_at: CREATED,
    privacy_policy_accepted_at: CREATED,
    created_at: CREATED,
    updated_at: CREATED,
    ...account.fields,
  }));
  const subscriptions: SeedRow[] = [
    { consumer_no: 'C1000000001', type: 'Newsletter', channel: 'email', optin: 1, double_optin: 1, optin_date: CREATED, optout_date: null },
    { consumer_no: 'C1000000002', type: 'Loyalty', channel: 'email', optin: 1, double_optin: 0, optin_date: CREATED, optout_date: null },
    { consumer_no: 'C1000000002', type: 'LoyaltyNewsletter', channel: 'email', optin: 1, double_optin: 1, optin_date: CREATED, optout_date: null },
  ];
  return { consumers, subscriptions };
}
