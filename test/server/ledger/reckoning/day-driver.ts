// Plays a generated day (day-model.ts) against one till server in-process: three paired tablets (bar,
// restaurant, minibar) record through `POST /till/sales` the bodies the tablet's own code builds
// (outbox/intents/ledger-body.ts from journal entries; splits by rules/split.ts), managers' approvals
// signed with their keys, the TSE failing where the day says, offline sales sent late; each sale's
// PMS steps sent through the gateway as the outbox sends them (pms-side.ts), failing while the PMS
// is down and sent once when it is back. Then the drawers are counted and the Z closed; what the
// server holds is read back for the test to compare.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { ledgerKindOf, ledgerRecordOf } from '../../../../src/outbox/intents/ledger-body.ts';
import type { DayReport } from '../../../../src/pms/closing-wire.ts';
import type { LedgerRecord } from '../../../../src/pms/ledger-wire.ts';
import type { ApprovalAction } from '../../../../src/pms/staff-calls.ts';
import { openStaffKey, signApproval } from '../../../../src/pms/staff-keys.ts';
import { REQUEST_ID_HEADER } from '../../../../src/pms/till-headers.ts';
import { equalShareSale } from '../../../../src/rules/equal-share.ts';
import { partByLines } from '../../../../src/rules/split.ts';
import type { TicketLine } from '../../../../src/rules/ticket-lines.ts';
import type { FiscalControl } from '../../../../src/server/fiscal/fiscal-control.ts';
import type { Device, Hub } from '../../../../src/server/hub/hub.ts';
import type { SaleLine, SaleRecord } from '../../../../src/storage/records.ts';
import type { TestHotel } from '../../../../src/test-hotel/index.ts';
import {
  type CatalogueItem,
  type DayPlan,
  type ModelRecord,
  type Pick,
  partsOfBill,
  type StaffName,
  type Tablet,
} from './day-model.ts';
import {
  createPmsOutbox,
  folioOf,
  invoiceSteps,
  reversalSteps,
  roomSteps,
  type SentToPms,
} from './pms-side.ts';

export interface Till {
  hub: Hub;
  /** The embedded test hotel (its SQLite is the PMS's books; its faults make the PMS unreachable). */
  hotel: TestHotel;
  /** Checked-in stays the day charges rooms to. */
  stays: { roomReservationId: number; roomNumber: string }[];
  /** The server app as every caller meets it (each tablet's cookie is added per request). */
  server: Hono;
  fiscal: FiscalControl;
  devices: Record<Tablet, { device: Device; cookie: string }>;
  staffIds: Record<StaffName | 'Anna', string>;
  catalogue: CatalogueItem[];
  /** The hotel's clock, moved on by the driver (the hub and the app read it). */
  clock: { now: Date };
}

/** What was sent for one model record: the ledger's sale ids (several for a split's parts). */
export interface PlayedDay {
  records: ModelRecord[];
  saleIdsOf: Map<string, string[]>;
  /** Sale ids whose signature must be late: sent by a tablet cut off from the server (its receipt
   * said the TSE was out), or recorded while the TSE was out. */
  late: Set<string>;
  z: { zNumber: number; report: DayReport };
  /** Each sale's, room charge's and reversal's PMS steps (by record key), and their results once sent. */
  pms: SentToPms[];
  /** Each stay's folio before the day (folioOf), by room reservation id. */
  foliosBefore: Record<number, Record<string, number>>;
}

const annaKeys = new Map<string, Promise<CryptoKey | null>>();

async function approval(
  till: Till,
  tablet: Tablet,
  subject: string,
  action: ApprovalAction,
  amountCents: number | null,
) {
  const { device } = till.devices[tablet];
  const card = (await till.hub.staff.cards(device.id)).find((m) => m.id === till.staffIds.Anna)!;
  const cacheKey = `${device.id}:${card.keyVersion}`;
  if (!annaKeys.has(cacheKey)) annaKeys.set(cacheKey, openStaffKey('9999', card.sealedKey));
  const key = (await annaKeys.get(cacheKey))!;
  return signApproval(key, {
    id: randomUUID(),
    managerId: card.id,
    action,
    subject,
    amountCents,
    deviceId: device.id,
    at: till.clock.now.toISOString(),
  });
}

async function post(till: Till, tablet: Tablet, body: LedgerRecord): Promise<void> {
  const answer = await till.server.request('http://localhost/till/sales', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: till.devices[tablet].cookie,
      [REQUEST_ID_HEADER]: randomUUID(),
    },
    body: JSON.stringify(body),
  });
  if (answer.status !== 200)
    throw new Error(`POST /till/sales ${body.kind}: ${answer.status} ${await answer.text()}`);
}

const priceOf = (item: CatalogueItem, percentOff: number) =>
  item.priceCents - Math.round((item.priceCents * percentOff) / 100);

/** The day's plan played; answers what the model says the books hold and what the server closed. */
export async function playDay(till: Till, plan: DayPlan, businessDay: string): Promise<PlayedDay> {
  const sellable = till.catalogue.filter((item) => !item.openPrice && item.groupName !== 'Minibar');
  const minibar = till.catalogue.filter((item) => item.groupName === 'Minibar');
  const openPriceItem = till.catalogue.find((item) => item.openPrice)!;
  const records: ModelRecord[] = [];
  const saleIdsOf = new Map<string, string[]>();
  const late = new Set<string>();
  let tseDown = false;
  const foliosBefore = Object.fromEntries(
    till.stays.map((stay) => [stay.roomReservationId, folioOf(till.hotel.db, stay.roomReservationId)]),
  );
  const outbox = createPmsOutbox(till);
  /** Bodies of offline sales, sent after the rest of the day. */
  const held: { tablet: Tablet; body: LedgerRecord }[] = [];
  /** What corrections may refer to: recorded room charges and paid sales, with what is left of them. */
  const charges: { key: string; tablet: Tablet; entry: SaleRecord; left: number[]; done: boolean }[] = [];
  const paidSales: {
    key: string;
    tablet: Tablet;
    entry: SaleRecord;
    method: 'cash' | 'card';
    /** A card sale's tip, given back whole by its refund. */
    tipCents: number;
    done: boolean;
  }[] = [];
  /** A correction of a sale still on an offline tablet waits behind it in that tablet's outbox. */
  const isHeld = (saleId: string) => held.some((h) => h.body.saleId === saleId);
  let minute = 0;
  const tick = () => {
    minute += 1;
    till.clock.now = new Date(till.clock.now.getTime() + 60_000);
    return till.clock.now.getTime();
  };

  const entryOf = (
    kind: SaleRecord['kind'],
    tablet: Tablet,
    staff: StaffName,
    lines: SaleLine[],
    extra: Partial<SaleRecord> = {},
  ): SaleRecord => {
    const at = tick();
    return {
      id: randomUUID(),
      // Unique over the days: the PMS finds a sale's invoice by it.
      reference: `R${businessDay.replaceAll('-', '')}-${minute}`,
      kind,
      status: 'pending',
      createdAt: at,
      updatedAt: at,
      staff,
      staffId: till.staffIds[staff],
      till: tablet,
      lines,
      notes: [],
      totalCents: lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0),
      ...extra,
    };
  };
  const saleLine = (
    item: CatalogueItem,
    quantity: number,
    unitPriceCents: number,
    fromTablet = true,
  ): SaleLine => ({
    productId: item.id,
    name: item.name,
    quantity,
    unitPriceCents,
    cataloguePriceCents: item.openPrice ? null : item.priceCents,
    // The minibar count sends its lines as the view makes them: no tax class, rate or group.
    ...(fromTablet
      ? {
          taxClassId: item.taxClassId,
          vatRateBp: item.vatRateBp,
          commodityGroupId: item.groupId,
          commodityGroupName: item.groupName,
        }
      : {}),
  });
  const send = async (
    tablet: Tablet,
    entry: SaleRecord,
    key: string,
    later = false,
    approvals: [ApprovalAction, number | null][] = [],
  ) => {
    entry.approvals = entry.approvals ?? [];
    for (const [action, amount] of approvals)
      entry.approvals.push(
        await approval(till, tablet, entry.reverses ?? entry.cancels?.saleId ?? entry.id, action, amount),
      );
    const body = ledgerRecordOf(entry, ledgerKindOf(entry)!);
    saleIdsOf.set(key, [...(saleIdsOf.get(key) ?? []), entry.id]);
    if (later || tseDown) late.add(body.saleId);
    if (later) held.push({ tablet, body });
    else await post(till, tablet, body);
  };
  const linesOf = (picks: Pick[], from: CatalogueItem[]) => {
    const merged = new Map<number, Pick>();
    for (const pick of picks) {
      const item = from[pick.product % from.length]!;
      const had = merged.get(item.id);
      merged.set(item.id, {
        ...pick,
        product: item.id,
        quantity: (had?.quantity ?? 0) + pick.quantity,
        percentOff: had?.percentOff ?? pick.percentOff,
      });
    }
    return [...merged.values()].map((pick) => {
      const item = till.catalogue.find((c) => c.id === pick.product)!;
      return { item, quantity: pick.quantity, unitPriceCents: priceOf(item, pick.percentOff) };
    });
  };
  /** Cents off the catalogue, and whether they are beyond the outlet's 20 % (a manager approves). */
  const discountOf = (lines: { item: CatalogueItem; quantity: number; unitPriceCents: number }[]) => {
    const off = lines.reduce(
      (sum, l) => sum + (l.item.openPrice ? 0 : (l.item.priceCents - l.unitPriceCents) * l.quantity),
      0,
    );
    const beyond = lines.some(
      (l) => !l.item.openPrice && (l.item.priceCents - l.unitPriceCents) * 100 > 20 * l.item.priceCents,
    );
    return { off, beyond };
  };

  for (const tablet of ['bar', 'restaurant', 'minibar'] as const) {
    const at = tick();
    await post(till, tablet, {
      v: 1,
      saleId: randomUUID(),
      reference: `S${minute}`,
      kind: 'shift-open',
      createdAt: new Date(at).toISOString(),
      staffId: till.staffIds.Mia,
      lines: [],
      payments: [],
      totalCents: 0,
      approvals: [],
      shift: {
        shiftId: randomUUID(),
        drawer: till.hub.outlets.get(tablet)!.drawers[0]!,
        floatCents: plan.floats[tablet],
      },
    });
  }

  const german = till.fiscal.german()!;
  for (const [index, op] of plan.ops.entries()) {
    const key = `op${index}`;
    switch (op.t) {
      case 'cash':
      case 'card': {
        const lines = linesOf(op.picks, sellable);
        const { off, beyond } = discountOf(lines);
        const total = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
        const entry = entryOf(
          'cash-sale',
          op.tablet,
          op.staff,
          lines.map((l) => saleLine(l.item, l.quantity, l.unitPriceCents)),
          {
            tender:
              op.t === 'cash'
                ? {
                    method: 'cash',
                    tenderedCents: total + op.extraTenderedCents,
                    changeCents: op.extraTenderedCents,
                  }
                : { method: 'card' },
            // no terminal is driven here: the card is taken stand-alone (issue 30), its receipt number typed
            ...(op.t === 'card'
              ? {
                  standaloneCard: {
                    receiptNumber: String(index + 1),
                    ...(op.tipCents > 0 ? { tipCents: op.tipCents } : {}),
                  },
                }
              : {}),
          },
        );
        await send(op.tablet, entry, key, op.offline, beyond ? [['discount', off]] : []);
        await outbox.add(key, invoiceSteps(op.tablet, entry, op.t), op.offline);
        records.push({
          key,
          kind: 'sale',
          tablet: op.tablet,
          staff: op.staff,
          lines: lines.map((l) => ({ ...l, grossCents: l.quantity * l.unitPriceCents })),
          paid: { [op.t]: total },
          discountCents: off,
          ...(op.t === 'card' ? { tipCents: op.tipCents } : {}),
        });
        paidSales.push({
          key,
          tablet: op.tablet,
          entry,
          method: op.t,
          tipCents: op.t === 'card' ? op.tipCents : 0,
          done: false,
        });
        break;
      }
      case 'open-price': {
        const lines = [{ item: openPriceItem, quantity: op.quantity, unitPriceCents: op.priceCents }];
        const total = op.priceCents * op.quantity;
        const entry = entryOf(
          'cash-sale',
          op.tablet,
          op.staff,
          [saleLine(openPriceItem, op.quantity, op.priceCents)],
          { tender: { method: 'cash', tenderedCents: total, changeCents: 0 } },
        );
        await send(op.tablet, entry, key, false, total > 10_000 ? [['open_price', total]] : []);
        await outbox.add(key, invoiceSteps(op.tablet, entry, 'cash'), false);
        records.push({
          key,
          kind: 'sale',
          tablet: op.tablet,
          staff: op.staff,
          lines: lines.map((l) => ({ ...l, grossCents: total })),
          paid: { cash: total },
          discountCents: 0,
        });
        break;
      }
      case 'room':
      case 'minibar': {
        const tablet = op.t === 'minibar' ? 'minibar' : op.tablet;
        const lines =
          op.t === 'minibar'
            ? linesOf(
                op.picks.map((p) => ({ ...p, percentOff: 0 })),
                minibar,
              )
            : linesOf(op.picks, sellable);
        const { off, beyond } = discountOf(lines);
        const total = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
        const stay = till.stays[op.room % till.stays.length]!;
        const room = { ...stay, guestName: `Guest ${op.room}` };
        const entry = entryOf(
          'room-charge',
          tablet,
          op.staff,
          lines.map((l) => saleLine(l.item, l.quantity, l.unitPriceCents, op.t !== 'minibar')),
          { room },
        );
        await send(tablet, entry, key, op.t === 'room' && op.offline, beyond ? [['discount', off]] : []);
        await outbox.add(key, roomSteps(tablet, entry), op.t === 'room' && op.offline);
        records.push({
          key,
          kind: 'room-charge',
          tablet,
          staff: op.staff,
          lines: lines.map((l) => ({ ...l, grossCents: l.quantity * l.unitPriceCents })),
          paid: { room: total },
          discountCents: off,
          room: op.room,
        });
        charges.push({ key, tablet, entry, left: lines.map((l) => l.quantity), done: false });
        break;
      }
      case 'split-items': {
        const lines = linesOf(
          op.picks.map((p) => ({ ...p, percentOff: 0 })),
          sellable,
        );
        const ticket: TicketLine[] = lines.map((l) => ({
          key: `p${l.item.id}`,
          productId: l.item.id,
          name: l.item.name,
          unitPriceCents: l.unitPriceCents,
          quantity: l.quantity,
          taxClassId: l.item.taxClassId,
          commodityGroupId: l.item.groupId,
          openPrice: false,
        }));
        const part = partByLines(ticket, new Map(ticket.map((line, i) => [line.key, op.firstPart[i] ?? 0])));
        for (const [n, partLines] of [part.lines, part.rest].entries()) {
          if (partLines.length === 0) continue;
          const sold = partLines.map((line) => ({
            item: lines.find((l) => l.item.id === line.productId)!.item,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
          }));
          const total = sold.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
          const entry = entryOf(
            'cash-sale',
            op.tablet,
            op.staff,
            sold.map((l) => saleLine(l.item, l.quantity, l.unitPriceCents)),
            { tender: { method: 'cash', tenderedCents: total, changeCents: 0 }, split: true },
          );
          await send(op.tablet, entry, `${key}.${n}`);
          await outbox.add(`${key}.${n}`, invoiceSteps(op.tablet, entry, 'cash'), false);
          records.push({
            key: `${key}.${n}`,
            kind: 'sale',
            tablet: op.tablet,
            staff: op.staff,
            lines: sold.map((l) => ({ ...l, grossCents: l.quantity * l.unitPriceCents })),
            paid: { cash: total },
            discountCents: 0,
          });
        }
        break;
      }
      case 'split-equal': {
        const lines = linesOf(
          op.picks.map((p) => ({ ...p, percentOff: 0 })),
          sellable,
        );
        // The tablet sends each part as a share of the one bill (rules/equal-share.ts).
        const billLines = lines.map((l) => saleLine(l.item, l.quantity, l.unitPriceCents));
        const paid: ModelRecord['paid'] = {};
        const billId = randomUUID();
        for (let part = 1; part <= op.parts; part++) {
          const share = equalShareSale(billLines, { billId, part, parts: op.parts }, 'Anteil');
          const totalCents = share.lines.reduce((sum, line) => sum + line.unitPriceCents, 0);
          const method = op.card[part - 1] ? 'card' : 'cash';
          const entry = entryOf('cash-sale', op.tablet, op.staff, share.lines, {
            tender: method === 'cash' ? { method, tenderedCents: totalCents, changeCents: 0 } : { method },
            ...(method === 'card' ? { standaloneCard: { receiptNumber: `${index + 1}${part}` } } : {}),
            split: true,
            share: share.share,
          });
          await send(op.tablet, entry, key);
          await outbox.add(key, invoiceSteps(op.tablet, entry, method), false);
          paid[method] = (paid[method] ?? 0) + totalCents;
        }
        // One bill paid in shares: each item once, at its price, no discount.
        records.push({
          key,
          kind: 'sale',
          tablet: op.tablet,
          staff: op.staff,
          lines: lines.map((l) => ({ ...l, grossCents: l.quantity * l.unitPriceCents })),
          // Each part's receipt holds the VAT of its own share of the lines.
          parts: partsOfBill(
            lines.map((l) => l.quantity * l.unitPriceCents),
            op.parts,
          ),
          paid,
          discountCents: 0,
        });
        break;
      }
      case 'void':
      case 'take-back':
      case 'late': {
        const open = charges.filter((c) => !c.done && c.left.some((q) => q > 0));
        const charge = open[op.of % Math.max(1, open.length)];
        if (!charge) break;
        const lines = charge.entry.lines;
        const itemOf = (line: SaleLine) => till.catalogue.find((c) => c.id === line.productId)!;
        if (op.t === 'late') {
          if (charge.left.some((left, i) => left !== lines[i]!.quantity)) break;
          const entry = entryOf(
            'late-charge',
            charge.tablet,
            'Mia',
            lines.map((l) => ({ ...l })),
            { lateChargeOf: charge.entry.id, room: charge.entry.room! },
          );
          await send(charge.tablet, entry, key, isHeld(charge.entry.id));
          const total = entry.totalCents;
          records.push({
            key,
            kind: 'late-charge',
            tablet: charge.tablet,
            staff: 'Mia',
            lines: lines.map((l) => ({
              item: itemOf(l),
              quantity: l.quantity,
              unitPriceCents: l.unitPriceCents,
              grossCents: l.quantity * l.unitPriceCents,
            })),
            paid: { room: -total, invoice: total },
            discountCents: 0,
          });
          charge.done = true;
          break;
        }
        const taken =
          op.t === 'void'
            ? lines.map((line, i) => ({ line, i, quantity: charge.left[i]! })).filter((t) => t.quantity > 0)
            : [
                lines
                  .map((line, i) => ({ line, i, quantity: Math.min(op.quantity, charge.left[i]!) }))
                  .filter((t) => t.quantity > 0)[op.line % lines.length] ?? null,
              ].filter((t) => t !== null);
        if (taken.length === 0) break;
        const whole = op.t === 'void' && charge.left.every((left, i) => left === lines[i]!.quantity);
        if (op.t === 'void' && !whole) break;
        const entry = entryOf(
          'charge-reversal',
          charge.tablet,
          'Jonas',
          taken.map((t) => ({ ...t.line, quantity: t.quantity })),
          {
            reverses: charge.entry.id,
            room: charge.entry.room!,
            ...(op.t === 'take-back'
              ? { takeBack: { line: taken[0]!.i, quantity: taken[0]!.quantity } }
              : {}),
          },
        );
        const total = -taken.reduce((sum, t) => sum + t.quantity * t.line.unitPriceCents, 0);
        await send(charge.tablet, entry, key, isHeld(charge.entry.id), [
          [op.t === 'void' ? 'void_sale' : 'take_back', null],
        ]);
        for (const t of taken) charge.left[t.i]! -= t.quantity;
        if (op.t === 'void') charge.done = true;
        await outbox.reversal(
          key,
          reversalSteps(
            charge.tablet,
            entry,
            charge.entry,
            op.t === 'take-back' ? { line: taken[0]!.i, quantity: taken[0]!.quantity } : undefined,
          ),
          charge.entry.id,
        );
        records.push({
          key,
          kind: op.t,
          tablet: charge.tablet,
          staff: 'Jonas',
          lines: taken.map((t) => ({
            item: itemOf(t.line),
            quantity: -t.quantity,
            unitPriceCents: t.line.unitPriceCents,
            grossCents: -t.quantity * t.line.unitPriceCents,
          })),
          paid: { room: total },
          discountCents: -discountOf(
            taken.map((t) => ({
              item: itemOf(t.line),
              quantity: t.quantity,
              unitPriceCents: t.line.unitPriceCents,
            })),
          ).off,
          refersTo: charge.key,
        });
        break;
      }
      case 'refund': {
        const open = paidSales.filter((s) => !s.done && !held.some((h) => h.body.saleId === s.entry.id));
        const sale = open[op.of % Math.max(1, open.length)];
        if (!sale) break;
        const entry = entryOf(
          'cash-cancellation',
          sale.tablet,
          'Jonas',
          sale.entry.lines.map((l) => ({ ...l })),
          {
            cancels: { saleId: sale.entry.id, reference: sale.entry.reference },
            tender: { method: sale.method },
            // a stand-alone card payment is given back on the stand-alone terminal, with its receipt number
            ...(sale.method === 'card'
              ? {
                  standaloneCard: {
                    receiptNumber: `9${index + 1}`,
                    ...(sale.tipCents > 0 ? { tipCents: sale.tipCents } : {}),
                  },
                }
              : {}),
            reason: 'guest complaint',
          },
        );
        await send(sale.tablet, entry, key, false, [['void_sale', null]]);
        sale.done = true;
        const itemOf = (line: SaleLine) => till.catalogue.find((c) => c.id === line.productId)!;
        const lines = sale.entry.lines.map((l) => ({
          item: itemOf(l),
          quantity: -l.quantity,
          unitPriceCents: l.unitPriceCents,
          grossCents: -l.quantity * l.unitPriceCents,
        }));
        records.push({
          key,
          kind: 'refund',
          tablet: sale.tablet,
          staff: 'Jonas',
          lines,
          paid: { [sale.method]: -entry.totalCents },
          tipCents: -sale.tipCents,
          discountCents: -discountOf(
            sale.entry.lines.map((l) => ({
              item: itemOf(l),
              quantity: l.quantity,
              unitPriceCents: l.unitPriceCents,
            })),
          ).off,
          refersTo: sale.key,
        });
        break;
      }
      case 'pms-down':
        outbox.pmsDown(op.sales);
        break;
      case 'tse-down':
        german.testTse!.faults.inject({ kind: 'defective', count: op.requests });
        tseDown = true;
        break;
    }
  }
  // The offline tablets come back ten minutes later: their sales arrive, in the order they were made.
  till.clock.now = new Date(till.clock.now.getTime() + 10 * 60_000);
  for (const { tablet, body } of held) await post(till, tablet, body);
  await outbox.pmsBack();
  // The TSE is back: the late-signing queue signs what waits.
  german.testTse!.faults.clear();
  await german.signing.recover();

  const x = till.hub.closing.xReport();
  const closer = { staffId: till.staffIds.Anna, staffName: 'Anna' };
  for (const drawer of x.drawers) {
    if (
      drawer.expectedCents <= 0 &&
      drawer.floatCents === 0 &&
      drawer.cashSalesCents === 0 &&
      drawer.refundsCents === 0
    )
      continue;
    const denominations = drawer.expectedCents > 0 ? { '1': drawer.expectedCents } : { '1': 0 };
    till.hub.closing.countDrawer({ outlet: drawer.outlet, drawer: drawer.drawer, denominations }, closer, {
      managerId: till.staffIds.Anna,
      managerName: 'Anna',
      approvalId: null,
    });
  }
  const z = till.hub.closing.closeDay({ upToSeq: x.upToSeq, businessDay }, closer);
  return { records, saleIdsOf, late, z, pms: outbox.sent, foliosBefore };
}
