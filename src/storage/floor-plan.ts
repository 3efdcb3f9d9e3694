// The outlet's floor plan as this tablet last read it (issue 31), in localStorage with the device it
// was read for: a tablet reloaded offline still shows its tables, and a tablet of an outlet with
// tables opens on its floor (app/main.tsx). A plan read for another pairing counts as none.
import { LOCAL_KEYS, readLocal, writeLocal } from './local';

export interface KeptTable {
  tableId: string;
  name: string;
  /** Seats, area and place on the plan (a plan kept before these were kept has none). */
  seats?: number;
  area?: string;
  x?: number;
  y?: number;
}

export function keepFloorPlan(deviceId: string, tables: readonly KeptTable[]): void {
  writeLocal(LOCAL_KEYS.floorPlan, { deviceId, tables });
}

/** The plan kept for `deviceId`; [] when none (or another device's, or unreadable). */
export function keptFloorPlan(deviceId: string): KeptTable[] {
  const value = readLocal(LOCAL_KEYS.floorPlan) as { deviceId?: unknown; tables?: unknown } | undefined;
  if (!value || value.deviceId !== deviceId || !Array.isArray(value.tables)) return [];
  return value.tables
    .filter(
      (table): table is KeptTable => typeof table?.tableId === 'string' && typeof table?.name === 'string',
    )
    .map(({ tableId, name, seats, area, x, y }) => ({
      tableId,
      name,
      ...(Number.isInteger(seats) && seats! > 0 && seats! < 100 ? { seats } : {}),
      ...(typeof area === 'string' ? { area } : {}),
      ...(Number.isInteger(x) && Number.isInteger(y) && x! >= 0 && y! >= 0 && x! < 100 && y! < 100
        ? { x, y }
        : {}),
    }));
}
