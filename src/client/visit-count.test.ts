import { describe, expect, it } from 'vitest';
import type { PageState } from '../shared/island.ts';
import { countVisit } from './visit-count.ts';

/** A cookie jar as document.cookie behaves: writes one, reads all. */
function jar(initial: Record<string, string> = {}) {
  const kept = new Map(Object.entries(initial));
  return {
    get cookie() {
      return [...kept].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair = '', ...attributes] = line.split('; ');
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) kept.delete(name);
      else kept.set(name, value);
    },
  };
}
const site = (region: 'NA' | 'EMEA') => ({ site: { region } }) as unknown as Pick<PageState, 'site'>;
const minutes = (n: number) => n * 60_000;

describe('counting visits in the browser', () => {
  it('counts a first page, keeps counting within a visit, and a new visit after 30 minutes', async () => {
    const doc = jar();
    await countVisit(site('NA'), doc, minutes(1_000), true);
    expect(doc.cookie).toBe('visitNumber=1.1000');
    await countVisit(site('NA'), doc, minutes(1_020), true);
    expect(doc.cookie).toBe('visitNumber=1.1020');
    await countVisit(site('NA'), doc, minutes(1_050), true);
    expect(doc.cookie).toBe('visitNumber=2.1050');
  });

  it('in EMEA, counts only with targeting consent and removes the cookie once consent is refused', async () => {
    const refused = encodeURIComponent('groups=C0001:1,C0002:0,C0003:0,C0004:0');
    const doc = jar({ visitNumber: '3.1000', OptanonConsent: refused });
    await countVisit(site('EMEA'), doc, minutes(2_000), true);
    expect(doc.cookie).not.toContain('visitNumber');
    const granted = jar({ OptanonConsent: encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:1') });
    await countVisit(site('EMEA'), granted, minutes(2_000), true);
    expect(granted.cookie).toContain('visitNumber=1.2000');
  });
});
