// Closing the hotel's day: the X report (any time, nothing written), drawer counts, and the Z
// report, which closes every outlet's records up to a seq in one transaction, with a consecutive
// number for the hotel (scope '*') and one per outlet. A Z is refused while a drawer that held cash
// is uncounted; it may close with sales still pending in the PMS, and lists them. Closings and
// counts are append-only rows (hub-db.ts triggers): a correction is a new record on a later day.

import { createHash } from 'node:crypto';
import type { CardTerminalDay, CashCountInput, DayReport, DrawerCashUp } from '../../../pms/closing-wire.ts';
import { hotelDate } from '../../clock/hotel-clock.ts';
import type { HubDb } from '../../hub/hub-db.ts';
import type { OutletRegistry } from '../../hub/outlets.ts';
import { createDeviations } from '../deviations.ts';
import { createStandaloneCards } from '../standalone-cards.ts';
import { BusinessDayError, checkBusinessDay } from './business-day.ts';
import { createCashQueries, drawerCashUps, drawerHeldCash } from './cash-up.ts';
import { createDayQueries, type SeqRange } from './day-queries.ts';
import { dayTotals } from './day-report.ts';
import { createFloatCorrections } from './float-corrections.ts';
import { createOpenSalesQueries } from './open-sales.ts';
import { createRefundBookings } from './refund-bookings.ts';

/** The card terminals' days for a report's records and the end-of-days since `since` (an ISO time). */
export type CardDaySource = (range: SeqRange, since: string) => CardTerminalDay[];

export const HOTEL_SCOPE = '*';

export class ClosingError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ClosingError';
  }
}

/** Who does it: the staff member (or 'admin key'), and where. */
export interface Actor {
  staffId: string | null;
  staffName: string;
  deviceId?: string | null;
  /** The approval used (a tablet's `close_day` token's id). */
  approvalId?: string | null;
}

/** A manager's approval of a count whose difference is above the outlet's limit. */
export interface CountApproval {
  managerId: string;
  managerName: string;
  approvalId: string | null;
}

export interface ZClosingRow {
  zId: number;
  scope: string;
  zNumber: number;
  hotelZId: number | null;
  businessDay: string;
  afterSeq: number;
  upToSeq: number;
  closedAt: string;
  closedBy: string;
  grossCents: number;
}

export type DayClosing = ReturnType<typeof createDayClosing>;

export function createDayClosing(db: HubDb, outlets: OutletRegistry, now: () => Date) {
  const day = createDayQueries(db);
  const cash = createCashQueries(db);
  const lastHotelZ = db.prepare(
    `SELECT z_id AS zId, z_number AS zNumber, up_to_seq AS upToSeq, last_count_id AS lastCountId,
            business_day AS businessDay, closed_at AS closedAt
       FROM z_closings WHERE scope = '*' ORDER BY z_id DESC LIMIT 1`,
  );
  const lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM ledger_sales');
  const openSales = createOpenSalesQueries(db);
  const refunds = createRefundBookings(db, now);
  const floatCorrections = createFloatCorrections(db);
  /** The drawers' cash-up over `range`, the day's float corrections applied. */
  const cashUps = (range: SeqRange, lastCountId: number) =>
    drawerCashUps(cash, range, outlets.list(), lastCountId, floatCorrections.ofDay(range.after));
  const insertCount = db.prepare(
    `INSERT INTO cash_counts (outlet, drawer, after_z_id, up_to_seq, float_cents, cash_sales_cents,
       refunds_cents, expected_cents, counted_cents, difference_cents, denominations, counted_by_id,
       counted_by_name, approved_by_id, approved_by_name, approval_id, device_id, counted_at)
     VALUES (@outlet, @drawer, @afterZId, @upToSeq, @floatCents, @cashSalesCents, @refundsCents,
       @expectedCents, @countedCents, @differenceCents, @denominations, @countedById, @countedByName,
       @approvedById, @approvedByName, @approvalId, @deviceId, @countedAt)`,
  );
  const lastCount = db.prepare('SELECT COALESCE(MAX(count_id), 0) AS id FROM cash_counts');
  const nextNumber = db.prepare('SELECT COALESCE(MAX(z_number), 0) + 1 AS n FROM z_closings WHERE scope = ?');
  const insertZ = db.prepare(
    `INSERT INTO z_closings (scope, z_number, hotel_z_id, business_day, after_seq, up_to_seq,
       last_count_id, closed_at, closed_by_id, closed_by_name, device_id, approval_id, gross_cents,
       report, report_sha256)
     VALUES (@scope, @zNumber, @hotelZId, @businessDay, @afterSeq, @upToSeq, @lastCountId, @closedAt,
       @closedById, @closedByName, @deviceId, @approvalId, @grossCents, @report, @reportSha256)`,
  );
  const selectClosings = `SELECT z_id AS zId, scope, z_number AS zNumber, hotel_z_id AS hotelZId,
    business_day AS businessDay, after_seq AS afterSeq, up_to_seq AS upToSeq, closed_at AS closedAt,
    closed_by_name AS closedBy, gross_cents AS grossCents FROM z_closings`;

  type Previous = {
    zId: number;
    zNumber: number;
    upToSeq: number;
    lastCountId: number;
    businessDay: string;
    closedAt: string;
  };
  /** The card terminals' days, once the card service is up (card-terminal/index.ts). */
  let cardDays: CardDaySource | undefined;
  const previous = () => lastHotelZ.get() as Previous | undefined;
  const deviations = createDeviations(db);
  const standaloneCards = createStandaloneCards(db);

  function report(kind: 'X' | 'Z', range: SeqRange, lastCountId: number, since = ''): DayReport {
    const known = outlets.list();
    const cardTerminals = cardDays?.(range, since);
    const totals = dayTotals(day, range, known);
    const deviated = deviations.list(range.after, range.upTo);
    const standalone = standaloneCards.list(range.after, range.upTo);
    return {
      kind,
      afterSeq: range.after,
      upToSeq: range.upTo,
      generatedAt: now().toISOString(),
      hotel: totals.hotel,
      outlets: totals.outlets,
      drawers: cashUps(range, lastCountId),
      pendingByDevice: openSales.pendingByDevice(),
      attention: openSales.attention(),
      refundsToBook: refunds.toBook(),
      ...(deviated.length > 0 ? { deviations: deviated } : {}),
      ...(cardTerminals && cardTerminals.length > 0 ? { cardTerminals } : {}),
      ...(standalone.length > 0 ? { standaloneCards: standalone } : {}),
    };
  }

  /** The open day's range: everything recorded since the last Z (up to `upTo`, default all). */
  function openRange(upTo?: number): { range: SeqRange; prev: Previous | undefined } {
    const prev = previous();
    const newest = (lastSeq.get() as { seq: number }).seq;
    return { prev, range: { after: prev?.upToSeq ?? 0, upTo: upTo ?? newest } };
  }

  /**
   * The open day's range and the cash-up of `outlet`'s `drawer` in it: one of its drawers, or one
   * that held cash today (a drawer since removed).
   * @throws ClosingError 404 `drawer_unknown`
   */
  function openDrawer(outlet: { id: string; drawers: readonly string[] }, drawer: string) {
    const { range, prev } = openRange();
    const current = cashUps(range, prev?.lastCountId ?? 0).find(
      (d) => d.outlet === outlet.id && d.drawer === drawer,
    );
    if (!current || (!outlet.drawers.includes(drawer) && !drawerHeldCash(current)))
      throw new ClosingError(404, 'drawer_unknown', `the outlet has no drawer "${drawer}"`, 'drawer');
    return { range, prev, current };
  }

  const closing = {
    /** Where the reports read the card terminals' days (card-terminal/card-days.ts). */
    useCardDays(source: CardDaySource): void {
      cardDays = source;
    },
    /** The X report: the open day so far. Writes nothing. */
    xReport(): DayReport {
      const { range, prev } = openRange();
      return report('X', range, prev?.lastCountId ?? 0, prev?.closedAt);
    },

    /** The open day's cash-up of one drawer. */
    drawer(outlet: string, drawer: string): DrawerCashUp | undefined {
      const { range, prev } = openRange();
      return cashUps(range, prev?.lastCountId ?? 0).find((d) => d.outlet === outlet && d.drawer === drawer);
    },

    /**
     * Records a drawer's count against what it should hold now. Above the outlet's limit it needs
     * `approval` (a manager's), else ClosingError 403 `cash_difference_needs_approval`.
     * @throws ClosingError 400/404 naming the field
     */
    countDrawer(input: CashCountInput, actor: Actor, approval: CountApproval | null): DrawerCashUp {
      const outlet = outlets.get(input.outlet);
      if (!outlet) throw new ClosingError(404, 'outlet_unknown', 'no such outlet', 'outlet');
      let countedCents = 0;
      for (const [cents, pieces] of Object.entries(input.denominations))
        countedCents += Number(cents) * pieces;
      return db
        .transaction(() => {
          const { range, prev, current } = openDrawer(outlet, input.drawer);
          const differenceCents = countedCents - current.expectedCents;
          if (Math.abs(differenceCents) > outlet.cashDifferenceLimitCents && !approval)
            throw new ClosingError(
              403,
              'cash_difference_needs_approval',
              `the count is ${differenceCents > 0 ? 'over' : 'short'} by more than the outlet's limit: a manager must approve it`,
              'approval',
            );
          insertCount.run({
            outlet: outlet.id,
            drawer: input.drawer,
            afterZId: prev?.zId ?? null,
            upToSeq: range.upTo,
            floatCents: current.floatCents,
            cashSalesCents: current.cashSalesCents,
            refundsCents: current.refundsCents,
            expectedCents: current.expectedCents,
            countedCents,
            differenceCents,
            denominations: JSON.stringify(input.denominations),
            countedById: input.countedBy ? null : actor.staffId,
            countedByName: input.countedBy ?? actor.staffName,
            approvedById: approval?.managerId ?? null,
            approvedByName: approval?.managerName ?? null,
            approvalId: approval?.approvalId ?? null,
            deviceId: actor.deviceId ?? null,
            countedAt: now().toISOString(),
          });
          return closing.drawer(outlet.id, input.drawer)!;
        })
        .immediate();
    },

    /**
     * Closes the day up to `upToSeq` (the X report the closer saw): a Z for the hotel and one per
     * outlet, numbered on. @throws ClosingError 409 `day_already_closed` (a Z covers it already),
     * 409 `drawer_not_counted` (a drawer that held cash has no count since the last Z), 400 naming
     * the field.
     */
    closeDay(
      input: { upToSeq: number; businessDay?: string },
      actor: Actor,
    ): { zId: number; zNumber: number; report: DayReport } {
      return db
        .transaction(() => {
          const { range, prev } = openRange(input.upToSeq);
          const newest = (lastSeq.get() as { seq: number }).seq;
          if (prev && input.upToSeq <= prev.upToSeq)
            throw new ClosingError(
              409,
              'day_already_closed',
              `Z ${prev.zNumber} closed these records already`,
              'upToSeq',
            );
          if (input.upToSeq > newest)
            throw new ClosingError(400, 'seq_unknown', 'the ledger has no record of that seq yet', 'upToSeq');
          const businessDay = input.businessDay ?? localDate(now());
          try {
            checkBusinessDay(businessDay, localDate(now()), prev?.businessDay);
          } catch (error) {
            if (!(error instanceof BusinessDayError)) throw error;
            throw new ClosingError(400, error.code, error.message, 'businessDay');
          }
          const lastCountId = (lastCount.get() as { id: number }).id;
          const full = report('Z', range, prev?.lastCountId ?? 0, prev?.closedAt);
          const uncounted = full.drawers.find((d) => drawerHeldCash(d) && !d.count);
          if (uncounted)
            throw new ClosingError(
              409,
              'drawer_not_counted',
              `count the drawer "${uncounted.drawer}" (${uncounted.outlet}) before closing the day`,
              'drawer',
            );
          const zNumber = (nextNumber.get(HOTEL_SCOPE) as { n: number }).n;
          const closedAt = now().toISOString();
          const common = {
            businessDay,
            afterSeq: range.after,
            upToSeq: range.upTo,
            lastCountId,
            closedAt,
            closedById: actor.staffId,
            closedByName: actor.staffName,
            deviceId: actor.deviceId ?? null,
            approvalId: actor.approvalId ?? null,
          };
          const hotelReport: DayReport = { ...full, zNumber, businessDay, closedBy: actor.staffName };
          for (const outletDay of hotelReport.outlets)
            outletDay.zNumber = (nextNumber.get(outletDay.outlet) as { n: number }).n;
          const hotelJson = JSON.stringify(hotelReport);
          const zId = Number(
            insertZ.run({
              ...common,
              scope: HOTEL_SCOPE,
              zNumber,
              hotelZId: null,
              grossCents: full.hotel.grossCents,
              report: hotelJson,
              reportSha256: sha256(hotelJson),
            }).lastInsertRowid,
          );
          for (const outletDay of hotelReport.outlets) {
            const json = JSON.stringify({
              ...outletDay,
              drawers: full.drawers.filter((d) => d.outlet === outletDay.outlet),
            });
            insertZ.run({
              ...common,
              scope: outletDay.outlet,
              zNumber: outletDay.zNumber,
              hotelZId: zId,
              grossCents: outletDay.grossCents,
              report: json,
              reportSha256: sha256(json),
            });
          }
          return { zId, zNumber, report: hotelReport };
        })
        .immediate();
    },

    /**
     * Records a manager's correction of a drawer's opening float for the open day: a new row
     * (float-corrections.ts), never a change to the tablet's `shift-open`; the caller audits.
     * @throws ClosingError 404 naming `outlet` or `drawer`
     */
    correctFloat(
      input: { outlet: string; drawer: string; floatCents: number; reason: string },
      manager: Actor,
    ): DrawerCashUp {
      const outlet = outlets.get(input.outlet);
      if (!outlet) throw new ClosingError(404, 'outlet_unknown', 'no such outlet', 'outlet');
      return db
        .transaction(() => {
          const { range, prev, current } = openDrawer(outlet, input.drawer);
          floatCorrections.append({
            outlet: outlet.id,
            drawer: input.drawer,
            afterSeq: range.after,
            seenSeq: range.upTo,
            floatCents: input.floatCents,
            previousCents: current.floatCents,
            reason: input.reason,
            correctedById: manager.staffId,
            correctedByName: manager.staffName,
            correctedAt: now().toISOString(),
          });
          return cashUps(range, prev?.lastCountId ?? 0).find(
            (d) => d.outlet === outlet.id && d.drawer === input.drawer,
          ) as DrawerCashUp;
        })
        .immediate();
    },

    /**
     * Marks a refund's credit note booked in the PMS (refund-bookings.ts; the caller audits).
     * @throws ClosingError 404 `refund_unknown`, 409 `refund_booked`
     */
    markRefundBooked(saleId: string, who: Actor): void {
      const done = refunds.markBooked(saleId, who);
      if (done === 'unknown') throw new ClosingError(404, 'refund_unknown', 'no such refund', 'saleId');
      if (done === 'already')
        throw new ClosingError(409, 'refund_booked', 'this refund is marked booked already', 'saleId');
    },

    /** The last hotel Z: its number, the records it closed up to, and when; null before the first. */
    lastZ(): { zNumber: number; upToSeq: number; closedAt: string; businessDay: string } | null {
      const row = db
        .prepare(
          `SELECT z_number AS zNumber, up_to_seq AS upToSeq, closed_at AS closedAt, business_day AS businessDay
             FROM z_closings WHERE scope = '*' ORDER BY z_id DESC LIMIT 1`,
        )
        .get() as { zNumber: number; upToSeq: number; closedAt: string; businessDay: string } | undefined;
      return row ?? null;
    },

    /** The hotel's Z closings, newest first. */
    closings(limit = 100): ZClosingRow[] {
      return db
        .prepare(`${selectClosings} WHERE scope = '*' ORDER BY z_id DESC LIMIT ?`)
        .all(limit) as ZClosingRow[];
    },

    /** A closed day as it was closed (the report stored with it), with its outlets' Z rows. */
    closed(zId: number): { closing: ZClosingRow; report: DayReport; outlets: ZClosingRow[] } | undefined {
      const row = db.prepare(`${selectClosings} WHERE z_id = ? AND scope = '*'`).get(zId) as
        | ZClosingRow
        | undefined;
      if (!row) return undefined;
      const stored = db.prepare('SELECT report FROM z_closings WHERE z_id = ?').get(zId) as {
        report: string;
      };
      const outletRows = db
        .prepare(`${selectClosings} WHERE hotel_z_id = ? ORDER BY scope`)
        .all(zId) as ZClosingRow[];
      return { closing: row, report: JSON.parse(stored.report) as DayReport, outlets: outletRows };
    },
  };
  return closing;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The hotel's calendar date (YYYY-MM-DD), on the hotel's clock (clock/hotel-clock.ts). */
export function localDate(at: Date): string {
  return hotelDate(at);
}
