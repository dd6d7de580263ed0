import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './header.ts';

describe('debounce (200 ms, at most 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after calls stop for 200 ms', () => {
    const run = vi.fn();
    const debounced = debounce(run);
    debounced();
    vi.advanceTimersByTime(100);
    debounced();
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at least every 500 ms while calls keep coming', () => {
    const run = vi.fn();
    const debounced = debounce(run);
    for (let t = 0; t <= 600; t += 100) {
      debounced();
      vi.advanceTimersByTime(100);
    }
    expect(run).toHaveBeenCalled();
  });
});
