// The DSFinV-K input read from the sales ledger: a range of the hotel's Z closings (z_closings,
// scope '*'), each with the records of its seq range (ledger_sales, _lines, _payments) and their
// TSE data from the fiscal store. The mapping is docs/ledger.md's "DSFinV-K mapping"; where it
// leaves room, docs/fiscal.md "DSFinV-K from the ledger" marks our choices. Nothing is copied: the
// export is read from the ledger each time.
import type { HubDb } from '../../../hub/hub-db.ts';
import { vatIdOfRate } from '../../fiscal-sale.ts';
import type { FiscalStore } from '../fiscal-store.ts';
import type {
  DsfinvkAddress,
  DsfinvkClosing,
  DsfinvkLine,
  DsfinvkPayment,
  DsfinvkReference,
  DsfinvkTransaction,
} from './closing.ts';
import { tseMasterOf, tseTransactionOf } from './from-signing.ts';

/** The business as the tax office knows it (the fiscal settings on the admin page). */
export type DsfinvkBusiness = DsfinvkAddress & { taxNumber?: string };

export interface LedgerClosingsOptions {
  db: HubDb;
  store: FiscalStore;
  business: () => DsfinvkBusiness;
  softwareVersion: string;
}

const BON_TYPES: Record<string, string> = {
  sale: 'Beleg',
  'room-charge': 'AVTransfer',
  'late-charge': 'AVRechnung',
  void: 'AVBelegstorno',
  'take-back': 'AVBelegstorno',
  refund: 'AVBelegstorno',
};

const VAT_RATES = [
  { id: 1, rateHundredths: 1900, description: 'Regelsteuersatz' },
  { id: 2, rateHundredths: 700, description: 'Ermäßigter Steuersatz' },
  { id: 3, rateHundredths: 1070, description: 'Durchschnittsatz (§ 24 Abs. 1 Nr. 3 UStG)' },
  { id: 4, rateHundredths: 550, description: 'Durchschnittsatz (§ 24 Abs. 1 Nr. 1 UStG)' },
  { id: 5, rateHundredths: 0, description: 'Nicht steuerbar / steuerfrei' },
];

interface ZRow {
  zNumber: number;
  businessDay: string;
  afterSeq: number;
  upToSeq: number;
  closedAt: string;
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
}
interface LineRow {
  saleSeq: number;
  lineNo: number;
  productId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  grossCents: number;
  netCents: number;
  vatRateBp: number | null;
  groupId: number | null;
  groupName: string;
}
interface PaymentRow {
  saleSeq: number;
  method: string;
  amountCents: number;
}

export function createLedgerClosings(options: LedgerClosingsOptions) {
  const { db, store } = options;
  const closingsIn = db.prepare(
    `SELECT z_number AS zNumber, business_day AS businessDay, after_seq AS afterSeq, up_to_seq AS upToSeq,
            closed_at AS closedAt
       FROM z_closings WHERE scope = '*' AND z_number BETWEEN ? AND ? ORDER BY z_number`,
  );
  const salesIn = db.prepare(
    `SELECT seq, sale_id AS saleId, kind, device_id AS deviceId, device_name AS deviceName, outlet,
            receipt_number AS receiptNumber, staff_id AS staffId, staff_name AS staffName,
            created_at AS createdAt, recorded_at AS recordedAt, refers_to AS refersTo, body
       FROM ledger_sales WHERE seq > ? AND seq <= ? AND kind NOT IN ('shift-open', 'shift-close')
      ORDER BY seq`,
  );
  const linesIn = db.prepare(
    `SELECT sale_seq AS saleSeq, line_no AS lineNo, product_id AS productId, name, quantity,
            unit_price_cents AS unitPriceCents, gross_cents AS grossCents, net_cents AS netCents,
            vat_rate_bp AS vatRateBp, commodity_group_id AS groupId, commodity_group_name AS groupName
       FROM ledger_lines WHERE sale_seq > ? AND sale_seq <= ? ORDER BY sale_seq, line_no`,
  );
  const paymentsIn = db.prepare(
    `SELECT sale_seq AS saleSeq, method, amount_cents AS amountCents
       FROM ledger_payments WHERE sale_seq > ? AND sale_seq <= ? ORDER BY sale_seq, payment_no`,
  );
  const voidedIds = db.prepare(
    `SELECT DISTINCT refers_to AS id FROM ledger_sales WHERE kind IN ('void', 'refund') AND refers_to IS NOT NULL`,
  );
  const referred = db.prepare(
    `SELECT s.sale_id AS saleId, s.recorded_at AS recordedAt,
            (SELECT z_number FROM z_closings z WHERE z.scope = '*' AND s.seq > z.after_seq
                AND s.seq <= z.up_to_seq) AS zNumber
       FROM ledger_sales s WHERE s.sale_id = ?`,
  );
  const invoicesOf = db.prepare(
    'SELECT invoice_id AS id, created_at AS createdAt FROM ledger_invoices WHERE sale_id = ?',
  );

  function transactionOf(
    sale: SaleRow,
    lines: LineRow[],
    payments: PaymentRow[],
    voided: Set<string>,
    cashRegisterId: string,
  ): DsfinvkTransaction {
    const body = JSON.parse(sale.body) as {
      room?: { roomReservationId?: number; guestName?: string };
      reason?: string;
    };
    const correction = BON_TYPES[sale.kind] === 'AVBelegstorno';
    const dsLines: DsfinvkLine[] = lines.map((line) => ({
      lineId: String(line.lineNo),
      text: line.name,
      // A late charge carries its room charge's goods, counted with that charge (as in the Z
      // report): here it is the receivable that arises, not revenue again (ours ⚖).
      ...(sale.kind === 'late-charge' ? { businessCase: 'Forderungsentstehung' } : {}),
      ...(correction ? { voided: true } : {}),
      articleNumber: String(line.productId),
      ...(line.groupId === null ? {} : { groupId: String(line.groupId), groupName: line.groupName }),
      quantityThousandths: line.quantity * 1000,
      unitGrossCents: line.unitPriceCents,
      vatId: vatIdOfRate(line.vatRateBp),
      grossCents: line.grossCents,
      netCents: line.netCents,
    }));
    const dsPayments: DsfinvkPayment[] = payments
      .filter((p) => p.method === 'cash' || p.method === 'card')
      .map((p) => ({ type: p.method === 'cash' ? 'Bar' : 'Unbar', amountCents: p.amountCents }));
    const references: DsfinvkReference[] = [];
    if (sale.refersTo) {
      const original = referred.get(sale.refersTo) as
        | { saleId: string; recordedAt: string; zNumber: number | null }
        | undefined;
      if (original)
        references.push({
          type: 'Transaktion',
          bonId: original.saleId,
          date: original.recordedAt,
          closingCashRegisterId: cashRegisterId,
          ...(original.zNumber === null ? {} : { closingNumber: original.zNumber }),
        });
    }
    if (sale.kind === 'room-charge' && body.room?.roomReservationId !== undefined)
      references.push({ type: 'ExterneSonstige', name: `Reservierung ${body.room.roomReservationId}` });
    for (const invoice of invoicesOf.all(sale.saleId) as { id: number; createdAt: string }[])
      references.push({ type: 'ExterneRechnung', name: `Rechnung ${invoice.id}`, date: invoice.createdAt });
    const signed = store.get(sale.saleId);
    const tse = signed ? tseTransactionOf(signed) : undefined;
    return {
      bonId: sale.saleId,
      bonNumber: sale.receiptNumber,
      bonType: BON_TYPES[sale.kind] ?? 'Beleg',
      terminalId: sale.deviceId,
      ...(voided.has(sale.saleId) ? { voided: true } : {}),
      start: sale.createdAt,
      end: sale.recordedAt,
      ...(sale.staffId ? { operatorId: sale.staffId } : {}),
      ...(sale.staffName ? { operatorName: sale.staffName } : {}),
      ...(body.room?.guestName ? { customer: { name: body.room.guestName } } : {}),
      ...(body.reason ? { note: body.reason } : {}),
      allocationGroup: sale.outlet,
      lines: dsLines,
      payments: dsPayments,
      ...(references.length > 0 ? { references } : {}),
      ...(tse ? { tse } : {}),
    };
  }

  /**
   * The hotel's Z closings fromZ..toZ as DSFinV-K input (none for numbers not closed), with the
   * TSE's certificate (base64) for tse.csv.
   */
  return function closings(fromZ: number, toZ: number, certificate = ''): DsfinvkClosing[] {
    const setup = store.setup();
    const cashRegisterId = setup?.clientSerial ?? 'HOTEL-TILL';
    const business = options.business();
    const voided = new Set((voidedIds.all() as { id: string }[]).map((row) => row.id));
    return (closingsIn.all(fromZ, toZ) as ZRow[]).map((z) => {
      const sales = salesIn.all(z.afterSeq, z.upToSeq) as SaleRow[];
      const lines = linesIn.all(z.afterSeq, z.upToSeq) as LineRow[];
      const payments = paymentsIn.all(z.afterSeq, z.upToSeq) as PaymentRow[];
      const bySale = <T extends { saleSeq: number }>(rows: T[]) => {
        const map = new Map<number, T[]>();
        for (const row of rows) map.set(row.saleSeq, [...(map.get(row.saleSeq) ?? []), row]);
        return map;
      };
      const linesOf = bySale(lines);
      const paymentsOf = bySale(payments);
      const terminals = new Map<string, string>();
      for (const sale of sales) terminals.set(sale.deviceId, sale.deviceName);
      return {
        cashRegisterId,
        closingNumber: z.zNumber,
        createdAt: z.closedAt,
        bookingDay: z.businessDay,
        company: business,
        location: business,
        cashRegister: {
          brand: 'Hotel Till',
          model: 'Hotel Till server',
          serial: cashRegisterId,
          softwareBrand: 'Hotel Till',
          softwareVersion: options.softwareVersion,
          baseCurrency: 'EUR',
        },
        terminals: [...terminals].map(([id, name]) => ({
          id,
          brand: 'Hotel Till',
          model: name,
          serial: id,
          softwareBrand: 'Hotel Till',
          softwareVersion: options.softwareVersion,
        })),
        tse: setup ? [tseMasterOf(setup, certificate)] : [],
        vatRates: VAT_RATES,
        transactions: sales.map((sale) =>
          transactionOf(
            sale,
            linesOf.get(sale.seq) ?? [],
            paymentsOf.get(sale.seq) ?? [],
            voided,
            cashRegisterId,
          ),
        ),
      };
    });
  };
}
