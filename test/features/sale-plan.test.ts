// The sale plan (features/ticket/sale-plan.ts, issue 21): what paying the ticket records, under which id, and
// which managers' approvals it needs, on a till whose server has a manager (Anna, PIN 9999), an
// open-price limit of €100.00 and a discount limit of 10 %. The approval dialog is played through
// its own state call (tryManagerPin), so the approvals are real signed tokens, read back here.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApproval, tryManagerPin } from '../../src/features/staff/approval-request.ts';
import { keepStaffList } from '../../src/features/staff/staff-session.ts';
import { addOpenPrice } from '../../src/features/ticket/open-price.ts';
import {
  approveSale,
  changeQuantity,
  nextSplit,
  planSale,
  type SaleChoice,
  type SaleNeed,
  saleNeeds,
} from '../../src/features/ticket/sale-plan.ts';
import {
  addProduct,
  clearTicket,
  currentTicket,
  keepRestOfTicket,
  reviveTicket,
  setQuantity,
  ticketLines,
} from '../../src/features/ticket/ticket.ts';
import { showTicket } from '../../src/features/ticket/ticket-signal.ts';
import { readApproval } from '../../src/pms/staff-calls.ts';
import { sealNewStaffKey } from '../../src/pms/staff-keys.ts';
import { sumOf } from '../../src/rules/split.ts';
import { product } from '../support/catalogue.ts';

const PILS = product(1, 'Pils 0,3 l', 420);
const ESPRESSO = product(2, 'Espresso', 280);
const MASSAGE = product(3, 'Massage', 0, { open_price: true });
const WHOLE: SaleChoice = { split: { mode: 'whole' } };
const describeNeed = (need: SaleNeed) => `${need.action} ${need.amountCents}`;

beforeAll(async () => {
  const { sealedKey } = await sealNewStaffKey('9999', 100_000);
  keepStaffList({
    staff: [{ id: 'anna', name: 'Anna', role: 'manager', pinLength: 4, sealedKey, keyVersion: 1 }],
    policy: {
      outlet: 'bar',
      openPriceLimitCents: 10_000,
      discountLimitPercent: 10,
      idleLockMinutes: 30,
      lockAfterSale: false,
    },
  });
});

afterEach(() => {
  openApproval()?.finish(null);
  clearTicket();
});

/** Waits for the approval dialog's request, and answers it: Anna approves, or cancel. */
async function answerApproval(approve: boolean) {
  await vi.waitFor(() => expect(openApproval()).not.toBeNull());
  const request = openApproval()!;
  if (!approve) request.finish(null);
  else expect((await tryManagerPin('anna', '9999')).ok).toBe(true);
  return request.need;
}

/** The ticket as a reload reads it back from storage. */
function reload() {
  showTicket(reviveTicket(JSON.parse(JSON.stringify(currentTicket())))!);
}

const openLine = () => ticketLines().find((line) => line.openPrice)!;

describe("a sale's id", () => {
  it('is fixed once something names it, and stays the same across a reload', async () => {
    addProduct(PILS, 2);
    expect(await approveSale(WHOLE, describeNeed)).toEqual({ approvals: [] }); // nothing names it yet
    expect(currentTicket().saleId).toBeUndefined();
    const first = await approveSale(WHOLE, describeNeed, true); // e.g. before a card is charged
    if ('refused' in first) throw new Error('refused');
    expect(first.saleId).toMatch(/^[0-9a-f-]{36}$/);
    reload();
    expect(currentTicket().saleId).toBe(first.saleId);
    expect(await approveSale(WHOLE, describeNeed, true)).toEqual({ saleId: first.saleId, approvals: [] });
  });

  it("of a part that leaves a rest is the part's own, kept across a reload until the part is paid", async () => {
    addProduct(PILS, 2);
    addProduct(ESPRESSO);
    const onePils: SaleChoice = { split: { mode: 'lines', picks: new Map([['p1', 1]]) } };
    const part = await approveSale(onePils, describeNeed, true);
    if ('refused' in part) throw new Error('refused');
    reload();
    expect(currentTicket().partSaleId).toBe(part.saleId);
    expect(await approveSale(onePils, describeNeed, true)).toMatchObject({ saleId: part.saleId });
    expect(currentTicket().saleId).toBeUndefined(); // the rest's sale is another one

    keepRestOfTicket(planSale(onePils).rest); // the part is paid
    const next = await approveSale(onePils, describeNeed, true);
    if ('refused' in next) throw new Error('refused');
    expect(next.saleId).not.toBe(part.saleId);
    const rest = await approveSale(WHOLE, describeNeed, true);
    if ('refused' in rest) throw new Error('refused');
    expect([part.saleId, next.saleId]).not.toContain(rest.saleId);
  });
});

describe('the parts of a ticket', () => {
  it('go on with the next equal part after each one, and say which part it is (issue 22)', () => {
    addProduct(PILS, 3); // 12.60
    addProduct(ESPRESSO, 2); // 5.60: 18.20 in all
    expect(nextSplit()).toEqual({ mode: 'whole' });
    const first = planSale({ split: { mode: 'equal', parts: 3 } });
    expect(first.summary).toEqual({ kind: 'equal-part', number: 1, count: 3, restCents: 1213 });
    expect([first.totalCents, first.closesTicket, first.split]).toEqual([607, false, true]);
    keepRestOfTicket(first.rest, 3);

    expect(nextSplit()).toEqual({ mode: 'equal', parts: 2 });
    reload();
    const second = planSale({ split: nextSplit() });
    expect(second.summary).toEqual({ kind: 'equal-part', number: 2, count: 3, restCents: 606 });
    expect(second.totalCents).toBe(607);
    keepRestOfTicket(second.rest, 2);

    expect(nextSplit()).toEqual({ mode: 'whole' });
    const last = planSale({ split: nextSplit() });
    expect(last.summary).toEqual({ kind: 'last-part', number: 3, count: 3 });
    expect([last.totalCents, last.closesTicket, last.split]).toEqual([606, true, true]);
    expect(first.totalCents + second.totalCents + last.totalCents).toBe(1820);
  });

  it('with a ticket discount are the whole ticket re-priced, closing it', () => {
    addProduct(PILS, 10); // 42.00
    const plan = planSale({ ...WHOLE, discount: { kind: 'percent', percent: 5 } });
    expect(plan.discount).toEqual({ cents: 210, percent: 5, beforeCents: 4200 });
    expect([plan.totalCents, sumOf(plan.lines), plan.rest, plan.closesTicket]).toEqual([
      3990,
      3990,
      [],
      true,
    ]);
  });
});

describe('the approvals a sale needs', () => {
  it('are none for an open price approved when added: the whole ticket carries its approval', async () => {
    const adding = addOpenPrice(MASSAGE, 'Massage', 25_000, 'Open price €250.00');
    expect(await answerApproval(true)).toMatchObject({ action: 'open_price', amountCents: 25_000 });
    expect(await adding).toBe(true);
    addProduct(PILS);
    expect(await saleNeeds(planSale(WHOLE))).toEqual([]);
    const approved = await approveSale(WHOLE, describeNeed);
    expect(approved).toEqual({ saleId: currentTicket().saleId, approvals: [] });
    expect(currentTicket().approvals).toHaveLength(1);
  });

  it("include the open price's own approval for a part paid on its own, naming the part's sale", async () => {
    const adding = addOpenPrice(MASSAGE, 'Massage', 25_000, 'Open price €250.00');
    await answerApproval(true);
    await adding;
    addProduct(PILS);
    const massageAlone: SaleChoice = { split: { mode: 'lines', picks: new Map([[openLine().key, 1]]) } };
    expect(await saleNeeds(planSale(massageAlone))).toEqual([
      { action: 'open_price', amountCents: 25_000, line: openLine() },
    ]);
    const approving = approveSale(massageAlone, describeNeed);
    expect(await answerApproval(true)).toMatchObject({ action: 'open_price', amountCents: 25_000 });
    const approved = await approving;
    if ('refused' in approved) throw new Error('refused');
    expect(approved.saleId).toBe(currentTicket().partSaleId);
    expect(approved.saleId).not.toBe(currentTicket().saleId);
    expect(readApproval(approved.approvals[0]!)).toMatchObject({
      action: 'open_price',
      subject: approved.saleId,
      amountCents: 25_000,
    });

    const cancelled = approveSale(massageAlone, describeNeed);
    await answerApproval(false);
    expect(await cancelled).toMatchObject({ refused: 'cancelled', need: { action: 'open_price' } });
  });

  it('ask a manager when an open price’s quantity raises its line total past what was approved', async () => {
    const adding = addOpenPrice(MASSAGE, 'Massage', 6_000, 'Open price €60.00'); // within the limit
    expect(openApproval()).toBeNull();
    expect(await adding).toBe(true);

    const raising = changeQuantity(openLine().key, 2, describeNeed);
    const need = await answerApproval(true);
    expect(need).toEqual({
      action: 'open_price',
      subject: currentTicket().saleId,
      amountCents: 12_000, // the line's total, not its unit price
    });
    expect(await raising).toBe(true);
    expect(openLine().quantity).toBe(2);
    expect(currentTicket().approvals?.map((token) => readApproval(token)?.amountCents)).toEqual([12_000]);
    expect(await saleNeeds(planSale(WHOLE))).toEqual([]); // the sale carries that approval

    // Down and up again within what was approved: no one is asked.
    expect(await changeQuantity(openLine().key, 1, describeNeed)).toBe(true);
    expect(await changeQuantity(openLine().key, 2, describeNeed)).toBe(true);
    expect(openApproval()).toBeNull();

    // Past it again, cancelled: the quantity stays.
    const cancelled = changeQuantity(openLine().key, 3, describeNeed);
    expect(await answerApproval(false)).toMatchObject({ amountCents: 18_000 });
    expect(await cancelled).toBe(false);
    expect(openLine().quantity).toBe(2);

    // A quantity set past the approval some other way still makes the sale ask, before it is recorded.
    setQuantity(openLine().key, 3);
    expect(await saleNeeds(planSale(WHOLE))).toEqual([
      { action: 'open_price', amountCents: 18_000, line: openLine() },
    ]);
  });

  it('include a ticket discount above the limit, and none within it', async () => {
    addProduct(PILS, 10); // 42.00
    expect(await saleNeeds(planSale({ ...WHOLE, discount: { kind: 'percent', percent: 10 } }))).toEqual([]);
    expect(await saleNeeds(planSale({ ...WHOLE, discount: { kind: 'percent', percent: 20 } }))).toEqual([
      { action: 'discount', amountCents: 840, percent: 20, beforeCents: 4200 },
    ]);
  });
});
