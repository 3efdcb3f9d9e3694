// A manager's approval of a table void, as the tablet signs it: manager Anna (PIN 9999) added once,
// her key for the device opened by her PIN, an approval of `void_sale` on one line.
import { randomUUID } from 'node:crypto';
import { openStaffKey, signApproval } from '../../../src/pms/staff-keys.ts';
import type { Hub } from '../../../src/server/hub/hub.ts';

export async function signedApprovalFor(hub: Hub, deviceId: string, lineId: string): Promise<string> {
  if (!hub.staff.list().some((member) => member.name === 'Anna'))
    await hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
  const card = (await hub.staff.cards(deviceId)).find((member) => member.name === 'Anna')!;
  const key = await openStaffKey('9999', card.sealedKey);
  if (!key) throw new Error('PIN 9999 does not open Anna’s key');
  return signApproval(key, {
    id: randomUUID(),
    managerId: card.id,
    deviceId,
    at: new Date().toISOString(),
    action: 'void_sale',
    subject: lineId,
    amountCents: null,
  });
}
