// The admin API's flash sale declaration (PUT /admin/flash-sales/{variantId}, issue 27).

import * as v from 'valibot';

const ISO = v.pipe(v.string(), v.isoTimestamp('A time is an ISO 8601 timestamp with its zone, such as 2026-12-01T09:00:00Z.'));
const whole = (min: number, max: number, what: string) =>
  v.pipe(v.number(), v.integer(`${what} is a whole number.`), v.minValue(min, `${what} is at least ${min}.`), v.maxValue(max, `${what} is at most ${max}.`));

export const FlashSaleParams = v.object({
  variantId: v.pipe(v.string(), v.regex(/^[A-Z0-9]{9,11}$/, 'A variant id is 9 to 11 uppercase letters and digits, such as KFJVN32N095.')),
});

/** Units for sale, the shard objects they are split over, how long an unpaid hold lasts, and when the sale runs. */
export const FlashSaleBody = v.pipe(
  v.strictObject({
    units: whole(1, 1_000_000, 'units'),
    shards: v.optional(whole(1, 32, 'shards'), 4),
    holdMinutes: v.optional(whole(1, 120, 'holdMinutes'), 10),
    startsAt: v.optional(ISO),
    endsAt: v.optional(ISO),
  }),
  v.forward(
    v.check((sale) => !sale.startsAt || !sale.endsAt || Date.parse(sale.endsAt) > Date.parse(sale.startsAt), 'A sale ends after it starts.'),
    ['endsAt'],
  ),
);
export type FlashSaleDeclaration = v.InferOutput<typeof FlashSaleBody>;
