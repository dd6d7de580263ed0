// Klarna's "Pay in 3" (commerce-core §3 KLARNA, §2 buy-now-pay-later dialog): the order split into three
// equal, interest-free payments, the first today and the next two 30 days apart, for an amount within the
// range Klarna sets per currency. What the shopper is shown before they choose it; Klarna's own checks
// happen at its page.

export const PAY_LATER = {
  instalments: 3,
  intervalDays: 30,
  /** Minor units, per currency: Klarna's Pay in 3 range. */
  range: { GBP: { min: 3_000, max: 100_000 }, EUR: { min: 3_500, max: 150_000 } } as Readonly<Record<string, { min: number; max: number }>>,
} as const;

export type PayLaterPlan =
  | { eligible: true; instalments: { due: string; amount: number }[] }
  | { eligible: false; reason: 'currency' | 'below' | 'above'; min?: number; max?: number };

/** Equal payments in minor units, the odd cents on the first; due dates as ISO days from `today`. */
export function payLaterPlan(amount: number, currency: string, today: Date): PayLaterPlan {
  const range = PAY_LATER.range[currency];
  if (!range) return { eligible: false, reason: 'currency' };
  if (amount < range.min) return { eligible: false, reason: 'below', min: range.min, max: range.max };
  if (amount > range.max) return { eligible: false, reason: 'above', min: range.min, max: range.max };
  const share = Math.floor(amount / PAY_LATER.instalments);
  const first = amount - share * (PAY_LATER.instalments - 1);
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return {
    eligible: true,
    instalments: Array.from({ length: PAY_LATER.instalments }, (_, i) => ({
      due: new Date(start + i * PAY_LATER.intervalDays * 86_400_000).toISOString().slice(0, 10),
      amount: i === 0 ? first : share,
    })),
  };
}
