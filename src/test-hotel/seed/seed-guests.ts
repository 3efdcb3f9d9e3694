// Demo guests and stays of the test hotel, as day offsets from the hotel's today: in-house guests,
// arrivals and departures today, future bookings, past check-outs, a no-show, a cancellation, a
// group of three rooms under one reservation number and a self_pay ADDITIONAL stay whose extras go
// to the guest while the company pays the room. Pure data; seed.ts turns it into rows.
import type { RoomReservationStatus } from '../../pms/wire.ts';

export interface ContactSeed {
  key: string;
  type: 'PERSON' | 'COMPANY';
  title?: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
  email: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  language: string;
  phone?: string;
  gender?: 'male' | 'female';
}

const DIALLING_CODES: Record<string, string> = {
  DE: '49',
  AT: '43',
  GB: '44',
  IT: '39',
  FR: '33',
  JP: '81',
  US: '1',
  NL: '31',
  DK: '45',
  PL: '48',
};
const FEMALE_TITLES = new Set(['Frau', 'Ms', 'Mme', 'Sig.ra', 'Pani']);

/** A made-up, fixed phone number per contact key: an area code and seven digits. */
function demoPhoneDigits(key: string): string {
  let hash = 7;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) % 9_000_000;
  return `${100 + (hash % 900)} ${1_000_000 + hash}`;
}

const person = (
  key: string,
  title: string,
  firstname: string,
  lastname: string,
  city: string,
  zip: string,
  country: string,
  language: string,
): ContactSeed => ({
  key,
  type: 'PERSON',
  title,
  firstname,
  lastname,
  email: `${firstname}.${lastname}@example.com`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/\s+/g, '-'),
  street: `${['Hauptstraße', 'Bahnhofstraße', 'Lindenweg', 'Market Street', 'Via Roma'][key.length % 5]} ${key.length * 3}`,
  zip,
  city,
  country,
  language,
  phone: `+${DIALLING_CODES[country] ?? '49'} ${demoPhoneDigits(key)}`,
  gender: FEMALE_TITLES.has(title) ? 'female' : 'male',
});

export const CONTACTS: readonly ContactSeed[] = [
  person('bauer', 'Frau', 'Antje', 'Bauer', 'Leipzig', '04109', 'DE', 'de'),
  person('gruber', 'Herr', 'Lukas', 'Gruber', 'Wien', '1070', 'AT', 'de'),
  person('huber', 'Frau', 'Sophie', 'Huber', 'Salzburg', '5020', 'AT', 'de'),
  person('whitfield', 'Mr', 'James', 'Whitfield', 'London', 'SW1A 1AA', 'GB', 'en'),
  person('rossi', 'Sig.ra', 'Giulia', 'Rossi', 'Milano', '20121', 'IT', 'it'),
  person('wagner', 'Herr', 'Maximilian', 'Wagner', 'Hamburg', '20095', 'DE', 'de'),
  person('tanaka', 'Ms', 'Yuki', 'Tanaka', 'Tokyo', '100-0001', 'JP', 'en'),
  person('pichler', 'Frau', 'Hannah', 'Pichler', 'Graz', '8010', 'AT', 'de'),
  person('dubois', 'Mme', 'Camille', 'Dubois', 'Lyon', '69002', 'FR', 'fr'),
  person('hofer', 'Herr', 'Felix', 'Hofer', 'Innsbruck', '6020', 'AT', 'de'),
  person('mueller', 'Herr', 'Jonas', 'Müller', 'Nürnberg', '90402', 'DE', 'de'),
  person('becker', 'Frau', 'Lea', 'Becker', 'Dresden', '01067', 'DE', 'de'),
  person('yilmaz', 'Herr', 'Mehmet', 'Yılmaz', 'Köln', '50667', 'DE', 'de'),
  person('brown', 'Ms', 'Olivia', 'Brown', 'Boston', '02108', 'US', 'en'),
  person('leitner', 'Frau', 'Katharina', 'Leitner', 'Innsbruck', '6020', 'AT', 'de'),
  person('devries', 'Dhr.', 'Jan', 'de Vries', 'Utrecht', '3511', 'NL', 'en'),
  person('andersen', 'Mr', 'Lars', 'Andersen', 'Aarhus', '8000', 'DK', 'en'),
  person('kowalska', 'Pani', 'Anna', 'Kowalska', 'Kraków', '31-001', 'PL', 'en'),
  person('wimmer', 'Herr', 'Tobias', 'Wimmer', 'Linz', '4020', 'AT', 'de'),
  person('schneider', 'Frau', 'Emma', 'Schneider', 'Hamburg', '20354', 'DE', 'de'),
  person('weber', 'Herr', 'Paul', 'Weber', 'Berlin', '10115', 'DE', 'de'),
  person('fischer', 'Frau', 'Marie', 'Fischer', 'Frankfurt am Main', '60311', 'DE', 'de'),
  person('steiner', 'Herr', 'Sebastian', 'Steiner', 'Wien', '1010', 'AT', 'de'),
  person('schmid', 'Frau', 'Laura', 'Schmid', 'München', '80331', 'DE', 'de'),
  person('demir', 'Frau', 'Elif', 'Demir', 'Stuttgart', '70173', 'DE', 'de'),
  {
    key: 'nordlicht',
    type: 'COMPANY',
    companyName: 'Nordlicht Software AG',
    email: 'travel@nordlicht.example',
    street: 'Am Sandtorkai 12',
    zip: '20457',
    city: 'Hamburg',
    country: 'DE',
    language: 'de',
  },
  {
    key: 'alpenblick',
    type: 'COMPANY',
    companyName: 'Alpenblick Consulting GmbH',
    email: 'office@alpenblick-consulting.example',
    street: 'Maria-Theresien-Straße 8',
    zip: '6020',
    city: 'Innsbruck',
    country: 'AT',
    language: 'de',
  },
];

export interface StaySeed {
  number: string;
  guest: string;
  status: RoomReservationStatus;
  /** arrival and departure as days from today */
  from: number;
  to: number;
  /** room number, or a category id when no room is assigned yet */
  room: string | { category: number };
  rate: number;
  selfPay?: 'NO' | 'ADDITIONAL' | 'ALL';
  persons?: number;
  /** invoice recipient and company (contact key); default the guest */
  company?: string;
  /** false: already paid (duty_of_payment_at_kiosk) */
  duty?: boolean;
  /** extras on the open invoice: article number and quantity */
  extras?: readonly (readonly [string, number])[];
  arrivalTime?: string;
  departureTime?: string;
  /** the room invoice is already closed (prepaid) */
  prepaid?: boolean;
  /** created today at this time (a walk-in) */
  createdToday?: string;
}

// biome-ignore format: one stay per line reads like a booking chart
export const STAYS: readonly StaySeed[] = [
  { number: '24101', guest: 'bauer', status: 'CHECKED_IN', from: -3, to: 1, room: '104', rate: 1, persons: 2, extras: [['B-100', 2], ['M-204', 1]] },
  { number: '24102', guest: 'gruber', status: 'CHECKED_IN', from: -2, to: 2, room: '108', rate: 3, persons: 2, extras: [['S-401', 1], ['B-120', 2]] },
  { number: '24103', guest: 'huber', status: 'CHECKED_IN', from: -1, to: 3, room: '201', rate: 2, selfPay: 'ALL', extras: [['K-301', 1]] },
  { number: '24104', guest: 'whitfield', status: 'CHECKED_IN', from: -4, to: 0, room: '205', rate: 1, extras: [['B-122', 3], ['K-300', 1]], departureTime: '11:00' },
  { number: '24105', guest: 'rossi', status: 'CHECKED_IN', from: -2, to: 0, room: '209', rate: 1, persons: 2, duty: false, prepaid: true },
  { number: '24106', guest: 'wagner', status: 'CHECKED_IN', from: -1, to: 0, room: '302', rate: 2, selfPay: 'ADDITIONAL', company: 'nordlicht', extras: [['M-202', 2], ['B-131', 1]] },
  { number: '24107', guest: 'tanaka', status: 'CHECKED_IN', from: -5, to: 2, room: '310', rate: 1, persons: 2, extras: [['S-403', 1], ['B-115', 1]] },
  { number: '24108', guest: 'pichler', status: 'CHECKED_IN', from: -1, to: 1, room: '305', rate: 2, persons: 2, extras: [['V-501', 1]] },
  { number: '24109', guest: 'dubois', status: 'CHECKED_IN', from: 0, to: 2, room: '306', rate: 1, persons: 2, createdToday: '07:15:00' },
  { number: '24110', guest: 'hofer', status: 'CHECKED_IN', from: -1, to: 2, room: '401', rate: 2, company: 'alpenblick', extras: [['B-101', 2]] },
  { number: '24110', guest: 'mueller', status: 'CHECKED_IN', from: -1, to: 2, room: '402', rate: 2, company: 'alpenblick', extras: [['K-310', 1]] },
  { number: '24110', guest: 'becker', status: 'CHECKED_IN', from: -1, to: 2, room: '403', rate: 2, company: 'alpenblick' },
  { number: '24111', guest: 'yilmaz', status: 'BOOKED', from: 0, to: 3, room: '107', rate: 1, persons: 2, arrivalTime: '15:00' },
  { number: '24112', guest: 'brown', status: 'BOOKED', from: 0, to: 4, room: { category: 4 }, rate: 3, persons: 2, arrivalTime: '18:30' },
  { number: '24113', guest: 'leitner', status: 'BOOKED', from: 0, to: 1, room: '203', rate: 2 },
  { number: '24114', guest: 'devries', status: 'BOOKED', from: 0, to: 2, room: { category: 2 }, rate: 4, company: 'nordlicht' },
  { number: '24115', guest: 'andersen', status: 'BOOKED', from: 1, to: 3, room: { category: 2 }, rate: 1, persons: 2 },
  { number: '24116', guest: 'kowalska', status: 'BOOKED', from: 3, to: 6, room: { category: 2 }, rate: 2 },
  { number: '24117', guest: 'wimmer', status: 'BOOKED', from: 7, to: 9, room: { category: 3 }, rate: 3, persons: 2 },
  { number: '24118', guest: 'schneider', status: 'CHECKED_OUT', from: -4, to: -1, room: '106', rate: 1, duty: false, extras: [['B-111', 2]] },
  { number: '24119', guest: 'weber', status: 'CHECKED_OUT', from: -3, to: -1, room: '207', rate: 2, duty: false, extras: [['K-303', 1]] },
  { number: '24120', guest: 'fischer', status: 'CHECKED_OUT', from: -2, to: 0, room: '304', rate: 1, duty: false },
  { number: '24121', guest: 'steiner', status: 'NO_SHOW', from: -1, to: 1, room: { category: 1 }, rate: 2 },
  { number: '24122', guest: 'schmid', status: 'CANCELLED', from: 0, to: 2, room: { category: 2 }, rate: 1, persons: 2 },
  { number: '24123', guest: 'demir', status: 'NO_SHOW_GUARANTEED', from: -1, to: 2, room: { category: 3 }, rate: 3 },
];
