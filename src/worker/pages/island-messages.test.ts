// A React island translates in the browser with the messages the page sends it: a key it uses that is not
// on its list reaches the shopper as the key itself. This reads each React island's code for the keys it names.

import { describe, expect, it } from 'vitest';
import { islandMessageKeys } from './island-messages.ts';

// The tests run inside workerd, without a file system: Vite hands over the islands' sources at build time.
const SOURCES = (import.meta as unknown as { glob: (pattern: string, options: object) => Record<string, string> }).glob('../../client/islands/*/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Keys named whole in t('…') calls; keys built from a template are listed by hand on the island's list. */
function keysUsed(island: string): string[] {
  const code = Object.entries(SOURCES)
    .filter(([path]) => path.includes(`/islands/${island}/`))
    .map(([, source]) => source)
    .join('\n');
  return [...new Set([...code.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1] as string))];
}

describe('React island messages', () => {
  it.each(['checkout'] as const)('%s is sent every key it translates', (island) => {
    const used = keysUsed(island);
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((key) => !islandMessageKeys([island]).includes(key as never))).toEqual([]);
  });
});
