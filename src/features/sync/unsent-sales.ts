// The sales on this tablet that the PMS has not confirmed, for a tablet that cannot send them (not
// paired, or unpaired by a manager): how many there are, and all of them as one JSON file staff can
// keep or hand to the manager. Owns that file's shape (`hotel-till-unsent@1`: every pending or
// needing-attention sale with all its steps and times) and its name. Exporting changes nothing:
// the sales stay in the outbox and are still sent once the tablet is paired.
import { listSales } from '../../storage/journal-queries';
import { readSale } from '../../storage/outbox-store';
import type { IntentRecord, SaleRecord } from '../../storage/records';
import { deviceState, tillIdentity } from '../device';

export interface UnsentSale {
  sale: SaleRecord;
  /** Every step, with its revisions, in the order written. */
  intents: IntentRecord[];
}

export const UNSENT_FORMAT = 'hotel-till-unsent@1';

/**
 * Every sale not yet confirmed by the PMS (pending or needing attention), oldest first.
 * @example const waiting = (await readUnsentSales()).length;
 */
export async function readUnsentSales(): Promise<UnsentSale[]> {
  const [pending, attention] = await Promise.all([
    listSales({ status: 'pending' }),
    listSales({ status: 'needs-attention' }),
  ]);
  const sales = [...pending, ...attention].sort((a, b) => a.createdAt - b.createdAt);
  const entries = await Promise.all(sales.map((sale) => readSale(sale.id)));
  return entries.flatMap((entry) => (entry ? [{ sale: entry.sale, intents: entry.intents }] : []));
}

/**
 * The unsent sales as a file: name `hotel-till-unsent-YYYY-MM-DD-HHMM.json` (local time) and text.
 * @example const { fileName, text } = await unsentSalesFile(); // then let the browser save it
 */
export async function unsentSalesFile(now = new Date()): Promise<{ fileName: string; text: string }> {
  const sales = await readUnsentSales();
  const state = deviceState();
  const file = {
    format: UNSENT_FORMAT,
    exportedAt: now.toISOString(),
    till: tillIdentity().tillName,
    device: state.kind === 'paired' || state.kind === 'revoked' ? (state.device ?? null) : null,
    count: sales.length,
    sales: sales.map(({ sale, intents }) => ({
      ...sale,
      recordedAt: new Date(sale.createdAt).toISOString(),
      intents,
    })),
  };
  return { fileName: unsentFileName(now), text: `${JSON.stringify(file, null, 2)}\n` };
}

/**
 * The export's file name for `at`, in local time.
 * @example unsentFileName(new Date(2026, 10, 22, 21, 5)) === 'hotel-till-unsent-2026-11-22-2105.json'
 */
export function unsentFileName(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `hotel-till-unsent-${day}-${two(at.getHours())}${two(at.getMinutes())}.json`;
}
