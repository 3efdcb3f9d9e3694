// A part of a bill paid in equal parts as the journal keeps it (issue 30; docs/ledger.md, "Equal
// splits"): the part's own lines, one per bill line at quantity 1 and the part's gross, named
// "<name> · <share word> k/n" (the PMS takes whole quantities), and the whole bill's lines for the
// sales ledger, which works out the same part from them (shared/bill-share.ts). Pure.
import { partLines } from '../shared/bill-share';
import type { SaleLine, SaleShare } from '../storage/records';

/** Which part of which bill: `part` of `parts` of the bill the tablet knows as `billId`. */
export interface PartOfBill {
  billId: string;
  part: number;
  parts: number;
}

/**
 * The lines and share of part `of.part` of the bill `billLines`; `shareWord` names a share in the
 * staff's language ('share', 'Anteil').
 * @example equalShareSale(lines, { billId: 'b1', part: 1, parts: 3 }, 'Anteil').lines[0].name // 'Pils · Anteil 1/3'
 */
export function equalShareSale(
  billLines: readonly SaleLine[],
  of: PartOfBill,
  shareWord: string,
): { lines: SaleLine[]; share: SaleShare } {
  const lines = partLines(billLines, of.parts, of.part).map(({ quantityMilli: _milli, ...line }) => ({
    ...line,
    name: `${line.name} · ${shareWord} ${of.part}/${of.parts}`,
  }));
  return { lines, share: { ...of, billLines: billLines.map((line) => ({ ...line })) } };
}
