// The ledger's part of a DSFinV-K export (docs/ledger.md, "DSFinV-K mapping"): for each hotel Z in a
// range, its number, time and business day, the tablets (terminals), the VAT rates used, and every
// record of its seq range as a transaction with lines, payments and references. The fiscal side adds
// the master data (company, location, cash register, TSE) and the TSE transactions: shaped after
// `DsfinvkClosing` (src/server/fiscal/de/dsfinvk/closing.ts on branch `fiscal`), in integer cents.
import type { HubDb } from '../../hub/hub-db.ts';

/** DSFinV-K VAT ids (UST_SCHLUESSEL) by rate in basis points; a line without a rate goes as 5 (0 %) ⚖. */
export const DSFINVK_VAT_IDS: ReadonlyMap<number, number> = new Map([
  [1900, 1],
  [700, 2],
  [1070, 3],
  [550, 4],
  [0, 5],
]);
const BON_TYPES: Record<string, string> = {
  sale: 'Beleg',
  'room-charge': 'AVTransfer',
  'late-charge': 'AVRechnung',
  void: 'AVBelegstorno',
  refund: 'AVBelegstorno',
  'take-back': 'AVBelegstorno',
};

export interface LedgerDsfinvkLine {
  lineId: string;
  text: string;
  businessCase: string;
  voided: boolean;
  articleNumber: string;
  groupId?: string;
  groupName?: string;
  quantityThousandths: number;
  unitGrossCents: number;
  vatId: number;
  grossCents: number;
  netCents: number;
}

export interface LedgerDsfinvkTransaction {
  bonId: string;
  bonNumber: number;
  bonType: string;
  terminalId: string;
  voided: boolean;
  start: string;
  end: string;
  operatorId?: string;
  operatorName?: string;
  customer?: { name: string };
  note?: string;
  allocationGroup: string;
  lines: LedgerDsfinvkLine[];
  payments: { type: 'Bar' | 'Unbar'; amountCents: number }[];
  references: {
    type: 'Transaktion' | 'ExterneRechnung' | 'ExterneSonstige';
    name?: string;
    date?: string;
    closingNumber?: number;
    bonId?: string;
  }[];
}

export interface LedgerDsfinvkClosing {
  closingNumber: number;
  createdAt: string;
  bookingDay: string;
  terminals: {
    id: string;
    brand: string;
    model: string;
    serial: string;
    softwareBrand: string;
    softwareVersion: string;
  }[];
  vatRates: { id: number; rateHundredths: number; description: string }[];
  transactions: LedgerDsfinvkTransaction[];
}

interface SaleRow {
  seq: number;
  saleId: string;
  kind: string;
  deviceId: string;
  deviceName: string;
  outlet: string;
  receiptNumber: number;
  staffId: string | null;
  staffName: string | null;
  createdAt: string;
  recordedAt: string;
  refersTo: string | null;
  body: string;
  voided: number;
  referredAt: string | null;
  referredZ: number | null;
}

/** The hotel Zs numbered `fromZ` to `toZ` as the ledger's part of DsfinvkClosing. */
export function ledgerDsfinvkClosings(
  db: HubDb,
  fromZ: number,
  toZ: number,
  softwareVersion: string,
): LedgerDsfinvkClosing[] {
  const closings = db
    .prepare(
      `SELECT z_number AS zNumber, closed_at AS closedAt, business_day AS businessDay, after_seq AS afterSeq,
              up_to_seq AS upToSeq
         FROM z_closings WHERE scope = '*' AND z_number BETWEEN ? AND ? ORDER BY z_number`,
    )
    .all(fromZ, toZ) as {
    zNumber: number;
    closedAt: string;
    businessDay: string;
    afterSeq: number;
    upToSeq: number;
  }[];
  const sales = db.prepare(
    `SELECT s.seq, s.sale_id AS saleId, s.kind, s.device_id AS deviceId, s.device_name AS deviceName, s.outlet,
            s.receipt_number AS receiptNumber, s.staff_id AS staffId, s.staff_name AS staffName,
            s.created_at AS createdAt, s.recorded_at AS recordedAt, s.refers_to AS refersTo, s.body,
            EXISTS (SELECT 1 FROM ledger_sales v WHERE v.refers_to = s.sale_id AND v.kind IN ('void', 'refund')) AS voided,
            r.created_at AS referredAt,
            (SELECT z.z_number FROM z_closings z WHERE z.scope = '*' AND r.seq > z.after_seq AND r.seq <= z.up_to_seq) AS referredZ
       FROM ledger_sales s LEFT JOIN ledger_sales r ON r.sale_id = s.refers_to
      WHERE s.seq > ? AND s.seq <= ? AND s.kind NOT IN ('shift-open', 'shift-close') ORDER BY s.seq`,
  );
  const lines = db.prepare(
    `SELECT line_no AS lineNo, product_id AS productId, name, quantity,
            COALESCE(quantity_milli, quantity * 1000) AS quantityMilli, unit_price_cents AS unitPriceCents,
            gross_cents AS grossCents, net_cents AS netCents, vat_rate_bp AS vatRateBp,
            commodity_group_id AS groupId, commodity_group_name AS groupName
       FROM ledger_lines WHERE sale_seq = ? ORDER BY line_no`,
  );
  const payments = db.prepare(
    `SELECT method, amount_cents AS amountCents, tip_cents AS tipCents FROM ledger_payments
      WHERE sale_seq = ? ORDER BY payment_no`,
  );
  const invoices = db.prepare(
    `SELECT i.invoice_id AS invoiceId,
            (SELECT o.invoice_number FROM ledger_outcomes o WHERE o.sale_id = i.sale_id AND o.invoice_id = i.invoice_id
               AND o.invoice_number IS NOT NULL ORDER BY o.seq DESC LIMIT 1) AS invoiceNumber
       FROM ledger_invoices i WHERE i.sale_id = ?`,
  );

  return closings.map((closing) => {
    const rows = sales.all(closing.afterSeq, closing.upToSeq) as SaleRow[];
    const terminals = new Map<string, string>();
    const rates = new Set<number>();
    const transactions = rows.map((row): LedgerDsfinvkTransaction => {
      terminals.set(row.deviceId, row.deviceName);
      const body = JSON.parse(row.body) as {
        reason?: string;
        room?: { roomReservationId?: number; guestName?: string };
      };
      const recordLines = (
        lines.all(row.seq) as {
          lineNo: number;
          productId: number;
          name: string;
          quantity: number;
          quantityMilli: number;
          unitPriceCents: number;
          grossCents: number;
          netCents: number;
          vatRateBp: number | null;
          groupId: number | null;
          groupName: string;
        }[]
      ).map((line): LedgerDsfinvkLine => {
        const vatId = DSFINVK_VAT_IDS.get(line.vatRateBp ?? 0) ?? 5;
        rates.add(line.vatRateBp ?? 0);
        return {
          lineId: String(line.lineNo),
          text: line.name,
          businessCase: 'Umsatz',
          voided: row.kind === 'void',
          articleNumber: String(line.productId),
          ...(line.groupId === null ? {} : { groupId: String(line.groupId) }),
          ...(line.groupName ? { groupName: line.groupName } : {}),
          // A part of an equal split sells thousandths of an item: its price per item is the bill's.
          quantityThousandths: line.quantityMilli,
          unitGrossCents:
            line.quantityMilli === line.quantity * 1000 || line.quantityMilli === 0
              ? line.unitPriceCents
              : Math.round((line.grossCents * 1000) / line.quantityMilli),
          vatId,
          grossCents: line.grossCents,
          netCents: line.netCents,
        };
      });
      const paid: LedgerDsfinvkTransaction['payments'] = [];
      for (const payment of payments.all(row.seq) as {
        method: string;
        amountCents: number;
        tipCents: number;
      }[]) {
        if (payment.method === 'room' || payment.method === 'invoice') continue; // not paid at the till
        // A tip given back (a refund's negative tip) is a line of its own too, so the lines add up to the payments.
        if (payment.tipCents !== 0) {
          rates.add(0);
          recordLines.push({
            lineId: `tip-${recordLines.length + 1}`,
            text: 'Trinkgeld',
            businessCase: 'TrinkgeldAN',
            voided: false,
            articleNumber: 'tip',
            quantityThousandths: Math.sign(payment.tipCents) * 1000,
            unitGrossCents: Math.abs(payment.tipCents),
            vatId: 5,
            grossCents: payment.tipCents,
            netCents: payment.tipCents,
          });
        }
        paid.push({
          type: payment.method === 'cash' ? 'Bar' : 'Unbar',
          amountCents: payment.amountCents + payment.tipCents,
        });
      }
      const references: LedgerDsfinvkTransaction['references'] = [];
      if (row.refersTo)
        references.push({
          type: 'Transaktion',
          bonId: row.refersTo,
          ...(row.referredAt ? { date: row.referredAt } : {}),
          closingNumber: row.referredZ ?? closing.zNumber,
        });
      if (body.room?.roomReservationId !== undefined)
        references.push({ type: 'ExterneSonstige', name: `reservation ${body.room.roomReservationId}` });
      for (const invoice of invoices.all(row.saleId) as { invoiceId: number; invoiceNumber: string | null }[])
        references.push({
          type: 'ExterneRechnung',
          name: invoice.invoiceNumber ?? `invoice ${invoice.invoiceId}`,
        });
      return {
        bonId: row.saleId,
        bonNumber: row.receiptNumber,
        bonType: BON_TYPES[row.kind] ?? 'AVSonstige',
        terminalId: row.deviceId,
        voided: row.voided === 1,
        // The sale's own times on the till (an offline sale's too): its arrival at the server is not its end.
        start: row.createdAt,
        end: row.createdAt,
        ...(row.staffId ? { operatorId: row.staffId } : {}),
        ...(row.staffName ? { operatorName: row.staffName } : {}),
        ...(body.room?.guestName ? { customer: { name: body.room.guestName } } : {}),
        ...(body.reason ? { note: body.reason } : {}),
        allocationGroup: row.outlet,
        lines: recordLines,
        payments: paid,
        references,
      };
    });
    return {
      closingNumber: closing.zNumber,
      createdAt: closing.closedAt,
      bookingDay: closing.businessDay,
      terminals: [...terminals].map(([id, name]) => ({
        id,
        brand: 'Hotel Till',
        model: name,
        serial: id,
        softwareBrand: 'Hotel Till',
        softwareVersion,
      })),
      vatRates: [...rates]
        .sort((a, b) => b - a)
        .map((bp) => ({
          id: DSFINVK_VAT_IDS.get(bp) ?? 5,
          rateHundredths: bp,
          description: `${bp / 100} %`,
        })),
      transactions,
    };
  });
}
