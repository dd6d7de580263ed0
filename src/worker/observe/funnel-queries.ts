// The Analytics Engine SQL that answers the funnel (README, Business events, quotes each verbatim: the unit
// test beside this file checks it). Locally the same text runs against D1's cairn_events view once
// localDialect has turned Analytics Engine's time bound and sumIf into SQLite's (tests/integration/business-events-funnel.test.ts).

/** How many reached each step, in the last week: add to cart, each checkout step, the order paid. */
export const FUNNEL_BY_STEP = `SELECT blob4 AS step, SUM(_sample_interval) AS reached
FROM cairn_events
WHERE (index1 = 'add_to_cart' OR index1 = 'checkout_step' OR index1 = 'order_placed')
  AND timestamp > NOW() - INTERVAL '7' DAY
GROUP BY step
ORDER BY reached DESC`;

/** Each experiment arm's funnel: visitors first shown it ("exposed"), then each step they reached, and its value. */
export const FUNNEL_BY_VARIANT = `SELECT blob4 AS experience, blob5 AS variant, blob6 AS step,
  SUM(_sample_interval) AS reached, SUM(_sample_interval * double1) AS value
FROM cairn_events
WHERE index1 = 'variant_step' AND timestamp > NOW() - INTERVAL '7' DAY
GROUP BY experience, variant, step
ORDER BY experience, variant, reached DESC`;

/** Conversion per arm: orders paid per visitor exposed, and the revenue (minor units of the orders' currencies). */
export const CONVERSION_BY_VARIANT = `SELECT blob4 AS experience, blob5 AS variant,
  sumIf(_sample_interval, blob6 = 'exposed') AS exposed,
  sumIf(_sample_interval, blob6 = 'order_placed') AS orders,
  sumIf(_sample_interval, blob6 = 'order_placed') / sumIf(_sample_interval, blob6 = 'exposed') AS conversion,
  sumIf(_sample_interval * double1, blob6 = 'order_placed') AS revenue
FROM cairn_events
WHERE index1 = 'variant_step' AND timestamp > NOW() - INTERVAL '14' DAY
GROUP BY experience, variant
ORDER BY experience, variant`;

/** The same query for D1's cairn_events view (migration 0055): SQLite's time arithmetic, and sumIf as a CASE. */
export function localDialect(query: string): string {
  return (
    query
      .replace(/NOW\(\) - INTERVAL '(\d+)' DAY/g, "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-$1 days')")
      .replace(/sumIf\(([^,]+), ([^)]+)\)/g, 'SUM(CASE WHEN $2 THEN $1 ELSE 0 END)')
      // SQLite divides integers as integers; Analytics Engine's / is a real division.
      .replace(/\) \/ SUM\(/g, ') / 1.0 / SUM(')
  );
}
