// Who may open an order without its account (the checkout issue, §3): the buyer's session that placed a
// guest order, or whoever holds the order access token from the confirmation link and email. Kept apart
// from placing: the account's lookups importing placement closed an import cycle through the gift cards.

import { base64url, digestOf, equalBytes } from '../../lib/secret-tokens.ts';

/** The order access token: derived, so every answer about the order (a joiner's too) can carry it. */
export async function orderAccessToken(secret: string, orderNumber: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`order-access:${orderNumber}`))));
}

/** Whether `st` opens this order: compared as digests, in constant time. */
export async function orderAccessAllowed(db: D1Database, orderNumber: string, st: string | undefined): Promise<boolean> {
  if (!st || st.length > 100) return false;
  const row = await db.prepare('SELECT st_hash FROM orders WHERE order_number = ?1').bind(orderNumber).first<{ st_hash: string }>();
  if (!row) return false;
  const encoder = new TextEncoder();
  return equalBytes(encoder.encode(await digestOf(st)), encoder.encode(row.st_hash));
}

/** Whether this session placed the guest order (its confirmation opens without the token). */
export async function sessionPlaced(db: D1Database, orderNumber: string, usid: string | undefined): Promise<boolean> {
  if (!usid) return false;
  return (await db.prepare('SELECT 1 FROM orders WHERE order_number = ?1 AND usid = ?2').bind(orderNumber, usid).first()) !== null;
}

/**
 * A guest order its buyer signs in after (the token call's action=postLogin with orderNo and st): it joins
 * the account when the token opens it, it has no account yet, and it was placed with the account's email,
 * so holding someone else's confirmation link does not move their order. Answers whether it joined.
 */
export async function attachGuestOrder(db: D1Database, consumer: { consumerNo: string; email: string }, orderNumber: string, st: string): Promise<boolean> {
  if (!(await orderAccessAllowed(db, orderNumber, st))) return false;
  const moved = await db
    .prepare('UPDATE orders SET consumer_no = ?1 WHERE order_number = ?2 AND consumer_no IS NULL AND LOWER(email) = LOWER(?3)')
    .bind(consumer.consumerNo, orderNumber, consumer.email)
    .run();
  return moved.meta.changes === 1;
}
