// What the cart and checkout pages know of a registered shopper: the email they go by, the delivery
// addresses they saved, and whether express checkout (a default address and a saved card) is open to them.

/** Express checkout (commerce-core §4): a default delivery address and a card saved with the shop's payment provider. */
export async function expressCheckoutReady(db: D1Database, consumerNo: string, provider: string): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM consumer_addresses WHERE consumer_no = ?1 AND approach_type = 'S') AND EXISTS (SELECT 1 FROM payment_cards WHERE consumer_no = ?1 AND provider = ?2) AS ready",
    )
    .bind(consumerNo, provider)
    .first<{ ready: number }>();
  return row?.ready === 1;
}

/** The shopper's delivery addresses, the default first, then the most recently changed. */
export async function savedDeliveryAddresses(db: D1Database, consumerNo: string): Promise<{ addressId: string; address: Record<string, string | boolean> }[]> {
  const { results } = await db
    .prepare("SELECT address_id, address FROM consumer_addresses WHERE consumer_no = ?1 AND approach_type = 'S' ORDER BY is_default DESC, updated_at DESC")
    .bind(consumerNo)
    .all<{ address_id: string; address: string }>();
  return results.map((row) => ({ addressId: row.address_id, address: JSON.parse(row.address) }));
}

/** The email the account goes by; null when the account is gone. */
export async function accountEmail(db: D1Database, consumerNo: string): Promise<string | null> {
  const row = await db.prepare('SELECT email FROM consumers WHERE consumer_no = ?1').bind(consumerNo).first<{ email: string }>();
  return row?.email ?? null;
}
