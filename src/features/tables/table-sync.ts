// A tablet's copy of its outlet's tables (issue 31): operations made here are recorded first
// (storage/table-ops-store.ts), sent by the outbox's table intent, and folded with the server's log as
// this tablet holds it (shared/table-fold.ts), so the floor shows this tablet's own changes at once,
// online or not. Catching up reads the log after the last position held; the live channel
// (server-sent events, a poll where it fails) brings other tablets' operations as they are stored.

import { sendTableOps } from '../../outbox/table-ops.ts';
import type { DeviceFetch } from '../../pms/device-calls.ts';
import { readTableOps } from '../../pms/table-calls.ts';
import { type Floor, foldFloor } from '../../shared/table-fold.ts';
import { type Course, DEFAULT_COURSES, type TableOp, type TableOpBody } from '../../shared/table-ops.ts';
import {
  keepServerTableOps,
  readPendingTableOps,
  readServerTableOps,
  recordTableOps,
} from '../../storage/table-ops-store.ts';

/** How often the tablet polls the log where the live channel does not run. */
export const TABLE_POLL_MS = 1000;

export interface TableSyncOptions {
  fetcher: DeviceFetch;
  baseUrl: string;
  /** This tablet's device id: its own operations are folded under it before the server has them. */
  deviceId: string;
  courses?: readonly Course[];
  dbName?: string;
}

/** What a line changed to while this tablet was away, by someone else. */
export interface ChangedMeanwhile {
  tableId: string;
  name: string;
  /** Items added (negative: taken off) since the tablet last saw the table. */
  quantity: number;
  by: string;
}

export function createTableSync(options: TableSyncOptions) {
  const courses = options.courses ?? DEFAULT_COURSES;
  const { dbName } = options;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function receive(ops: readonly (TableOp & { rev: number })[]): Promise<void> {
    if (ops.length === 0) return;
    await keepServerTableOps(ops, dbName);
    changed();
  }

  async function floor(): Promise<Floor> {
    const [server, pending] = await Promise.all([readServerTableOps(dbName), readPendingTableOps(dbName)]);
    const mine: TableOp[] = pending
      .filter((entry) => entry.state !== 'refused')
      .map((entry) => ({ ...entry.op, deviceId: options.deviceId }));
    return foldFloor([...server.ops, ...mine], courses);
  }

  /**
   * Sends what is queued, then reads what the server logged since the last position held. `waiting`:
   * not sent, the server unreachable; `holding`: settles queued for their sale's ledger record.
   */
  async function sync(): Promise<{ waiting: number; holding: number }> {
    const sent = await sendTableOps({
      fetcher: options.fetcher,
      baseUrl: options.baseUrl,
      ...(dbName ? { dbName } : {}),
    });
    try {
      const { revision } = await readServerTableOps(dbName);
      const { ops } = await readTableOps(options.fetcher, options.baseUrl, revision);
      if (ops.length > 0) {
        await keepServerTableOps(ops, dbName);
        changed();
      }
    } catch {
      // unreachable: the floor is what this tablet holds, with its own operations on top
    }
    return { waiting: sent.waiting, holding: sent.holding };
  }

  return {
    floor,
    sync,

    /** Records operations (shown at once) and sends them when the server can be reached. */
    async record(bodies: readonly TableOpBody[], staffName: string): Promise<void> {
      await recordTableOps(bodies, staffName, dbName ? { dbName } : {});
      changed();
      void sync().catch(() => undefined);
    },

    /** Keeps operations the live channel brought. */
    receive,

    /**
     * Follows the live channel (EventSource) and polls while it is down; returns the stop.
     * @example const stop = sync.follow(); onCleanup(stop);
     */
    follow(): () => void {
      let stopped = false;
      let source: EventSource | null = null;
      let poll: ReturnType<typeof setInterval> | null = null;
      const startPoll = () => {
        poll ??= setInterval(() => void sync().catch(() => undefined), TABLE_POLL_MS);
      };
      const open = async () => {
        if (stopped) return;
        const { revision } = await readServerTableOps(dbName);
        if (typeof EventSource === 'undefined') return startPoll();
        source = new EventSource(`${options.baseUrl}/till/tables/live?since=${revision}`, {
          withCredentials: true,
        });
        source.addEventListener('ops', (event) => {
          if (poll) clearInterval(poll);
          poll = null;
          const data = JSON.parse((event as MessageEvent<string>).data) as {
            ops: (TableOp & { rev: number })[];
          };
          void receive(data.ops);
        });
        source.onerror = () => {
          startPoll();
          void sync().catch(() => undefined);
        };
      };
      void open();
      return () => {
        stopped = true;
        source?.close();
        if (poll) clearInterval(poll);
      };
    },

    /** Hears every change of the floor this tablet holds; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TableSync = ReturnType<typeof createTableSync>;

/** What others changed on the tables between two floors this tablet held (shown after it returns). */
export function changedMeanwhile(before: Floor, after: Floor): ChangedMeanwhile[] {
  const changes: ChangedMeanwhile[] = [];
  for (const line of after.lines.values()) {
    const earlier = before.lines.get(line.lineId);
    const quantity = line.quantity - line.voided - ((earlier?.quantity ?? 0) - (earlier?.voided ?? 0));
    if (quantity === 0) continue;
    changes.push({ tableId: line.tableId, name: line.name, quantity, by: line.addedBy });
  }
  return changes;
}
