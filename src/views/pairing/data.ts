// The pairing screen's reads and writes as router primitives: the sales waiting on the tablet as a
// `query` (read with `createAsync`), pairing and exporting as `action`s whose pending state and
// errors the views take from `useSubmission`. The work itself is src/features (pairing/pairing.ts,
// unsent-sales.ts).
import { action, query } from '@solidjs/router';
import { pairTablet } from '../../features/pairing';
import { readUnsentSales, unsentSalesFile } from '../../features/sync';

/**
 * Sales not yet confirmed by the PMS, oldest first.
 * @example const waiting = createAsync(() => getUnsentSales());
 */
export const getUnsentSales = query(readUnsentSales, 'unsent-sales');

export const pairAction = action(pairTablet, 'pair-tablet');
export const exportUnsentAction = action(() => unsentSalesFile(), 'export-unsent-sales');
