// Who the demo hotel is: the name, address and currency its invoices and prices carry. Fixed data,
// like the seed, so documents and price imports are the same on every run.

export const HOTEL_PROFILE = {
  name: 'Hotel Alpenblick',
  street: 'Dorfstraße 12',
  zip: '6020',
  city: 'Innsbruck',
  country: 'AT',
  vatId: 'ATU12345678',
  /** the only currency the hotel bills and takes prices in */
  currency: 'EUR',
} as const;
