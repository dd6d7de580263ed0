// The README quotes the funnel's SQL as it is run: each query here must appear there verbatim.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONVERSION_BY_VARIANT, FUNNEL_BY_STEP, FUNNEL_BY_VARIANT, localDialect } from './funnel-queries.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the funnel queries', () => {
  it.each([
    ['by step', FUNNEL_BY_STEP],
    ['by variant', FUNNEL_BY_VARIANT],
    ['conversion by variant', CONVERSION_BY_VARIANT],
  ])('are in the README as they run (%s)', (_, query) => {
    expect(readme).toContain(`\`\`\`sql\n${query}\n\`\`\``);
  });

  it('turn into SQLite for the local table: its time bound, sumIf as a sum of cases, a real division', () => {
    const local = localDialect(CONVERSION_BY_VARIANT);
    expect(local).toContain("timestamp > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-14 days')");
    expect(local).toContain("SUM(CASE WHEN blob6 = 'order_placed' THEN _sample_interval * double1 ELSE 0 END) AS revenue");
    expect(local).toContain(") / 1.0 / SUM(CASE WHEN blob6 = 'exposed'");
    expect(local).not.toMatch(/sumIf|INTERVAL/);
  });
});
