import { describe, expect, it } from 'vitest';
import { ToastQueue } from './queue.ts';

describe('the toast queue', () => {
  it('closes a toast by itself after the delay', () => {
    const queue = new ToastQueue(6000);
    queue.push({ title: 'Cart', message: 'Items merged', kind: 'info' }, 1000);
    expect(queue.running).toBe(true);
    expect(queue.tick(6999)).toBe(false);
    expect(queue.tick(7000)).toBe(true);
    expect(queue.shown).toEqual([]);
    expect(queue.running).toBe(false);
  });

  it('keeps one toast per title: the same title again restarts its time', () => {
    const queue = new ToastQueue(6000);
    queue.push({ title: 'Cart', message: 'first', kind: 'info' }, 0);
    expect(queue.push({ title: 'Cart', message: 'first', kind: 'info' }, 5000)).toBe(false);
    expect(queue.shown).toHaveLength(1);
    expect(queue.tick(6000)).toBe(false);
    expect(queue.tick(11000)).toBe(true);
    queue.push({ title: 'Cart', message: 'a', kind: 'info' }, 0);
    queue.push({ title: 'Favorites', message: 'b', kind: 'success' }, 0);
    expect(queue.shown.map((t) => t.title)).toEqual(['Cart', 'Favorites']);
  });

  it('lets the shopper close one', () => {
    const queue = new ToastQueue(6000);
    queue.push({ title: 'Cart', message: 'a', kind: 'error' }, 0);
    expect(queue.dismiss('Other')).toBe(false);
    expect(queue.dismiss('Cart')).toBe(true);
    expect(queue.running).toBe(false);
  });
});
