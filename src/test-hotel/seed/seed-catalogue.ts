// Demo catalogue of the test hotel "Hotel Alpenblick" in Innsbruck: Austrian tax classes (20 %
// drinks and services, 10 % food and lodging, 13 % entry to baths (the sauna day pass), 0 % the
// Tyrolean city tax and vouchers), Austrian booking accounts (EKR class 4), commodity groups, about 60 products with article numbers and some EANs, rates with optional products,
// invoice templates, payment methods, room categories and 40 rooms. Pure data: fixed ids, prices in
// cents, nothing derived from the clock, so every seed produces the same rows.

export const TAX_CLASSES = [
  { id: 1, name: 'USt 20 %', basisPoints: 2000 },
  { id: 2, name: 'USt 10 %', basisPoints: 1000 },
  { id: 3, name: 'Steuerfrei 0 %', basisPoints: 0 },
  { id: 4, name: 'USt 13 %', basisPoints: 1300 },
] as const;

/** The German demo hotel's tax classes under the same ids: 19 % drinks and services (and the
 * sauna, class 4), 7 % food and lodging, 0 % city tax and vouchers. */
export const GERMAN_TAX_CLASSES = [
  { id: 1, name: 'USt 19 %', basisPoints: 1900 },
  { id: 2, name: 'USt 7 %', basisPoints: 700 },
  { id: 3, name: 'Steuerfrei 0 %', basisPoints: 0 },
  { id: 4, name: 'USt 19 % (Wellness)', basisPoints: 1900 },
] as const;

export const BOOKING_ACCOUNTS = [
  { id: 1, number: '4000', name: 'Erlöse 20 % USt', taxClassId: 1 },
  { id: 2, number: '4010', name: 'Erlöse 10 % USt', taxClassId: 2 },
  { id: 3, number: '4020', name: 'Erlöse Beherbergung 10 % USt', taxClassId: 2 },
  { id: 4, number: '4090', name: 'Erlöse steuerfrei', taxClassId: 3 },
  { id: 5, number: '3590', name: 'Durchlaufende Posten (Aufenthaltsabgabe)', taxClassId: null },
  { id: 6, number: '4030', name: 'Erlöse 13 % USt', taxClassId: 4 },
] as const;

/** The German demo hotel's revenue accounts (SKR 03 style numbers), same ids and tax classes. */
export const GERMAN_BOOKING_ACCOUNTS = [
  { id: 1, number: '8400', name: 'Erlöse 19 % USt', taxClassId: 1 },
  { id: 2, number: '8300', name: 'Erlöse 7 % USt', taxClassId: 2 },
  { id: 3, number: '8310', name: 'Erlöse Beherbergung 7 % USt', taxClassId: 2 },
  { id: 4, number: '8100', name: 'Erlöse steuerfrei', taxClassId: 3 },
  { id: 5, number: '1590', name: 'Durchlaufende Posten (Kurtaxe)', taxClassId: null },
  { id: 6, number: '8410', name: 'Erlöse Wellness 19 % USt', taxClassId: 4 },
] as const;

export const COMMODITY_GROUPS = [
  { id: 1, name: 'Bar' },
  { id: 2, name: 'Minibar' },
  { id: 3, name: 'Küche / Kitchen' },
  { id: 4, name: 'Spa' },
  { id: 5, name: 'Service' },
  { id: 6, name: 'Logis' },
] as const;

/** EAN-13 from 12 digits plus the computed check digit. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, digit, i) => acc + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

interface ProductSeed {
  number: string;
  name: string;
  cents: number;
  group: number;
  tax: 1 | 2 | 3 | 4;
  ean?: boolean;
  openPrice?: boolean;
  /** false: exists in the PMS but is not released for the interface */
  api?: boolean;
}

// biome-ignore format: one product per line reads like a price list
const PRODUCT_SEEDS: readonly ProductSeed[] = [
  { number: 'B-100', name: 'Pils 0,3 l', cents: 420, group: 1, tax: 1, ean: true },
  { number: 'B-101', name: 'Weißbier 0,5 l', cents: 520, group: 1, tax: 1, ean: true },
  { number: 'B-102', name: 'Helles 0,5 l', cents: 490, group: 1, tax: 1 },
  { number: 'B-103', name: 'Alkoholfreies Bier 0,33 l', cents: 420, group: 1, tax: 1, ean: true },
  { number: 'B-110', name: 'Grauburgunder 0,2 l', cents: 750, group: 1, tax: 1 },
  { number: 'B-111', name: 'Riesling 0,2 l', cents: 690, group: 1, tax: 1 },
  { number: 'B-112', name: 'Grüner Veltliner 0,2 l', cents: 720, group: 1, tax: 1 },
  { number: 'B-113', name: 'Blaufränkisch 0,2 l', cents: 780, group: 1, tax: 1 },
  { number: 'B-114', name: 'Sekt 0,1 l', cents: 650, group: 1, tax: 1 },
  { number: 'B-115', name: 'Champagner 0,75 l', cents: 8900, group: 1, tax: 1 },
  { number: 'B-120', name: 'Aperol Spritz', cents: 850, group: 1, tax: 1 },
  { number: 'B-121', name: 'Hugo', cents: 790, group: 1, tax: 1 },
  { number: 'B-122', name: 'Gin Tonic', cents: 1050, group: 1, tax: 1 },
  { number: 'B-123', name: 'Moscow Mule', cents: 1050, group: 1, tax: 1 },
  { number: 'B-130', name: 'Espresso', cents: 280, group: 1, tax: 1 },
  { number: 'B-131', name: 'Cappuccino', cents: 390, group: 1, tax: 1 },
  { number: 'B-132', name: 'Latte Macchiato', cents: 420, group: 1, tax: 1 },
  { number: 'B-133', name: 'Tee, Kännchen', cents: 380, group: 1, tax: 1 },
  { number: 'B-140', name: 'Mineralwasser 0,25 l', cents: 290, group: 1, tax: 1, ean: true },
  { number: 'B-141', name: 'Apfelschorle 0,4 l', cents: 410, group: 1, tax: 1 },
  { number: 'B-142', name: 'Cola 0,33 l', cents: 360, group: 1, tax: 1, ean: true },
  { number: 'B-143', name: 'Orangensaft frisch gepresst 0,2 l', cents: 480, group: 1, tax: 1 },
  { number: 'B-190', name: 'Hausaperitif (intern)', cents: 0, group: 1, tax: 1, api: false },
  { number: 'M-200', name: 'Minibar Mineralwasser 0,5 l', cents: 350, group: 2, tax: 1, ean: true },
  { number: 'M-201', name: 'Minibar Cola 0,33 l', cents: 350, group: 2, tax: 1, ean: true },
  { number: 'M-202', name: 'Minibar Bier 0,33 l', cents: 450, group: 2, tax: 1, ean: true },
  { number: 'M-203', name: 'Minibar Piccolo Sekt 0,2 l', cents: 950, group: 2, tax: 1, ean: true },
  { number: 'M-204', name: 'Minibar Erdnüsse', cents: 400, group: 2, tax: 2, ean: true },
  { number: 'M-205', name: 'Minibar Schokolade', cents: 350, group: 2, tax: 2, ean: true },
  { number: 'M-206', name: 'Minibar Gummibärchen', cents: 300, group: 2, tax: 2, ean: true },
  { number: 'M-207', name: 'Minibar Orangensaft 0,2 l', cents: 380, group: 2, tax: 1, ean: true },
  { number: 'M-208', name: 'Minibar Weißwein 0,25 l', cents: 900, group: 2, tax: 1, ean: true },
  { number: 'M-209', name: 'Minibar Kartoffelchips', cents: 400, group: 2, tax: 2, ean: true },
  { number: 'K-300', name: 'Wiener Schnitzel mit Kartoffelsalat', cents: 2450, group: 3, tax: 2 },
  { number: 'K-301', name: 'Käsespätzle', cents: 1690, group: 3, tax: 2 },
  { number: 'K-302', name: 'Kaiserschmarrn', cents: 1250, group: 3, tax: 2 },
  { number: 'K-303', name: 'Club Sandwich', cents: 1550, group: 3, tax: 2 },
  { number: 'K-304', name: 'Caesar Salad', cents: 1420, group: 3, tax: 2 },
  { number: 'K-305', name: 'Tagessuppe / Soup of the day', cents: 750, group: 3, tax: 2 },
  { number: 'K-306', name: 'Apfelstrudel mit Vanillesauce', cents: 890, group: 3, tax: 2 },
  { number: 'K-307', name: 'Frühstücksbuffet / Breakfast', cents: 2200, group: 3, tax: 2 },
  { number: 'K-308', name: 'Brezel mit Obazda', cents: 680, group: 3, tax: 2 },
  { number: 'K-309', name: 'Kinderteller', cents: 950, group: 3, tax: 2 },
  { number: 'K-310', name: 'Burger "Alpenblick"', cents: 1950, group: 3, tax: 2 },
  { number: 'K-390', name: 'Personalessen', cents: 450, group: 3, tax: 2, api: false },
  { number: 'S-400', name: 'Sauna Tageskarte / Sauna day pass', cents: 1800, group: 4, tax: 4 },
  { number: 'S-401', name: 'Klassische Massage 50 min', cents: 7900, group: 4, tax: 1 },
  { number: 'S-402', name: 'Hot-Stone-Massage 80 min', cents: 11900, group: 4, tax: 1 },
  { number: 'S-403', name: 'Gesichtsbehandlung / Facial', cents: 6900, group: 4, tax: 1 },
  { number: 'S-404', name: 'Bademantel Verleih / Bathrobe rental', cents: 800, group: 4, tax: 1 },
  { number: 'S-405', name: 'Bademantel Kauf / Bathrobe', cents: 5900, group: 4, tax: 1, ean: true },
  { number: 'V-500', name: 'Ladestation / Charging station', cents: 0, group: 5, tax: 1, openPrice: true },
  { number: 'V-501', name: 'Tiefgarage pro Tag / Parking per day', cents: 1800, group: 5, tax: 1 },
  { number: 'V-502', name: 'Wäscheservice pro Teil / Laundry per item', cents: 650, group: 5, tax: 1 },
  { number: 'V-503', name: 'Hund pro Nacht / Dog per night', cents: 1500, group: 5, tax: 1 },
  { number: 'V-504', name: 'Late Check-out', cents: 3000, group: 5, tax: 2 },
  { number: 'V-505', name: 'Fahrradverleih pro Tag / Bike rental', cents: 1500, group: 5, tax: 1 },
  { number: 'V-506', name: 'Aufenthaltsabgabe pro Person und Nacht / City tax', cents: 350, group: 5, tax: 3 },
  { number: 'V-507', name: 'Flughafentransfer / Airport transfer', cents: 6500, group: 5, tax: 1 },
  { number: 'V-508', name: 'Room-Service-Zuschlag', cents: 500, group: 5, tax: 2 },
  { number: 'V-590', name: 'Gutschein / Voucher', cents: 0, group: 5, tax: 3, openPrice: true, api: false },
  { number: 'L-600', name: 'Logis Einzelzimmer', cents: 8900, group: 6, tax: 2, api: false },
  { number: 'L-601', name: 'Logis Doppelzimmer Komfort', cents: 12900, group: 6, tax: 2, api: false },
  { number: 'L-602', name: 'Logis Superior', cents: 15900, group: 6, tax: 2, api: false },
  { number: 'L-603', name: 'Logis Junior Suite', cents: 21900, group: 6, tax: 2, api: false },
];

export interface SeedProduct extends Required<Omit<ProductSeed, 'ean'>> {
  id: number;
  ean: string;
}

export const PRODUCTS: readonly SeedProduct[] = PRODUCT_SEEDS.map((p, i) => ({
  id: i + 1,
  number: p.number,
  name: p.name,
  cents: p.cents,
  group: p.group,
  tax: p.tax,
  ean: p.ean ? ean13(`40123450${String(1000 + i)}`) : '',
  openPrice: p.openPrice ?? false,
  api: p.api ?? true,
}));

/** The product id of an article number; throws on a typo in the seed. */
export function productId(number: string): number {
  const product = PRODUCTS.find((p) => p.number === number);
  if (!product) throw new Error(`seed: no product ${number}`);
  return product.id;
}

export const RATES = [
  {
    id: 1,
    name: 'Übernachtung mit Frühstück',
    description: 'Bed and breakfast',
    blocked: false,
    optional: ['K-307', 'V-501', 'V-503'],
  },
  { id: 2, name: 'Nur Übernachtung', description: 'Room only', blocked: false, optional: ['K-307', 'V-501'] },
  {
    id: 3,
    name: 'Wellness-Auszeit',
    description: 'Two nights with spa',
    blocked: false,
    optional: ['S-400', 'S-401', 'M-203'],
  },
  {
    id: 4,
    name: 'Firmenrate Nordlicht',
    description: 'Corporate rate, negotiated',
    blocked: true,
    optional: ['V-501'],
  },
] as const;

export const INVOICE_TEMPLATES = [
  { id: 1, name: 'Rechnung (Deutsch)' },
  { id: 2, name: 'Invoice (English)' },
  { id: 3, name: 'Kassenbeleg / Receipt' },
] as const;

export const PAYMENT_METHODS = [
  { id: 1, name: 'Bar / Cash' },
  { id: 2, name: 'EC-Karte / Girocard' },
  { id: 3, name: 'Kreditkarte / Credit card' },
  { id: 4, name: 'Überweisung aufs Zimmer / Room transfer' },
] as const;

export const ROOM_CATEGORIES = [
  { id: 1, code: 'EZ', name: 'Einzelzimmer', maxPersons: 1, logis: 'L-600' },
  { id: 2, code: 'DZK', name: 'Doppelzimmer Komfort', maxPersons: 2, logis: 'L-601' },
  { id: 3, code: 'SUP', name: 'Superior Doppelzimmer', maxPersons: 3, logis: 'L-602' },
  { id: 4, code: 'JS', name: 'Junior Suite', maxPersons: 4, logis: 'L-603' },
] as const;

/** 40 rooms on four floors: 101-110 ... 401-410. Every fifth room is dirty. */
export const ROOMS = Array.from({ length: 40 }, (_, i) => {
  const floor = Math.floor(i / 10) + 1;
  const door = (i % 10) + 1;
  const categoryId = door <= 3 ? 1 : door <= 7 ? 2 : door <= 9 ? 3 : 4;
  return { id: i + 1, number: `${floor}${String(door).padStart(2, '0')}`, categoryId, clean: i % 5 !== 2 };
});
