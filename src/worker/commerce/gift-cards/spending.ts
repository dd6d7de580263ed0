// Spending a card's balance and giving it back (reward codes and reward cards are stored value in the same
// table, spent the same way). Statements, not calls: they run in the batch that writes the order or its
// refund, where the money is decided, and the table's CHECK (balance >= 0) aborts a batch that overspends.

/** Gives an amount back to a card. */
const CREDIT_CARD_SQL = 'UPDATE gift_cards SET balance = balance + ?1 WHERE id = ?2';

export function spendStatement(db: D1Database, cardId: string, amount: number): D1PreparedStatement {
  return db.prepare('UPDATE gift_cards SET balance = balance - ?1 WHERE id = ?2').bind(amount, cardId);
}

export function creditStatement(db: D1Database, cardId: string, amount: number): D1PreparedStatement {
  return db.prepare(CREDIT_CARD_SQL).bind(amount, cardId);
}
