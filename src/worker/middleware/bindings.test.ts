import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { missingBindings } from './bindings.ts';

describe('required bindings', () => {
  it('names what is missing', () => {
    expect(missingBindings({ APP_ID: 'x' } as never)).toEqual([
      'DB',
      'CONTENT',
      'MEDIA',
      'COUNTERS',
      'CART',
      'PAGE_PURGE',
      'FLASH_STOCK',
      'MAIL_QUEUE',
      'ORDER_EVENTS',
      'LOOKUP_LIMIT',
      'BRAND',
      'SESSION_SECRET',
      'PUBLIC_ORIGIN',
    ]);
  });
  it('answers a plain GEN500 instead of serving without them', async () => {
    const response = await createApp().request('/api/fapi/server/time', {}, { APP_ID: 'cairn-storefront' });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('Something went wrong on our side. Please try again.');
  });
});
