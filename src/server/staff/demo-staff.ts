// The demo hotel's staff, so `npm start` shows sign-in and approvals at once: two waiters and a
// manager with PINs printed in the start banner. Added only beside the embedded test hotel, and
// only to a hub that has no staff yet; a real hotel adds its first manager on the admin page.
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
