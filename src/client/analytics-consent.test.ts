import { describe, expect, it } from 'vitest';
import { analyticsAllowed, targetingAllowed } from './analytics-consent.ts';

const emea = { site: { id: 'GB', region: 'EMEA' } } as const;
const na = { site: { id: 'US', region: 'NA' } } as const;
const consent = (groups: string) => `theme=dark; OptanonConsent=${encodeURIComponent(`groups=${groups}`)}`;

describe('analytics in the browser', () => {
  it('runs in EMEA only with C0002, whatever the other categories say', async () => {
    expect(await analyticsAllowed(emea, consent('C0001:1,C0002:1,C0003:0,C0004:0'))).toBe(true);
    expect(await analyticsAllowed(emea, consent('C0001:1,C0002:0,C0003:1,C0004:1'))).toBe(false);
  });
  it('waits in EMEA until the visitor has chosen', async () => {
    expect(await analyticsAllowed(emea, 'theme=dark')).toBe(false);
    expect(await analyticsAllowed(emea, '')).toBe(false);
  });
  it('runs outside EMEA with or without a choice', async () => {
    expect(await analyticsAllowed(na, '')).toBe(true);
    expect(await analyticsAllowed(na, consent('C0001:1,C0002:0'))).toBe(true);
  });
});

describe('telling the decision engine what was seen', () => {
  it('happens in EMEA only with C0004, and anywhere else', async () => {
    expect(await targetingAllowed(emea, consent('C0001:1,C0002:1,C0003:1,C0004:0'))).toBe(false);
    expect(await targetingAllowed(emea, consent('C0001:1,C0002:0,C0003:0,C0004:1'))).toBe(true);
    expect(await targetingAllowed(emea, '')).toBe(false);
    expect(await targetingAllowed(na, '')).toBe(true);
  });
});
