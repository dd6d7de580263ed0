// Consumers as identity needs them: found by email or number, and the session claims a signed-in
// consumer carries, with the segment tags derived from their profile (account-content §6).

import type { SegmentTag, SessionClaims } from '../../../shared/api/session.ts';

export interface ConsumerRow {
  consumer_no: string;
  email: string;
  password_hash: string;
  consumer_type: string;
  first_name: string | null;
  member_id: string | null;
  identities: string;
  athlete_annual_credit: number | null;
  employee_terms_accepted_at: string | null;
}

const COLUMNS = 'consumer_no, email, password_hash, consumer_type, first_name, member_id, identities, athlete_annual_credit, employee_terms_accepted_at';

export function consumerByEmail(db: D1Database, email: string): Promise<ConsumerRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM consumers WHERE email = ?1`).bind(email).first<ConsumerRow>();
}

export function consumerByNumber(db: D1Database, consumerNo: string): Promise<ConsumerRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL`).bind(consumerNo).first<ConsumerRow>();
}

export function segmentTags(consumer: ConsumerRow): SegmentTag[] {
  let identities: string[] = [];
  try {
    identities = JSON.parse(consumer.identities) as string[];
  } catch {
    identities = [];
  }
  const wranx = identities.includes('WRANX');
  const ipa = identities.includes('IPA');
  const tags: SegmentTag[] = [];
  if (consumer.member_id) tags.push('LoyaltyMember');
  if (wranx) tags.push('Wranx');
  if (ipa) tags.push('Ipa');
  if (wranx || ipa) tags.push('WranxOrIpa');
  if (consumer.athlete_annual_credit !== null) tags.push('Athlete');
  return tags;
}

/** The claims of a signed-in consumer: the guest's usid goes on, with the consumer's lists and the basket to merge. */
export function registeredClaims(
  consumer: ConsumerRow,
  usid: string,
  objects: { basketId?: string; favoriteId?: string; saveForLaterId?: string } = {},
): SessionClaims {
  return {
    usid,
    type: 'registered',
    consumerNo: consumer.consumer_no,
    consumerType: consumer.consumer_type,
    ...(consumer.member_id ? { memberId: consumer.member_id } : {}),
    ...(objects.basketId ? { basketId: objects.basketId } : {}),
    ...(objects.favoriteId ? { favoriteId: objects.favoriteId } : {}),
    ...(objects.saveForLaterId ? { saveForLaterId: objects.saveForLaterId } : {}),
    tags: segmentTags(consumer),
  };
}

/** The claims of the current session, brought up to date with the consumer's roles (after a profile change). */
export function refreshedClaims(claims: SessionClaims, consumer: ConsumerRow): SessionClaims {
  const { memberId: _, ...rest } = claims;
  return {
    ...rest,
    consumerType: consumer.consumer_type,
    ...(consumer.member_id ? { memberId: consumer.member_id } : {}),
    tags: segmentTags(consumer),
  };
}
