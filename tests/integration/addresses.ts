// A delivery address the cart journeys share: a real street in Boston, taxed as Massachusetts.

export const MA_ADDRESS = {
  firstName: 'Ana',
  lastName: 'Lee',
  addressLine1: '214 Newbury Street',
  city: 'Boston',
  postalCode: '02116',
  province: 'MA',
  countryCode: 'US',
  phone: '(617) 555-0123',
};
