// The Apple Pay contacts the integration tests and the browser's stand-in sheet both hand over: a shopper in
// New York as the sheet first reports them (redacted), then in full when they pay, billed in Boston.

export const NEW_YORK = {
  sheetContact: { countryCode: 'US', administrativeArea: 'NY', locality: 'New York', postalCode: '10118' },
  shippingContact: {
    givenName: 'Noor',
    familyName: 'Haddad',
    emailAddress: 'noor@example.com',
    phoneNumber: '(212) 736-3100',
    addressLines: ['350 Fifth Avenue'],
    locality: 'New York',
    administrativeArea: 'NY',
    postalCode: '10118',
    countryCode: 'US',
  },
  billingContact: {
    givenName: 'Noor',
    familyName: 'Haddad',
    addressLines: ['1 Main Street'],
    locality: 'Boston',
    administrativeArea: 'MA',
    postalCode: '02108',
    countryCode: 'US',
  },
};
