// The usage rule for room charges (pms-api.md: only the guest of the room reservation, during the
// stay) and finding guests: status and dates decide whether a stay may be charged today, the
// surname staff type is compared without regard to case and accents, and the guest list is
// searched by room number or name.
import { describe, expect, it } from 'vitest';
import type { RoomReservation } from '../../src/pms/wire.ts';
import {
  chargeRefusal,
  findGuests,
  guestDisplayName,
  localDate,
  nameForms,
  surnameMatches,
  surnameOf,
} from '../../src/rules/guest-rules.ts';
import { surnameChoices } from '../../src/rules/surname-choices.ts';

const TODAY = '2026-11-22';

function stay(
  overrides: Partial<RoomReservation> & { firstname?: string; lastname?: string } = {},
): RoomReservation {
  const { firstname = 'Antje', lastname = 'Bauer', ...rest } = overrides;
  return {
    id: 1,
    main_reservation_id: 1,
    reservation_number: '24101',
    created_at: '',
    last_modified: '',
    status: 'CHECKED_IN',
    type: '',
    self_pay: 'NO',
    start_date: '2026-11-19',
    end_date: '2026-11-23',
    arrival_time: '',
    departure_time: '',
    room_id: 4,
    room_number: '104',
    room_category_id: 1,
    room_category_name: 'Double',
    rate_id: 1,
    person_count: 2,
    guest: {
      id: 1,
      type: 'PERSON',
      title: '',
      firstname,
      lastname,
      fullname: `${lastname}, ${firstname}`,
      email: '',
    },
    guest_id: 1,
    guest_name: `${lastname}, ${firstname}`,
    company_id: null,
    company_name: '',
    invoice_items: [],
    ...rest,
  };
}

describe('who may be charged today', () => {
  it('allows a checked-in stay from its arrival day through its departure day', () => {
    for (const today of ['2026-11-19', TODAY, '2026-11-23'])
      expect(chargeRefusal(stay(), today)).toBeUndefined();
  });

  it('refuses a checked-in stay outside its dates', () => {
    expect(chargeRefusal(stay(), '2026-11-18')).toBe('before-stay');
    expect(chargeRefusal(stay(), '2026-11-24')).toBe('after-stay');
  });

  it('refuses every status but CHECKED_IN, whatever the dates', () => {
    expect(chargeRefusal(stay({ status: 'BOOKED' }), TODAY)).toBe('booked');
    expect(chargeRefusal(stay({ status: 'CHECKED_OUT' }), TODAY)).toBe('checked-out');
    expect(chargeRefusal(stay({ status: 'NO_SHOW' }), TODAY)).toBe('no-show');
    expect(chargeRefusal(stay({ status: 'NO_SHOW_GUARANTEED' }), TODAY)).toBe('no-show');
    expect(chargeRefusal(stay({ status: 'CANCELLED' }), TODAY)).toBe('cancelled');
  });
});

describe('confirming the surname', () => {
  it('ignores case, surrounding spaces and accents', () => {
    const mueller = stay({ firstname: 'Jonas', lastname: 'Müller' });
    for (const typed of ['Müller', 'müller', ' MÜLLER ', 'Muller', 'mueller', 'MUELLER']) {
      expect(surnameMatches(typed, mueller), typed).toBe(true);
    }
    expect(surnameMatches('Yilmaz', stay({ lastname: 'Yılmaz' }))).toBe(true);
    expect(surnameMatches('dubois', stay({ lastname: 'Dubois' }))).toBe(true);
    expect(surnameMatches('de vries', stay({ lastname: 'de Vries' }))).toBe(true);
    expect(surnameMatches('Weiss', stay({ lastname: 'Weiß' }))).toBe(true);
  });

  it('refuses another name, a part of the name, the first name and an empty answer', () => {
    const bauer = stay();
    for (const typed of ['Baumann', 'Bau', 'Antje', '', '   ', 'Bauer Antje']) {
      expect(surnameMatches(typed, bauer), typed).toBe(false);
    }
  });

  it('takes the surname from "Lastname, Firstname" when the guest record has no last name', () => {
    const partial = stay({ lastname: '' });
    partial.guest.fullname = 'Gruber, Lukas';
    expect(surnameOf(partial)).toBe('Gruber');
    expect(surnameMatches('gruber', partial)).toBe(true);
  });

  it('offers the guest’s own surname among others from the list, always the same ones for a stay', () => {
    const own = stay({ id: 7 });
    const others = ['Gruber', 'Huber', 'Rossi', 'Tanaka', 'Bauer', 'Wagner'];
    const choices = surnameChoices(own, others);
    expect(choices).toHaveLength(4);
    expect(choices).toContain('Bauer');
    expect(new Set(choices).size).toBe(4);
    expect([...choices].sort((a, b) => a.localeCompare(b))).toEqual(choices);
    expect(surnameChoices(own, others)).toEqual(choices);
  });

  it('spells names in the forms people type them', () => {
    expect(nameForms('Müller')).toEqual(['muller', 'mueller']);
    expect(nameForms("O'Brien")).toEqual(['o brien']);
  });
});

describe('finding a guest in the list', () => {
  const stays = [
    stay({ id: 1, room_number: '104' }),
    stay({ id: 2, room_number: '108', firstname: 'Lukas', lastname: 'Gruber' }),
    stay({ id: 3, room_number: '107', firstname: 'Mehmet', lastname: 'Yılmaz', status: 'BOOKED' }),
    stay({ id: 4, room_number: '402', firstname: 'Jonas', lastname: 'Müller' }),
    stay({ id: 5, room_number: '10', firstname: 'Lea', lastname: 'Becker' }),
  ];

  it('by the start of the room number, chargeable stays first, then in room order', () => {
    expect(findGuests(stays, '10', TODAY).map((s) => s.room_number)).toEqual(['10', '104', '108', '107']);
    expect(findGuests(stays, '104', TODAY).map((s) => s.id)).toEqual([1]);
  });

  it('by the start of first or last name, without accents', () => {
    expect(findGuests(stays, 'mull', TODAY).map((s) => s.id)).toEqual([4]);
    expect(findGuests(stays, 'mueller', TODAY).map((s) => s.id)).toEqual([4]);
    expect(findGuests(stays, 'yil', TODAY).map((s) => s.id)).toEqual([3]);
    expect(findGuests(stays, 'lukas gru', TODAY).map((s) => s.id)).toEqual([2]);
    expect(findGuests(stays, 'ruber', TODAY)).toEqual([]);
  });

  it('lists everyone for an empty query', () => {
    expect(findGuests(stays, ' ', TODAY)).toHaveLength(stays.length);
  });

  it('names the guest "Firstname Lastname"', () => {
    expect(guestDisplayName(stays[1]!)).toBe('Lukas Gruber');
  });
});

describe("the till's today", () => {
  it('is the local calendar date', () => {
    expect(localDate(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
    expect(localDate(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });
});
