import { describe, expect, it } from 'vitest';
import { halfStars } from './Rating.tsx';

describe('halfStars', () => {
  it('rounds a rating to the nearest half star within 0 to 5', () => {
    expect(halfStars(4.3)).toBe('4.5');
    expect(halfStars(4.2)).toBe('4.0');
    expect(halfStars(3.75)).toBe('4.0');
    expect(halfStars(7)).toBe('5.0');
    expect(halfStars(-1)).toBe('0.0');
  });
});
