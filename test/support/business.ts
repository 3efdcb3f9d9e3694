// The business data a German sale needs before it is signed (hub/letterhead.ts): a test's fiscal
// control gets it with `fiscal.setBusiness(GERMAN_BUSINESS)`.
export const GERMAN_BUSINESS = {
  name: 'Hotel Zur Linde',
  street: 'Lindenstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DEU',
  vatId: 'DE123456789',
};
