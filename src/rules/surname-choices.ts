// The surnames offered to tap when confirming a guest: the stay's own among up to three others from
// today's list, in alphabetical order, so the list itself does not give the answer away. Stable for
// a stay (the same choices on every render), and pure.
import type { RoomReservation } from '../pms/wire';
import { nameForms, surnameOf } from './guest-rules';

const OTHERS = 3;

/**
 * @example surnameChoices(stay, ['Bauer', 'Gruber', 'Huber', 'Rossi']) // ['Bauer', 'Gruber', 'Huber', 'Rossi'] sorted
 */
export function surnameChoices(stay: RoomReservation, surnames: readonly string[]): string[] {
  const own = surnameOf(stay);
  const ownForm = nameForms(own)[0];
  const others = [...new Set(surnames.filter((name) => name && nameForms(name)[0] !== ownForm))];
  // A stable pick per stay: rotate the sorted list by the stay id.
  others.sort((a, b) => a.localeCompare(b, 'de'));
  const start = others.length ? stay.id % others.length : 0;
  const picked = [...others.slice(start), ...others.slice(0, start)].slice(0, OTHERS);
  return [own, ...picked].filter(Boolean).sort((a, b) => a.localeCompare(b, 'de'));
}
