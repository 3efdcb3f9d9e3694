// What a paired device is for: a till tablet ('till': sells, tables, guests) or a kitchen screen
// ('kitchen': reads its outlet's kitchen rounds and bumps them, nothing else). The role is chosen
// with the pairing code on the admin page and fixed when the device pairs (a device never changes
// role: re-pair it). Own tables in the hub's database, versioned apart (hub_settings
// 'device_roles_schema'); a device with no row is a till (every device paired before roles).

import type { DeviceRole } from '../../pms/device-calls.ts';
import type { HubDb } from './hub-db.ts';
import { applySchemaSteps } from './schema-steps.ts';

export { DEVICE_ROLES, type DeviceRole } from '../../pms/device-calls.ts';

const STEPS: readonly string[] = [
  `CREATE TABLE pairing_code_roles (
     code_hash TEXT PRIMARY KEY,
     role TEXT NOT NULL CHECK (role IN ('till', 'kitchen'))
   ) STRICT;
   CREATE TABLE device_roles (
     device_id TEXT PRIMARY KEY,
     role TEXT NOT NULL CHECK (role IN ('till', 'kitchen'))
   ) STRICT;
   CREATE TRIGGER device_roles_fixed BEFORE UPDATE ON device_roles
     BEGIN SELECT RAISE(ABORT, 'a device keeps the role it was paired with'); END;
   CREATE TRIGGER pairing_code_roles_fixed BEFORE UPDATE ON pairing_code_roles
     BEGIN SELECT RAISE(ABORT, 'a pairing code keeps its role'); END;`,
];

/** Creates or migrates the role tables; safe on every start. */
export function migrateDeviceRoles(db: HubDb): void {
  applySchemaSteps(db, 'device_roles_schema', STEPS);
}

/** The role a new pairing code gives its device. */
export function rememberCodeRole(db: HubDb, codeHash: string, role: DeviceRole): void {
  db.prepare('INSERT INTO pairing_code_roles (code_hash, role) VALUES (?, ?)').run(codeHash, role);
}

/** The device paired with the code takes the code's role (inside the pairing's transaction). */
export function giveDeviceRole(db: HubDb, deviceId: string, codeHash: string): DeviceRole {
  const row = db.prepare('SELECT role FROM pairing_code_roles WHERE code_hash = ?').get(codeHash) as
    | { role: DeviceRole }
    | undefined;
  const role = row?.role ?? 'till';
  db.prepare('INSERT INTO device_roles (device_id, role) VALUES (?, ?)').run(deviceId, role);
  return role;
}

/** SQL for a device row's role (`devices` aliased `d`): the join and the column. */
export const ROLE_JOIN = 'LEFT JOIN device_roles r ON r.device_id = d.id';
export const ROLE_COLUMN = "COALESCE(r.role, 'till') AS role";
