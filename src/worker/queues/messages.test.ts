import { describe, expect, it } from 'vitest';
import { retryBaseSeconds, retryDelaySeconds } from './deliveries.ts';
import { identify, queueRole } from './messages.ts';

describe('the queues', () => {
  it('are told apart by name, with or without an environment suffix', () => {
    expect(['cairn-mail', 'cairn-order-events-staging', 'cairn-dead-letters', 'cairn-mailbox', 'other'].map(queueRole)).toEqual([
      'mail',
      'orderEvents',
      'deadLetters',
      null,
      null,
    ]);
  });

  it('claim a message by what it is, and know none the store did not write', () => {
    const email = { kind: 'welcome', to: 'a@example.com', subject: 'Hi', text: 'Hello' };
    expect(identify({ type: 'mail', id: 'm1', email })).toEqual({ key: 'mail:m1', queue: 'mail', type: 'mail', recipient: 'a@example.com' });
    expect(identify({ type: 'mail', id: 'm2', parcel: { to: 'b@example.com', kind: 'data-export' } })?.recipient).toBe('b@example.com');
    expect(identify({ type: 'order.paid', orderNumber: 'CR123456789' })).toMatchObject({ key: 'order.paid:CR123456789', queue: 'order-events' });
    for (const body of [null, 'text', { type: 'mail', id: 'm3' }, { type: 'mail', email }, { type: 'order.paid' }, { type: 'refund' }])
      expect(identify(body)).toBeNull();
  });

  it('wait longer after each failure, up to an hour, from a base the configuration may change', () => {
    expect([1, 2, 3, 4, 5, 9].map((attempts) => retryDelaySeconds(attempts))).toEqual([10, 30, 90, 270, 810, 3600]);
    expect(retryDelaySeconds(3, 0)).toBe(0);
    expect([undefined, '', '0', '2', 'soon', '-1'].map(retryBaseSeconds)).toEqual([10, 10, 0, 2, 10, 10]);
  });
});
