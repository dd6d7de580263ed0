import { describe, expect, it } from 'vitest';
import { deliverySortKey, deliveryTransition } from './delivery.ts';

describe('delivery times', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['1-2', 1],
    ['3-5', 3],
    [' 2-4 ', 2],
    ['same day', 0],
    ['Same-Day', 0],
    ['soon', Number.POSITIVE_INFINITY],
  ])('sorts %s as %s', (time, key) => {
    expect(deliverySortKey(time)).toBe(key);
  });

  it('puts the same day first, then by the first number', () => {
    expect(['3-5', '1-2', 'same day', '2'].sort((a, b) => deliverySortKey(a) - deliverySortKey(b))).toEqual(['same day', '1-2', '2', '3-5']);
  });
});

describe('delivery transitions', () => {
  it.each([
    ['BOPIS_SD', 'STH', 'PickupToSthTransition'],
    ['BOPIS_SD', 'BOPIS_STS', 'PickupToStsTransition'],
    ['BOPIS_STS', 'STH', 'StsToSthTransition'],
    ['BOPIS_STS', 'BOPIS_SD', 'StsToPickupTransition'],
    ['STH', 'BOPIS_SD', 'STHToPickupTransition'],
    ['STH', 'STH', null],
    ['digital', 'STH', null],
  ] as const)('%s to %s reports %s', (from, to, notice) => {
    expect(deliveryTransition(from, to)).toBe(notice);
  });
});
