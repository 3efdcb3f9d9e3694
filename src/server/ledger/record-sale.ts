// Recording a sale in the ledger (`POST /till/sales`; rules: docs/ledger.md, "Recording"): the body
// checked at the edge, idempotent by sale id (409 `sale_conflict`), lines priced by the server's
// catalogue (src/server/catalogue/), size held to the outlet's limits (bounds.ts), card payments checked
// against the terminal (card-check.ts) and a card refund against how the sale was paid
// (refund-card-checks.ts), approvals checked once and spent with it, net and VAT per line, a receipt
// number and audit rows, in one SQLite transaction (shared with others ready then: group-commit.ts).
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { ApiError } from '../../node-http/errors.ts';
import type { Device } from '../../pms/device-calls.ts';
import { type LedgerRecord, type LedgerRecordAnswer, LedgerRecordSchema } from '../../pms/ledger-wire.ts';
import { type ApprovalAction, readApproval } from '../../pms/staff-calls.ts';
import { describeIssues } from '../../pms/wire.ts';
import { discountOfLine } from '../../shared/bill-share.ts';
import { lineGross, linesNetAndVat } from '../../shared/vat.ts';
import { type Catalogue, priceRecord } from '../catalogue/index.ts';
import type { HubDb } from '../hub/hub-db.ts';
import {
  approvalRequired,
  approvedText,
  type CheckedApproval,
  type PriceNeeds,
  passingApprovals,
  priceNeeds,
  spendForRecord,
} from '../staff/approvals.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { StaffError, type StaffRegistry } from '../staff/staff-registry.ts';
import { createBillShares, partOfBill, quantitiesMilli } from './bill-shares.ts';
import { createOutletLimits, limitsBreached } from './bounds.ts';
import { type CardPaymentSource, checkCardPayments } from './card-check.ts';
import { createDeviations, type Deviation, madeWithoutServer } from './deviations.ts';
import { createGroupCommit } from './group-commit.ts';
import { type TaxSource, taxOfLines } from './line-tax.ts';
import { checkRefundCards } from './refund-card-checks.ts';
import { checkRefundLeft } from './refund-checks.ts';
import { checkConsistent } from './sale-checks.ts';
import { createStandaloneCards } from './standalone-cards.ts';

export interface LedgerDeps {
  db: HubDb;
  staff: StaffRegistry;
  audit: AuditLog;
  now: () => Date;
}

/** A stored record's row, as the ledger reads it back. */
export interface StoredSale {
  seq: number;
  saleId: string;
  kind: string;
  deviceId: string;
  outlet: string;
  receiptNumber: number;
  recordedAt: string;
  refersTo: string | null;
  totalCents: number;
  bodySha256: string;
  body: string;
}

const SELECT_SALE = `SELECT seq, sale_id AS saleId, kind, device_id AS deviceId, outlet,
  receipt_number AS receiptNumber, recorded_at AS recordedAt, refers_to AS refersTo,
  total_cents AS totalCents, body_sha256 AS bodySha256, body FROM ledger_sales`;

export function answerOf(row: StoredSale): LedgerRecordAnswer {
  return { saleId: row.saleId, seq: row.seq, receiptNumber: row.receiptNumber, recordedAt: row.recordedAt };
}

/** An approval the record uses, with the amount it is spent for. */
interface Use {
  checked: CheckedApproval;
  amountCents: number | null;
}

/** Told of each record once it is stored (not of a resend): printing/ledger-printing.ts prints from it. */
export type RecordedListener = (sale: StoredSale) => void;

export function createSaleRecorder({ db, staff, audit, now }: LedgerDeps) {
  const listeners = new Set<RecordedListener>();
  const selectBySaleId = db.prepare(`${SELECT_SALE} WHERE sale_id = ?`);
  /** The card terminal's rows, once the card service is up (card-terminal/index.ts). */
  let cardPayments: CardPaymentSource | undefined;
  /** The server's catalogue, once the app has one (app.ts); a hub alone (closing tests) takes lines as sent. */
  let catalogue: Catalogue | undefined;
  const limits = createOutletLimits(db);
  const deviations = createDeviations(db);
  const billShares = createBillShares(db);
  const standaloneCards = createStandaloneCards(db);
  const commits = createGroupCommit(db);
  const nextReceipt = db.prepare(
    'SELECT COALESCE(MAX(receipt_number), 0) + 1 AS n FROM ledger_sales WHERE outlet = ?',
  );
  const insertSale = db.prepare(
    `INSERT INTO ledger_sales (sale_id, reference, kind, device_id, device_name, outlet, receipt_number,
       staff_id, staff_name, created_at, recorded_at, refers_to, total_cents, body_sha256, body)
     VALUES (@saleId, @reference, @kind, @deviceId, @deviceName, @outlet, @receiptNumber, @staffId,
       @staffName, @createdAt, @recordedAt, @refersTo, @totalCents, @bodySha256, @body)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO ledger_lines (sale_seq, line_no, product_id, name, quantity, unit_price_cents,
       catalogue_price_cents, discount_cents, gross_cents, vat_rate_bp, net_cents, vat_cents,
       commodity_group_id, commodity_group_name, quantity_milli)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = db.prepare(
    `INSERT INTO ledger_payments (sale_seq, payment_no, method, amount_cents, tendered_cents, change_cents,
       tip_cents, card) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  /** The server's VAT rate and group on every line (line-tax.ts), once the gateway is up. */
  let taxSource: TaxSource | undefined;
  async function serverTaxed(sent: LedgerRecord): Promise<LedgerRecord> {
    await taxSource?.ready();
    const referred = sent.refersTo
      ? (selectBySaleId.get(sent.refersTo) as StoredSale | undefined)
      : undefined;
    return taxOfLines(sent, referred ? (JSON.parse(referred.body) as LedgerRecord) : undefined, taxSource);
  }

  /** The stored answer to a resend of the same body, or 409 for another body under the id. */
  function earlierAnswer(saleId: string, bodySha256: string, device: Device): LedgerRecordAnswer | null {
    const stored = selectBySaleId.get(saleId) as StoredSale | undefined;
    if (!stored) return null;
    if (stored.deviceId !== device.id || stored.bodySha256 !== bodySha256)
      throw new ApiError(
        409,
        `sale ${saleId} is recorded already with another body`,
        'saleId',
        'sale_conflict',
      );
    return answerOf(stored);
  }

  const approvalsOfSale = db.prepare(
    `SELECT approval_id AS id FROM ledger_approvals a JOIN ledger_sales s ON s.seq = a.sale_seq
      WHERE s.sale_id = ?`,
  );
  function approvalIdsOf(saleId: string): Set<string> {
    return new Set((approvalsOfSale.all(saleId) as { id: string }[]).map((row) => row.id));
  }

  /** The subjects an approval of this record may name: the record, what it refers to, its shift. */
  function subjectsOf(record: LedgerRecord): string[] {
    return [record.saleId, record.refersTo, record.shift?.shiftId].filter((s): s is string => !!s);
  }

  /** Checks the record's approvals (signatures and names; spending comes in the transaction). */
  async function checkApprovals(
    record: LedgerRecord,
    device: Device,
    outage: boolean,
  ): Promise<{ uses: Use[]; splitBelow: PriceNeeds | null; deviations: Deviation[] }> {
    // A late charge carries the refused room charge's approvals, spent by that record: not again.
    const inherited = record.kind === 'late-charge' ? approvalIdsOf(record.refersTo!) : new Set<string>();
    const tokens = [...new Set(record.approvals)].filter(
      (token) => !inherited.has(readApproval(token)?.id ?? ''),
    );
    const subjects = subjectsOf(record);
    const subjectOf = (token: string) => {
      const named = readApproval(token)?.subject;
      return named && subjects.includes(named) ? named : record.saleId;
    };
    /** Tokens of `action` that pass, each checked against the subject it names. */
    const passing = async (action: ApprovalAction | readonly ApprovalAction[], minAmountCents?: number) => {
      const passed: CheckedApproval[] = [];
      let refusal: StaffError | undefined;
      for (const token of tokens) {
        try {
          passed.push(
            ...(await passingApprovals(staff, [token], {
              action,
              subject: subjectOf(token),
              deviceId: device.id,
              ...(minAmountCents === undefined ? {} : { minAmountCents }),
            })),
          );
        } catch (error) {
          if (!(error instanceof StaffError)) throw error;
          if (error.code !== 'approval_required') refusal ??= error;
        }
      }
      if (passed.length === 0) throw refusal ?? approvalRequired();
      return passed;
    };
    const uses: Use[] = [];
    const deviated: Deviation[] = [];
    /** A missing approval: refused, or for a sale made without the server, recorded as a deviation. */
    const missing = async (deviation: Deviation, check: () => Promise<void>) => {
      try {
        await check();
      } catch (error) {
        const absent =
          error instanceof StaffError &&
          (error.code === 'approval_required' ||
            error.code === 'approval_mismatch' ||
            error.code === 'limit_exceeded');
        if (!outage || !absent) throw error;
        deviated.push(deviation);
      }
    };
    let splitBelow: PriceNeeds | null = null;
    const needs = staff.hasManager();
    const taken = new Set<string>();
    const take = (checked: CheckedApproval, amountCents: number | null) => {
      taken.add(checked.approval.id);
      uses.push({ checked, amountCents });
    };
    // A void's, take-back's or refund's approval binds its amount, where it names one.
    const covering = (passed: CheckedApproval[]) => {
      const need = Math.abs(record.totalCents);
      const found = passed.find(
        (c) => c.approval.amountCents === null || Math.abs(c.approval.amountCents) >= need,
      );
      if (!found)
        throw new StaffError(
          403,
          'approval_mismatch',
          `the approval does not cover ${need} cents`,
          'approval',
        );
      return found;
    };
    if (needs && (record.kind === 'void' || record.kind === 'refund'))
      take(covering(await passing('void_sale')), record.totalCents);
    if (needs && record.kind === 'take-back')
      take(covering(await passing(['take_back', 'void_sale'])), record.totalCents);
    // A late charge's prices were approved on the room charge it carries on (its lines are that charge's).
    if (needs && record.lines.length > 0 && record.kind !== 'late-charge') {
      const price = priceNeeds(
        record.lines.map((line) => ({
          productId: line.productId,
          quantity: line.quantity,
          priceCents: line.unitPriceCents,
          catalogueCents: line.cataloguePriceCents,
        })),
        staff.policy(device.outlet),
      );
      const openPriceCents = price.openPriceCents;
      if (openPriceCents !== null)
        await missing(
          {
            kind: 'price',
            field: 'lines',
            cents: openPriceCents,
            text: 'an open or raised price unapproved',
          },
          async () => {
            const open = (await passing('open_price', openPriceCents)).find((c) => !taken.has(c.approval.id));
            if (!open) throw approvalRequired();
            take(open, openPriceCents);
          },
        );
      const split = record.split === true || record.share !== undefined;
      if (price.beyondLimit !== null && split) splitBelow = price;
      if (price.beyondLimit !== null && !split)
        await missing(
          {
            kind: 'price',
            field: 'lines',
            cents: price.discountCents,
            text: `below the catalogue: ${price.beyondLimit}`,
          },
          async () => {
            let owed = price.discountCents;
            for (const checked of await passing('discount')) {
              if (owed <= 0 || taken.has(checked.approval.id)) continue;
              const cents = Math.min(owed, Math.max(0, checked.amountLeftCents));
              if (cents <= 0) continue;
              take(checked, cents);
              owed -= cents;
            }
            if (owed > 0)
              throw new StaffError(
                403,
                'approval_mismatch',
                `the approved discount does not cover the ${price.discountCents} cents taken off: ${price.beyondLimit}`,
                'approval',
              );
          },
        );
    }
    // Above the outlet's limits: a manager's `over_limit` approval of at least the largest amount.
    const breaches = needs ? limitsBreached(record, limits.of(device.outlet)) : [];
    if (breaches.length > 0) {
      const top = Math.max(...breaches.map((b) => b.amountCents));
      const first = breaches[0]!;
      await missing(
        {
          kind: 'limit',
          field: first.field,
          cents: top - first.limitCents,
          text: breaches.map((b) => b.text).join('; '),
        },
        async () => {
          let over: CheckedApproval | undefined;
          try {
            over = (await passing('over_limit', top)).find((c) => !taken.has(c.approval.id));
          } catch (error) {
            if (!(error instanceof StaffError) || error.code !== 'approval_required') throw error;
          }
          if (!over)
            throw new StaffError(403, 'limit_exceeded', `${first.text}: a manager must approve`, first.field);
          take(over, top);
        },
      );
    }
    // Every other approval the record carries is checked for its own action, and spent with it.
    for (const token of tokens) {
      const approval = readApproval(token);
      if (!approval) throw new StaffError(403, 'approval_invalid', 'this is not an approval', 'approval');
      if (taken.has(approval.id)) continue;
      const [checked] = await passingApprovals(staff, [token], {
        action: approval.action,
        subject: subjectOf(token),
        deviceId: device.id,
      });
      take(checked!, approval.amountCents);
    }
    return { uses, splitBelow, deviations: deviated };
  }

  /**
   * Records `body` for `device`; answers the stored answer for a resend.
   * @throws ApiError 400 (invalid, totals), 403 (approvals), 409 sale_conflict or card_payment_unknown, 422 sale_unknown
   */
  async function record(device: Device, body: unknown): Promise<LedgerRecordAnswer> {
    const parsed = v.safeParse(LedgerRecordSchema, body);
    if (!parsed.success) {
      const { message, field } = describeIssues(parsed.issues);
      throw new ApiError(400, message, field, 'sale_invalid');
    }
    const sent = parsed.output;
    const bodySha256 = createHash('sha256').update(JSON.stringify(sent)).digest('hex');
    const earlier = earlierAnswer(sent.saleId, bodySha256, device);
    if (earlier) return earlier;
    checkConsistent(sent);
    checkCardPayments(sent, cardPayments);
    let referredBody: LedgerRecord | undefined;
    let referredRow: StoredSale | undefined;
    if (sent.refersTo) {
      const referred = selectBySaleId.get(sent.refersTo) as StoredSale | undefined;
      if (!referred || referred.outlet !== device.outlet)
        throw new ApiError(
          422,
          `refersTo: no recorded sale ${sent.refersTo} of this outlet`,
          'refersTo',
          'sale_unknown',
        );
      referredBody = JSON.parse(referred.body) as LedgerRecord;
      if (sent.kind === 'late-charge') sameLinesAs(sent, referredBody);
      checkRefundLeft(db, sent, referred);
      checkRefundCards(db, sent, referred.seq);
      referredRow = referred;
    }
    // What is stored (and signed, printed, exported) is the record as the server priced it, and for
    // a part of an equal split, the part's own lines (bill-shares.ts).
    // Without a catalogue (a hub used without the app), lines sent without a VAT rate or group get the
    // server's (line-tax.ts).
    const priced = catalogue ? await priceRecord(catalogue, sent, referredBody) : await serverTaxed(sent);
    billShares.check(device.outlet, sent, sent.lines);
    const sale = partOfBill(priced);
    const text = JSON.stringify(sale);
    const member = sale.staffId ? staff.member(sale.staffId) : undefined;
    if (sale.staffId && !member)
      throw new ApiError(400, 'staffId: no such staff member', 'staffId', 'staff_unknown');

    let uses: Use[];
    let splitBelow: PriceNeeds | null;
    let deviated: Deviation[];
    try {
      ({
        uses,
        splitBelow,
        deviations: deviated,
      } = await checkApprovals(sale, device, madeWithoutServer(sale, now())));
    } catch (error) {
      if (!(error instanceof StaffError)) throw error;
      throw refusedApproval(device, sale, error);
    }

    const recordedAt = now().toISOString();
    let stored = false;
    try {
      const answer = await commits.run(() => {
        // A send racing this one (the same body twice at once) may have stored it meanwhile.
        const raced = earlierAnswer(sale.saleId, bodySha256, device);
        if (raced) return raced;
        // Two refunds of one sale sent together: the second sees the first here; two parts of one bill too.
        if (referredRow) {
          checkRefundLeft(db, sale, referredRow);
          checkRefundCards(db, sale, referredRow.seq);
        }
        billShares.check(device.outlet, sent, sent.lines);
        const receiptNumber = (nextReceipt.get(device.outlet) as { n: number }).n;
        const seq = Number(
          insertSale.run({
            saleId: sale.saleId,
            reference: sale.reference,
            kind: sale.kind,
            deviceId: device.id,
            deviceName: device.name,
            outlet: device.outlet,
            receiptNumber,
            staffId: sale.staffId,
            staffName: member?.name ?? null,
            createdAt: sale.createdAt,
            recordedAt,
            refersTo: sale.refersTo ?? null,
            totalCents: sale.totalCents,
            bodySha256,
            body: text,
          }).lastInsertRowid,
        );
        billShares.add(seq, device.outlet, sent, sent.lines);
        const milli = quantitiesMilli(sale, referredBody);
        // Each line's share of the record's VAT per rate, as its receipt prints it (docs/ledger.md, "VAT").
        const taxed = linesNetAndVat(
          sale.lines.map((line) => ({ grossCents: lineGross(line), vatRateBp: line.vatRateBp })),
        );
        sale.lines.forEach((line, index) => {
          const gross = lineGross(line);
          const { netCents, vatCents } = taxed[index]!;
          const off = discountOfLine(line);
          insertLine.run(
            seq,
            index + 1,
            line.productId,
            line.name,
            line.quantity,
            line.unitPriceCents,
            line.cataloguePriceCents,
            off,
            gross,
            line.vatRateBp,
            netCents,
            vatCents,
            line.commodityGroupId === null ? null : Math.trunc(line.commodityGroupId),
            line.commodityGroupName,
            milli[index],
          );
        });
        sale.payments.forEach((payment, index) => {
          insertPayment.run(
            seq,
            index + 1,
            payment.method,
            payment.amountCents,
            payment.tenderedCents ?? null,
            payment.changeCents ?? null,
            payment.tipCents ?? 0,
            payment.card ? JSON.stringify(payment.card) : null,
          );
        });
        for (const use of uses) spendForRecord(db, use.checked, seq, recordedAt, use.amountCents);
        deviations.add(seq, deviated);
        standaloneCards.add(seq, sale);
        const managers = [...new Set(uses.map((use) => use.checked.manager.name))];
        const base = {
          at: sale.createdAt,
          staffId: sale.staffId,
          staffName: member?.name ?? null,
          deviceId: device.id,
          deviceName: device.name,
          subject: sale.saleId,
        };
        audit.append({
          ...base,
          eventId: `ledger:${sale.saleId}`,
          kind: 'sale_recorded',
          approvedBy: managers.length > 0 ? managers.join(', ') : null,
          amountCents: sale.totalCents,
          note: `${sale.kind} ${sale.reference}: ${device.outlet} receipt ${receiptNumber}`,
        });
        // A part of a split bill is priced below the catalogue by the split itself: not held to the
        // discount limit, but on record.
        if (splitBelow)
          audit.append({
            ...base,
            eventId: `split:${sale.saleId}`,
            kind: 'split_below_catalogue',
            amountCents: splitBelow.discountCents,
            note: `a part of a split bill: ${splitBelow.beyondLimit}`,
          });
        for (const [index, deviation] of deviated.entries())
          audit.append({
            ...base,
            eventId: `deviation:${sale.saleId}:${index + 1}`,
            kind: 'ledger_deviation',
            amountCents: deviation.cents,
            note: `made without the till server, recorded for review: ${deviation.kind}: ${deviation.text}`,
          });
        for (const { checked, amountCents } of uses)
          audit.append({
            ...base,
            eventId: `approval:${checked.approval.id}`,
            kind: 'approval_used',
            approvedBy: checked.manager.name,
            amountCents,
            note: approvedText(checked.approval.action, checked.manager.name),
          });
        stored = true;
        return { saleId: sale.saleId, seq, receiptNumber, recordedAt };
      });
      if (stored) tellRecorded(sale.saleId);
      return answer;
    } catch (error) {
      if (error instanceof StaffError) throw refusedApproval(device, sale, error);
      throw error;
    }
  }

  /** The one hook after a stored record: a listener's failure does not undo or fail the record. */
  function tellRecorded(saleId: string): void {
    const row = selectBySaleId.get(saleId) as StoredSale | undefined;
    if (!row) return;
    for (const listener of listeners) {
      try {
        listener(row);
      } catch {
        // The record stands; the listener (printing) keeps its own state and logs.
      }
    }
  }

  /** A 403 for an approval refused on `sale`, recorded in the audit log first. */
  function refusedApproval(device: Device, sale: LedgerRecord, error: StaffError): ApiError {
    audit.append({
      kind: 'approval_refused',
      deviceId: device.id,
      deviceName: device.name,
      staffId: sale.staffId,
      subject: sale.saleId,
      amountCents: sale.totalCents,
      note: `${sale.kind}: ${error.code}`,
    });
    return new ApiError(403, error.message, error.field, error.code);
  }

  return {
    record,
    /** Where recorded card payments are checked against the terminal's own rows (ledger/card-check.ts). */
    useCardPayments(source: CardPaymentSource): void {
      cardPayments = source;
    },
    /** Where every line's VAT rate and group come from (line-tax.ts). */
    useTaxSource(source: TaxSource): void {
      taxSource = source;
    },
    /** Prices every record's lines from `source` from now on (app.ts; src/server/catalogue/). */
    useCatalogue(source: Catalogue): void {
      catalogue = source;
    },
    /** Each outlet's limits (bounds.ts). */
    limits,
    /** The deviations recorded for review (deviations.ts). */
    deviations,
    /** How many transactions the records shared (group-commit.ts). */
    commitCounts: commits.counts,
    /** Calls `listener` with each record once it is stored; answers a function that stops it. */
    onRecorded(listener: RecordedListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The stored record of `saleId`, or undefined. */
    sale(saleId: string): StoredSale | undefined {
      return selectBySaleId.get(saleId) as StoredSale | undefined;
    },
  };
}

/** A late charge carries on its room charge: the same products, quantities and prices. */
function sameLinesAs(late: LedgerRecord, charge: LedgerRecord): void {
  const key = (line: LedgerRecord['lines'][number]) =>
    `${line.productId}:${line.quantity}:${line.unitPriceCents}`;
  const theirs = (charge.lines ?? []).map(key).sort().join(',');
  if (charge.kind !== 'room-charge' || late.lines.map(key).sort().join(',') !== theirs)
    throw new ApiError(
      400,
      'lines: a late charge carries the lines of the room charge it refers to',
      'lines',
      'sale_invalid',
    );
}
