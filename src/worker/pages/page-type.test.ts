import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE_DESCRIPTION, pageType } from './page-type.ts';

describe('pageType (account-content §2)', () => {
  it.each([
    ['/en-us/p/classic-boot-A1B2C3D4', 'product detail'],
    ['/en-us/c/mens-boots-1234', 'category listing'],
    ['/fr-ca/cart', 'cart'],
    ['/en-gb/account/orders', 'account'],
    ['/en-us/search?q=boot', 'search'],
    ['/en-us/searchhub', 'search hub'],
    ['/en-us', 'Home'],
    ['/de-de/', 'Home'],
    ['/en-us/order-confirmation', 'order confirmation'],
    ['/en-us/checkout', 'checkout'],
    ['/en-us/loyalty', 'Other'],
  ])('%s is %s', (path, type) => {
    expect(pageType(path)).toBe(type);
  });
  it('classifies a page whose description says it is not available as an error', () => {
    expect(pageType('/en-us/p/gone-A1B2C3D4', NOT_AVAILABLE_DESCRIPTION)).toBe('Error');
  });
});
