// Who the demo hotel is: the name, address and currency its invoices and prices carry. Fixed data,
// like the seed, so documents and price imports are the same on every run. Two demo hotels: the
// Austrian one (the default) and a German one (`DEMO_HOTEL=de`, for the German fiscal law).

export const HOTEL_PROFILES = {
  AT: {
    name: 'Hotel Alpenblick',
    street: 'Dorfstraße 12',
    zip: '6020',
    city: 'Innsbruck',
    country: 'AT',
    vatId: 'ATU12345678',
    /** the only currency the hotel bills and takes prices in */
    currency: 'EUR',
  },
  DE: {
    name: 'Hotel Seeblick',
    street: 'Seestraße 1',
    zip: '82319',
    city: 'Starnberg',
    country: 'DE',
    vatId: 'DE123456789',
    currency: 'EUR',
  },
} as const;

/** Which demo hotel: Austrian (default) or German. */
export type DemoRegion = keyof typeof HOTEL_PROFILES;
export type HotelProfile = (typeof HOTEL_PROFILES)[DemoRegion];

/** The Austrian demo hotel; its currency is every demo hotel's. */
export const HOTEL_PROFILE: HotelProfile = HOTEL_PROFILES.AT;
