// What a cancelled or returned unit is worth, and which tenders give it back (pure, so the rules are tested
// on their own). A line's worth is its row total after every discount, shared across its units so that the
// shares of all units add up to the row exactly; where tax is added to prices (the US, Canada) the tax on
// those units comes back with them. Money goes back to the card or wallet first, then to gift and reward
// cards, then as points, then to the athlete allowance: the shopper gets spendable money back soonest.

export interface RefundTotals {
  tax: number;
  taxIncluded: boolean;
  itemTotal: number;
  shipping: number;
}

/** The worth of `taking` units of a line after `before` of its units were taken out already. */
export function unitsRefund(line: { rowTotal: number; qty: number }, before: number, taking: number, totals: RefundTotals): number {
  const goods = (units: number) => Math.floor((line.rowTotal * units) / line.qty);
  const amount = goods(before + taking) - goods(before);
  if (totals.taxIncluded || totals.tax <= 0) return amount;
  const base = totals.itemTotal + totals.shipping;
  if (base <= 0) return amount;
  const tax = (units: number) => Math.floor((totals.tax * goods(units)) / base);
  return amount + tax(before + taking) - tax(before);
}

export interface TenderState {
  paymentNo: number;
  method: string;
  amount: number;
  released: number;
  status: string;
}

const ORDER_OF_RETURN: readonly string[][] = [
  ['CREDIT_CARD', 'PAYPAL', 'KLARNA', 'DW_APPLE_PAY'],
  ['GIFT_CARD', 'REWARD_CODE', 'REWARD_CARD'],
  ['LOYALTY_POINTS'],
  ['ATHLETES_PAYMENT'],
];
const HOLDING = new Set(['authorized', 'captured', 'debited']);

/** Which tenders pay back `amount`, and how much each: never more than a tender has left. */
export function allocateRefund(amount: number, tenders: readonly TenderState[]): { paymentNo: number; amount: number }[] {
  const shares: { paymentNo: number; amount: number }[] = [];
  let owed = amount;
  for (const methods of ORDER_OF_RETURN) {
    for (const tender of tenders) {
      if (owed <= 0) return shares;
      if (!methods.includes(tender.method) || !HOLDING.has(tender.status)) continue;
      const share = Math.min(owed, tender.amount - tender.released);
      if (share <= 0) continue;
      shares.push({ paymentNo: tender.paymentNo, amount: share });
      owed -= share;
    }
  }
  return shares;
}
