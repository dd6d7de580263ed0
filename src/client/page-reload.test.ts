import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, recoveryReload } from './page-reload.ts';

function tab() {
  const kept = new Map<string, string>();
  let reloads = 0;
  const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
  return { at: (now: number) => recoveryReload({ storage, now, reload: () => (reloads += 1) }), reloads: () => reloads };
}

describe('the page-reload guard', () => {
  it('reloads once, refuses again within 10 seconds, and reloads after', () => {
    const t = tab();
    expect(t.at(1_000)).toBe(true);
    expect(t.at(1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(t.reloads()).toBe(1);
    expect(t.at(1_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(t.reloads()).toBe(2);
  });

  it('still reloads when storage refuses, or when the clock went back', () => {
    let reloads = 0;
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(recoveryReload({ storage: refusing, now: 5, reload: () => (reloads += 1) })).toBe(true);
    expect(reloads).toBe(1);
    const t = tab();
    t.at(50_000);
    expect(t.at(10_000)).toBe(true);
  });
});
