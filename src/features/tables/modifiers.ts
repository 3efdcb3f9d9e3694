// The hotel's modifier groups on the tablet (issue 31): read from the till server and kept in
// localStorage, so a tablet reloaded offline still asks for a required group when a product is added.
// The rules (which groups a product has, whether a choice is allowed) are shared/modifier-groups.ts.
import { createSignal } from 'solid-js';
import { readModifierGroups } from '../../pms/table-calls.ts';
import type { ModifierGroup } from '../../shared/modifier-groups.ts';
import { LOCAL_KEYS, readLocal, writeLocal } from '../../storage/local';

const kept = () => {
  const value = readLocal(LOCAL_KEYS.modifierGroups);
  return Array.isArray(value) ? (value as ModifierGroup[]) : [];
};
const [groups, setGroups] = createSignal<ModifierGroup[]>(kept());

/** The groups as last read (or kept from before a reload). */
export const modifierGroups = groups;

/**
 * Reads the groups from the server; unreachable, the kept ones stay.
 * @example await refreshModifierGroups();
 */
export async function refreshModifierGroups(fetcher = (url: string, init: RequestInit) => fetch(url, init)) {
  try {
    const read = await readModifierGroups(fetcher, '');
    writeLocal(LOCAL_KEYS.modifierGroups, read);
    setGroups(read);
  } catch {
    // offline: the groups kept here are asked for
  }
}
