import { describe, expect, it } from 'vitest';
import { applePayAddress, applePayContactProblems, applePayErrorFor, isApplePayValidationUrl } from './apple-pay.ts';

const US = { storeCountry: 'US', supportedCountries: ['US'] };
const full = {
  givenName: 'Ana',
  familyName: 'Ruiz',
  addressLines: ['350 Fifth Avenue', 'Floor 3'],
  locality: 'New York',
  administrativeArea: 'NY',
  postalCode: '10118',
  countryCode: 'us',
  phoneNumber: '(212) 736-3100',
  emailAddress: 'ana@example.com',
};

describe('Apple Pay contacts (commerce-core §5)', () => {
  it('accepts a redacted contact in the store country while the sheet is open, and the full one at payment', () => {
    expect(applePayContactProblems({ countryCode: 'US', locality: 'New York', administrativeArea: 'NY', postalCode: '10118' }, 'shipping', US, false)).toEqual(
      [],
    );
    expect(applePayContactProblems(full, 'shipping', US, true)).toEqual([]);
  });

  it('refuses a delivery outside the store country at the country field', () => {
    expect(applePayContactProblems({ ...full, countryCode: 'CA' }, 'shipping', US, false)).toEqual([
      { code: 'shippingContactInvalid', contactField: 'countryCode', messageKey: 'applePay.countryError' },
    ]);
    // The store country must also be one the site ships to.
    expect(applePayContactProblems(full, 'shipping', { storeCountry: 'US', supportedCountries: ['CA'] }, false)[0]?.contactField).toBe('countryCode');
  });

  it('lets a card be billed from abroad', () => {
    expect(applePayContactProblems({ ...full, countryCode: 'CA' }, 'billing', US, true)).toEqual([]);
  });

  it('allows a city of 50 characters, not 51', () => {
    expect(applePayContactProblems({ ...full, locality: 'A'.repeat(50) }, 'shipping', US, true)).toEqual([]);
    expect(applePayContactProblems({ ...full, locality: 'A'.repeat(51) }, 'shipping', US, true)).toEqual([
      { code: 'shippingContactInvalid', contactField: 'locality', messageKey: 'applePay.cityNameLength' },
    ]);
  });

  it('keeps address text to letters, digits and common punctuation', () => {
    expect(applePayContactProblems({ ...full, addressLines: ["Rue de l'Église 4", 'Apt #2/B'] }, 'shipping', US, true)).toEqual([]);
    expect(applePayContactProblems({ ...full, addressLines: ['<script>'] }, 'shipping', US, true)).toEqual([
      { code: 'shippingContactInvalid', contactField: 'addressLines', messageKey: 'applePay.characters' },
    ]);
  });

  it('requires the address line, postal code and both names at payment', () => {
    const problems = applePayContactProblems({ countryCode: 'US', locality: 'New York' }, 'billing', US, true);
    expect(problems.map((p) => [p.code, p.contactField])).toEqual([
      ['billingContactInvalid', 'addressLines'],
      ['billingContactInvalid', 'postalCode'],
      ['billingContactInvalid', 'name'],
    ]);
  });

  it('writes a contact as the store writes addresses, with the shipping contact filling what the billing one lacks', () => {
    expect(applePayAddress({ ...full, emailAddress: undefined, phoneNumber: undefined }, { email: 'ana@example.com', phone: '2127363100' })).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      countryCode: 'US',
      addressLine1: '350 Fifth Avenue',
      addressLine2: 'Floor 3',
      postalCode: '10118',
      city: 'New York',
      province: 'NY',
      phone: '2127363100',
    });
  });
});

describe('merchant validation URL', () => {
  it.each([
    ['https://apple-pay-gateway.apple.com/paymentservices/startSession', true],
    ['https://apple-pay-gateway-nc-pod5.apple.com/paymentservices/startSession', true],
    ['https://cn-apple-pay-gateway-sh-pod1.apple.com/paymentservices/startSession', true],
    ['https://apple-pay-gateway-cert.apple.com/paymentservices/startSession', true],
    ['http://apple-pay-gateway.apple.com/paymentservices/startSession', false],
    ['https://apple-pay-gateway.apple.com.evil.example/x', false],
    ['https://apple-pay-gateway.apple.com:8443/x', false],
    ['https://169.254.169.254/latest', false],
    ['not a url', false],
  ])('%s is %s', (url, allowed) => expect(isApplePayValidationUrl(url)).toBe(allowed));
});

describe('API refusals on the sheet (commerce-core §8)', () => {
  it('points an invalid address at its field, an unserviceable one at the address, anything else as unknown', () => {
    expect(applePayErrorFor('CHK320', 'postalCode', 'shipping')).toEqual({
      code: 'shippingContactInvalid',
      contactField: 'postalCode',
      messageKey: 'error.addressInvalid',
    });
    expect(applePayErrorFor('BILL410', 'phone', 'billing')).toMatchObject({ code: 'billingContactInvalid', contactField: 'phoneNumber' });
    expect(applePayErrorFor('SHP500', 'addressLine1', 'shipping')).toMatchObject({
      code: 'addressUnserviceable',
      messageKey: 'applePay.shippingMethodListError',
    });
    expect(applePayErrorFor('SHP404', undefined, 'shipping')).toMatchObject({ code: 'addressUnserviceable', messageKey: 'applePay.shippingMethodError' });
    expect(applePayErrorFor('PAY400', undefined, 'shipping')).toEqual({ code: 'unknown', messageKey: 'error.general' });
  });
});
