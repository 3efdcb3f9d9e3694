// The demo hotel's staff, so `npm start` shows sign-in and approvals at once: two waiters and a
// manager with PINs printed in the start banner. Added only beside the embedded test hotel, and
// only to a hub that has no staff yet; a real hotel adds its first manager on the admin page. Also the
// demo bar's groups: it sells drinks, minibar and kitchen and opens on its drinks (issue 33).
import { COMMODITY_GROUPS } from '../../test-hotel/index.ts';
import type { Hub } from '../hub/hub.ts';

export const DEMO_STAFF = [
  { name: 'Mia', role: 'waiter', pin: '1111' },
  { name: 'Jonas', role: 'waiter', pin: '2222' },
  { name: 'Anna', role: 'manager', pin: '9999' },
] as const;

/** Adds the demo staff to an empty staff list; true when it did. */
export async function addDemoStaff(hub: Hub): Promise<boolean> {
  if (hub.staff.list().length > 0) return false;
  for (const member of DEMO_STAFF) {
    const added = await hub.staff.add(member);
    hub.audit.append({
      kind: 'staff_added',
      staffName: 'demo data',
      subject: added.id,
      note: `${added.name} (${added.role})`,
    });
  }
  return true;
}

/** Sets the demo bar's groups sold, unless its rules were ever saved; true when it did. No default group:
 * the bar opens on "All" of what it sells, where its quick keys are (a default group hides them). */
export function setUpDemoBarGroups(hub: Hub): boolean {
  if (hub.db.prepare("SELECT 1 FROM outlet_policies WHERE outlet = 'bar'").get()) return false;
  const id = (name: string) => COMMODITY_GROUPS.find((group) => group.name.startsWith(name))!.id;
  hub.staff.setPolicy('bar', {
    ...hub.staff.policy('bar'),
    groupsSold: [id('Bar'), id('Minibar'), id('Küche')],
  });
  return true;
}
