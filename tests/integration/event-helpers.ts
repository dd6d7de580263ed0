// The seeded event the registration tests register for, and a registration for it.

import type { Registration } from '../../src/worker/commerce/events/registration.ts';

export const EVENT = 'trail-day-2027';

/** Ana's registration for both days of the event, with `extra` over it. */
export const registration = (email: string, extra: Partial<Registration> = {}): Registration => ({
  email,
  eventId: EVENT,
  firstName: 'Ana',
  lastName: 'Lima',
  attendingDays: '2027-05-15,2027-05-16',
  plusOne: '',
  eventTermsAccepted: true,
  registrationTimestamp: new Date().toISOString(),
  ...extra,
});
