import { describe, expect, it } from 'vitest';
import { formatVisits, nextVisits, parseVisits, VISIT_GAP_MINUTES, visitsIn } from './visits.ts';

describe('the visit number', () => {
  it('starts at one, stays within a visit, and counts the next after 30 minutes away', () => {
    const first = nextVisits(null, 1_000);
    expect(first).toEqual({ count: 1, lastSeen: 1_000 });
    const sameVisit = nextVisits(first, 1_000 + VISIT_GAP_MINUTES - 1);
    expect(sameVisit.count).toBe(1);
    // Each page moves the visit on: 29 minutes after the last page is still the same visit.
    expect(nextVisits(sameVisit, 1_000 + 2 * VISIT_GAP_MINUTES - 2).count).toBe(1);
    expect(nextVisits(sameVisit, sameVisit.lastSeen + VISIT_GAP_MINUTES).count).toBe(2);
  });

  it('reads only its own shape from the Cookie header', () => {
    expect(visitsIn(`a=b; visitNumber=${formatVisits({ count: 3, lastSeen: 29_000_000 })}; c=d`)).toEqual({ count: 3, lastSeen: 29_000_000 });
    for (const value of ['0.5', 'x.1', '3', '-1.2', '1.2.3']) expect(parseVisits(value), value).toBeNull();
    expect(visitsIn('myvisitNumber=4.1')).toBeNull();
  });
});
