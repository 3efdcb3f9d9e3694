// Staff on a tablet app, for the gateway's approval tests: the hotel's staff added on the server,
// their cards as the paired tablet gets them (GET /till/staff), and approvals signed with a card's
// key opened by its PIN, as the tablet signs them.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { type Approval, type StaffCard, StaffListSchema } from '../../../src/pms/staff-calls.ts';
import { openStaffKey, signApproval } from '../../../src/pms/staff-keys.ts';
import type { TabletApp } from '../tablet-app.ts';

/** PBKDF2 rounds for staff keys in tests: the least the wire format takes, quick enough. */
export const STAFF_KEY_ROUNDS = 100_000;

type Member = { name: string; role: 'waiter' | 'manager'; pin: string };

/**
 * Adds `staff` on `app`'s server and returns their cards by name, as the tablet reads them.
 * @example const card = await addStaff(app, [{ name: 'Anna', role: 'manager', pin: '9999' }]); card('Anna');
 */
export async function addStaff(
  app: TabletApp,
  staff: readonly Member[],
): Promise<(name: string) => StaffCard> {
  for (const member of staff) await app.hub.staff.add(member);
  const answer = await app.request('/till/staff');
  if (answer.status !== 200) throw new Error(`GET /till/staff answered ${answer.status}`);
  const list = v.parse(StaffListSchema, await answer.json());
  return (name) => {
    const card = list.staff.find((member) => member.name === name);
    if (!card) throw new Error(`no staff member ${name}`);
    return card;
  };
}

/** The hotel's manager Anna (PIN 9999) and waiter Mia (PIN 1111). */
export const ANNA_AND_MIA: readonly Member[] = [
  { name: 'Anna', role: 'manager', pin: '9999' },
  { name: 'Mia', role: 'waiter', pin: '1111' },
];

/**
 * Adds Anna and Mia on `app`'s server and returns their cards.
 * @example ({ anna, mia } = await addAnnaAndMia(app));
 */
export async function addAnnaAndMia(app: TabletApp): Promise<{ anna: StaffCard; mia: StaffCard }> {
  const card = await addStaff(app, ANNA_AND_MIA);
  return { anna: card('Anna'), mia: card('Mia') };
}

/**
 * An approval of `fields` (action, subject, amount, …) for `app`'s device, signed with `card`'s key.
 * @example await signedApproval(app, anna, '9999', { action: 'take_back', subject: 'sale-1', amountCents: 420 });
 */
export async function signedApproval(
  app: TabletApp,
  card: StaffCard,
  pin: string,
  fields: Pick<Approval, 'action' | 'subject' | 'amountCents'> & Partial<Approval>,
): Promise<string> {
  const key = await openStaffKey(pin, card.sealedKey);
  if (!key) throw new Error(`PIN ${pin} does not open ${card.name}'s key`);
  return signApproval(key, {
    id: randomUUID(),
    managerId: card.id,
    deviceId: app.device.id,
    at: new Date().toISOString(),
    ...fields,
  });
}
