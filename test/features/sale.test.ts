// Completing a sale and parking tabs, against a fake IndexedDB with the network gone: a sale is
// recorded at once with its receipt and the ticket starts afresh; a refused payment or a failure to
// record it (storage, quota, a missing browser API) leaves the ticket as it was, in plain words; parked tabs come back whole, and recalling one never
// loses the ticket being rung up. Charging the ticket to a room pays it once too: a ticket another tab
// paid (cash or to a room) is refused in the charge's own transaction and nothing is recorded.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/features/catalogue/catalogue.ts';
import { lastReceipt } from '../../src/features/payment/receipt.ts';
import {
  chargeTicketToRoom,
  completeCashSale,
  PaymentError,
  SaleNotSavedError,
} from '../../src/features/payment/sale.ts';
import { ParkError, parkTicket, readParkedTickets, recallTicket } from '../../src/features/ticket/parked.ts';
import {
  addOpenPriceLine,
  addProduct,
  changeLine,
  clearTicket,
  currentTicket,
  setNote,
  TicketEndedError,
  ticketLines,
  ticketSaleId,
  ticketWritesSettled,
} from '../../src/features/ticket/ticket.ts';
import { showTicket } from '../../src/features/ticket/ticket-signal.ts';
import { ledgerRecordOf } from '../../src/outbox/intents/ledger-body.ts';
import { saleHeaders } from '../../src/outbox/sale-headers.ts';
import { SPLIT_HEADER } from '../../src/pms/till-headers.ts';
import type { RoomReservation } from '../../src/pms/wire.ts';
import { discountedLines, withLineDiscount } from '../../src/rules/discounts.ts';
import { localDate } from '../../src/rules/guest-rules.ts';
import { equalPart, sumOf } from '../../src/rules/split.ts';
import { setCatalogueMeta } from '../../src/storage/caches.ts';
import { closeTillDb } from '../../src/storage/db.ts';
import { listSales } from '../../src/storage/journal-queries.ts';
import { readSale } from '../../src/storage/outbox-store.ts';
import { readTicketRecord } from '../../src/storage/ticket-store.ts';
import { errorText } from '../../src/words/error-text.ts';
import { formatMoment } from '../../src/words/format.ts';
import { loadLanguage, loadTexts, setLanguage } from '../../src/words/i18n.ts';
import { product } from '../support/catalogue.ts';

const PILS = product(1, 'Pils 0,3 l', 420);
const ESPRESSO = product(2, 'Espresso', 280);
const CHARGING = product(3, 'Ladestation', 0, { open_price: true });
const realFetch = globalThis.fetch;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Antje Bauer, in house in room 204 from yesterday to tomorrow. */
const STAY = {
  id: 501,
  main_reservation_id: 301,
  reservation_number: '2026-1002',
  created_at: '',
  last_modified: '',
  status: 'CHECKED_IN',
  type: 'ROOM',
  self_pay: 'NO',
  start_date: localDate(new Date(Date.now() - DAY_MS)),
  end_date: localDate(new Date(Date.now() + DAY_MS)),
  arrival_time: '',
  departure_time: '',
  room_number: '204',
  room_category_name: '',
  person_count: 2,
  guest: { id: 77, firstname: 'Antje', lastname: 'Bauer', fullname: 'Bauer, Antje', email: '', title: null },
  guest_id: 77,
  guest_name: 'Bauer, Antje',
  company_name: '',
} as unknown as RoomReservation;

beforeAll(async () => {
  await loadLanguage('en'); // the staff messages below are English
  await loadTexts('payment'); // the sale's refusals are the payment's texts
  globalThis.indexedDB = new IDBFactory();
  // The till is offline: every PMS call fails as a network error.
  globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
  await setCatalogueMeta('payment-options', {
    invoice_templates: [{ id: 3, name: 'Kassenbeleg / Receipt' }],
    payment_methods: [
      { id: 1, name: 'Bar / Cash' },
      { id: 2, name: 'EC-Karte / Girocard' },
    ],
  });
  await setCatalogueMeta('tax-classes-accounts', {
    tax_classes: [{ id: 1, name: 'USt 19 %', rate: 19 }],
    accounts: [],
  });
  await loadCatalogue();
});

beforeEach(() => clearTicket());

afterEach(async () => {
  clearTicket();
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await closeTillDb();
});

describe('completing a cash sale', () => {
  it('records a manager’s approval of an open price with the sale it names, to be sent with its writes', async () => {
    const saleId = ticketSaleId(); // fixed when the approval is asked for
    addOpenPriceLine(CHARGING, 'Laden', 25_000, 'approval-token');
    const receipt = await completeCashSale({ paymentMethodId: 1, templateId: 3 });
    expect(receipt.saleId).toBe(saleId);
    expect((await readSale(saleId))?.sale.approvals).toEqual(['approval-token']);
  });

  it('sends a line discount as the line’s price and keeps its approval when a ticket discount re-prices the whole ticket', async () => {
    addProduct(PILS, 2);
    addProduct(ESPRESSO);
    const saleId = ticketSaleId();
    changeLine('p1', (line) => withLineDiscount(line, { kind: 'percent', percent: 30 }), 'line-token');
    // the pay screen: 10 % off the ticket, as a part that leaves no rest, approved on the ticket's sale
    const lines = discountedLines(ticketLines(), { kind: 'percent', percent: 10 });
    const part = { lines, rest: [], totalCents: sumOf(lines) };
    const receipt = await completeCashSale({
      paymentMethodId: 1,
      templateId: 3,
      part,
      saleId,
      approvals: ['ticket-token'],
      discount: { beforeCents: 2 * 294 + 280, cents: 87 },
    });
    expect(receipt.saleId).toBe(saleId);
    const entry = await readSale(saleId);
    expect(entry?.sale.approvals).toEqual(['line-token', 'ticket-token']);
    expect(entry?.sale.totalCents).toBe(868 - 87);
    expect(receipt.lines.filter((l) => l.name === 'Pils 0,3 l').map((l) => l.discount)).not.toContain(
      undefined,
    );
    expect(receipt.lines.find((l) => l.name === 'Espresso')?.discount).toBeUndefined();
  });

  it('sends a discounted line at its discounted price, and the receipt keeps the price before', async () => {
    addProduct(PILS, 2);
    addProduct(ESPRESSO);
    changeLine('p1', (line) => withLineDiscount(line, { kind: 'amount', cents: 50 }));
    const receipt = await completeCashSale({ paymentMethodId: 1, templateId: 3 });
    // with what the sales ledger records of each line: catalogue price, VAT rate, the discount given
    expect((await readSale(receipt.saleId))?.sale.lines).toMatchObject([
      {
        productId: 1,
        name: 'Pils 0,3 l',
        quantity: 2,
        unitPriceCents: 370,
        cataloguePriceCents: 420,
        taxClassId: 1,
        vatRateBp: 1900,
        lineDiscount: { amountOffEachCents: 50 },
      },
      { productId: 2, name: 'Espresso', quantity: 1, unitPriceCents: 280, vatRateBp: 1900 },
    ]);
    expect(receipt.lines[0]).toEqual({
      name: 'Pils 0,3 l',
      quantity: 2,
      unitPriceCents: 370,
      totalCents: 740,
      discount: { given: { kind: 'amount', cents: 50 }, listPriceCents: 420 },
    });
    expect(receipt.totals.grossCents).toBe(1020);
  });

  it('records it at once (offline too), returns its receipt with the change, and starts a new ticket', async () => {
    addProduct(PILS);
    addProduct(PILS);
    addOpenPriceLine(CHARGING, 'Laden 12,3 kWh', 585);
    setNote('Terrasse');

    const receipt = await completeCashSale({ paymentMethodId: 1, templateId: 3, tenderedCents: 2000 });

    expect(receipt).toMatchObject({
      isCash: true,
      paymentMethodName: 'Bar / Cash',
      tenderedCents: 2000,
      changeCents: 2000 - 1425,
      note: 'Terrasse',
      lines: [
        { name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420, totalCents: 840 },
        { name: 'Laden 12,3 kWh', quantity: 1, unitPriceCents: 585, totalCents: 585 },
      ],
    });
    expect(receipt.totals.taxes).toEqual([
      { taxClassId: 1, name: 'USt 19 %', ratePercent: 19, grossCents: 1425, taxCents: 228, netCents: 1197 },
    ]);
    // kept with the hotel header of the settings at the time (empty here)
    expect(lastReceipt()).toEqual({ ...receipt, header: { hotelName: '', hotelAddress: '', vatId: '' } });
    expect(ticketLines()).toEqual([]);
    const entry = await readSale(receipt.saleId);
    expect(entry?.sale).toMatchObject({
      kind: 'cash-sale',
      status: 'pending',
      reference: receipt.reference,
      totalCents: 1425,
      payment: { templateId: 3, paymentMethodId: 1, sendInvoice: false },
      lines: [
        { productId: 1, name: 'Pils 0,3 l', quantity: 2, unitPriceCents: 420 },
        { productId: 3, name: 'Laden 12,3 kWh', quantity: 1, unitPriceCents: 585 },
      ],
    });
  });

  it('records each part of a split bill, and what is left of it, as a split, sent saying so; a sale not split is not', async () => {
    addProduct(PILS);
    addProduct(ESPRESSO);
    const half = await completeCashSale({
      paymentMethodId: 2,
      templateId: 3,
      part: equalPart(ticketLines(), 2),
      standaloneCard: { receiptNumber: '11' },
    });
    expect(ticketLines().length).toBeGreaterThan(0);
    const rest = await completeCashSale({ paymentMethodId: 1, templateId: 3 });
    addProduct(PILS);
    const whole = await completeCashSale({ paymentMethodId: 1, templateId: 3 });
    const headersOf = async (saleId: string) => saleHeaders((await readSale(saleId))!.sale)[SPLIT_HEADER];
    expect(await headersOf(half.saleId)).toBe('1');
    expect(await headersOf(rest.saleId)).toBe('1');
    expect(await headersOf(whole.saleId)).toBeUndefined();
  });

  it('records each of three equal parts as a share of the one bill: the bill’s lines for the ledger, the part’s lines named with it', async () => {
    addProduct(PILS);
    addProduct(PILS);
    addProduct(PILS);
    addProduct(ESPRESSO);
    const bill = sumOf(ticketLines()); // 3 × 4.20 + 2.80 = 15.40
    const receipts = [];
    for (const parts of [3, 2]) {
      const part = equalPart(ticketLines(), parts);
      receipts.push(await completeCashSale({ paymentMethodId: 1, templateId: 3, part, shareWord: 'Anteil' }));
    }
    expect(currentTicket().equalSplit?.paid).toBe(2);
    receipts.push(await completeCashSale({ paymentMethodId: 1, templateId: 3, shareWord: 'Anteil' })); // the last part
    const sales = await Promise.all(receipts.map(async (receipt) => (await readSale(receipt.saleId))!.sale));
    const records = sales.map((sale) => ledgerRecordOf(sale, 'sale'));
    expect(records.map((record) => record.share?.part)).toEqual([1, 2, 3]);
    expect(new Set(records.map((record) => record.share?.billId)).size).toBe(1);
    expect(records.map((record) => record.totalCents)).toEqual([514, 513, 513]);
    for (const record of records) {
      expect(record.share).toMatchObject({ parts: 3, billCents: bill });
      expect(record.lines.map((line) => [line.productId, line.quantity, line.unitPriceCents])).toEqual([
        [1, 3, 420],
        [2, 1, 280],
      ]);
    }
    // What the PMS gets: one line per bill line at quantity 1, named with the share; together the bill.
    expect(sales[0]!.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Pils 0,3 l · Anteil 1/3', 1],
      ['Espresso · Anteil 1/3', 1],
    ]);
    const perProduct = (id: number) =>
      sales
        .flatMap((sale) => sale.lines)
        .filter((line) => line.productId === id)
        .reduce((sum, line) => sum + line.unitPriceCents, 0);
    expect([perProduct(1), perProduct(2)]).toEqual([1260, 280]);
    expect(receipts[0]!.lines[0]!.name).toBe('Pils 0,3 l · Anteil 1/3');
    expect(ticketLines()).toEqual([]);
  });

  it('records a part as its own lines, as before, where the split changed under way (another number of parts)', async () => {
    addProduct(PILS);
    addProduct(ESPRESSO);
    await completeCashSale({ paymentMethodId: 1, templateId: 3, part: equalPart(ticketLines(), 3) });
    const changed = await completeCashSale({
      paymentMethodId: 1,
      templateId: 3,
      part: equalPart(ticketLines(), 3),
    });
    const record = ledgerRecordOf((await readSale(changed.saleId))!.sale, 'sale');
    expect(record.share).toBeUndefined();
    expect(record.split).toBe(true);
  });

  it('takes a card payment without tendered cash or change', async () => {
    addProduct(ESPRESSO);
    const receipt = await completeCashSale({
      paymentMethodId: 2,
      templateId: 3,
      tenderedCents: 5000,
      standaloneCard: { receiptNumber: '12' },
    });
    expect(receipt).toMatchObject({ isCash: false, tenderedCents: null, changeCents: null });
  });

  // Issue 30: before, a card method with no terminal answering fell through to this plain completion
  // and recorded card money no terminal took (the ledger got `card` with no terminal data).
  it('refuses a card method with neither the terminal’s payment nor a stand-alone receipt number: nothing recorded, the ticket kept', async () => {
    addProduct(ESPRESSO);
    const before = (await listSales()).length;
    const failure = await completeCashSale({ paymentMethodId: 2, templateId: 3 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentError);
    expect((failure as PaymentError).reason).toBe('card-needs-terminal');
    expect(errorText(failure)).toBe(
      'A card is taken on the terminal: pay through the terminal, or on a stand-alone terminal with its receipt number.',
    );
    expect(ticketLines().map((l) => l.name)).toEqual(['Espresso']);
    expect((await listSales()).length).toBe(before);
  });

  it('records a card taken on a stand-alone terminal with its receipt number: the receipt and the ledger record say so', async () => {
    addProduct(ESPRESSO, 3);
    const receipt = await completeCashSale({
      paymentMethodId: 2,
      templateId: 3,
      standaloneCard: { receiptNumber: ' 0042 ' },
    });
    expect(receipt.standaloneCard).toEqual({ receiptNumber: '0042' });
    const { sale } = (await readSale(receipt.saleId))!;
    expect(ledgerRecordOf(sale, 'sale').payments).toEqual([
      { method: 'card', amountCents: 840, pmsPaymentMethodId: 2, standalone: { receiptNumber: '0042' } },
    ]);
  });

  it('records a tip the guest added on the stand-alone terminal apart from the amount, on the receipt and the ledger record', async () => {
    addProduct(ESPRESSO, 3);
    const receipt = await completeCashSale({
      paymentMethodId: 2,
      templateId: 3,
      standaloneCard: { receiptNumber: '0043', tipCents: 160 },
    });
    expect(receipt.standaloneCard).toEqual({ receiptNumber: '0043', tipCents: 160 });
    const { sale } = (await readSale(receipt.saleId))!;
    expect(ledgerRecordOf(sale, 'sale').payments).toEqual([
      {
        method: 'card',
        amountCents: 840,
        pmsPaymentMethodId: 2,
        standalone: { receiptNumber: '0043' },
        tipCents: 160,
      },
    ]);
  });

  it.each([-1, 1.5, 1_000_001])(
    'refuses a stand-alone tip of %j cents, nothing recorded',
    async (tipCents) => {
      addProduct(PILS);
      const before = (await listSales()).length;
      const failure = await completeCashSale({
        paymentMethodId: 2,
        templateId: 3,
        standaloneCard: { receiptNumber: '7', tipCents },
      }).catch((e: unknown) => e);
      expect((failure as PaymentError).reason).toBe('standalone-tip');
      expect((await listSales()).length).toBe(before);
    },
  );

  it.each(['', '12a', '12345678901'])(
    'refuses a stand-alone receipt number %j, nothing recorded',
    async (typed) => {
      addProduct(PILS);
      const before = (await listSales()).length;
      const failure = await completeCashSale({
        paymentMethodId: 2,
        templateId: 3,
        standaloneCard: { receiptNumber: typed },
      }).catch((e: unknown) => e);
      expect((failure as PaymentError).reason).toBe('standalone-receipt');
      expect((await listSales()).length).toBe(before);
    },
  );

  it('keeps the ticket when the cash tendered does not cover the total', async () => {
    addProduct(PILS);
    const before = (await listSales()).length;
    await expect(completeCashSale({ paymentMethodId: 1, templateId: 3, tenderedCents: 400 })).rejects.toThrow(
      PaymentError,
    );
    expect(ticketLines().map((l) => l.name)).toEqual(['Pils 0,3 l']);
    expect((await listSales()).length).toBe(before);
  });

  it.each([
    ['IndexedDB fails', 'UnknownError', 'The sale was NOT saved on this tablet: it is not recorded.'],
    ['the storage is full', 'QuotaExceededError', 'The sale was NOT saved: this tablet’s storage is full.'],
  ])('keeps the ticket when %s, and says the sale was not saved', async (_case, name, sentence) => {
    addProduct(PILS);
    const before = (await listSales()).length;
    const working = globalThis.indexedDB;
    await closeTillDb();
    globalThis.indexedDB = {
      open: () => {
        throw new DOMException('The storage is not available', name);
      },
    } as unknown as IDBFactory;
    try {
      const failure = await completeCashSale({ paymentMethodId: 1, templateId: 3 }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(SaleNotSavedError);
      expect(errorText(failure)).toContain(sentence);
      expect(ticketLines().map((l) => l.name)).toEqual(['Pils 0,3 l']);
      expect(lastReceipt()?.lines.map((l) => l.name)).not.toEqual(['Pils 0,3 l']);
    } finally {
      globalThis.indexedDB = working;
    }
    expect((await listSales()).length).toBe(before);
  });

  it('keeps the ticket and says so when the browser lacks crypto.randomUUID (plain http), in German too', async () => {
    addProduct(ESPRESSO);
    const before = (await listSales()).length;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const failure = await completeCashSale({ paymentMethodId: 1, templateId: 3 }).catch((e: unknown) => e);
      expect(errorText(failure)).toMatch(
        /^The sale was NOT saved on this tablet: it is not recorded\. The ticket is still here/,
      );
      await setLanguage('de');
      expect(errorText(failure)).toMatch(/^Der Verkauf wurde auf diesem Tablet NICHT gespeichert/);
      expect(ticketLines().map((l) => l.name)).toEqual(['Espresso']);
    } finally {
      delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
      await setLanguage('en');
    }
    expect(typeof globalThis.crypto.randomUUID).toBe('function');
    expect((await listSales()).length).toBe(before);
  });
});

describe('charging the ticket to a room', () => {
  /** The sale kinds in the journal, oldest first. */
  const journal = async () => (await listSales({ limit: 500 })).map((sale) => `${sale.kind} ${sale.id}`);

  it('refuses a ticket another tab already paid cash, records nothing, and says when it was paid', async () => {
    addProduct(PILS);
    addProduct(ESPRESSO);
    await ticketWritesSettled();
    const shown = currentTicket(); // another tab still shows this ticket, not yet told it was paid
    const cash = await completeCashSale({ paymentMethodId: 1, templateId: 3 });
    showTicket(shown);
    const before = await journal();

    const failure = await chargeTicketToRoom({ stay: STAY, confirmedSurname: 'Bauer' }).catch(
      (e: unknown) => e,
    );

    expect(failure).toBeInstanceOf(TicketEndedError);
    const record = await readTicketRecord(shown.id);
    expect(record).toMatchObject({ status: 'paid', saleId: cash.saleId });
    expect(errorText(failure)).toBe(`This ticket was already paid at ${formatMoment(record!.paidAt!)}.`);
    expect(await journal()).toEqual(before);
    expect((await listSales({ limit: 500 })).filter((sale) => sale.kind === 'room-charge')).toEqual([]);
  });

  it('closes the ticket in the charge’s own transaction: a second charge or a cash payment of it records nothing', async () => {
    addProduct(PILS);
    await ticketWritesSettled();
    const shown = currentTicket();
    const charge = await chargeTicketToRoom({ stay: STAY, confirmedSurname: 'Bauer' });
    expect(charge).toMatchObject({ kind: 'room-charge', room: { roomReservationId: 501 } });
    expect(await readTicketRecord(shown.id)).toMatchObject({ status: 'paid', saleId: charge.id });
    expect(currentTicket().id).not.toBe(shown.id); // cleared as after a cash sale
    expect(ticketLines()).toEqual([]);
    const before = await journal();

    showTicket(shown);
    await expect(chargeTicketToRoom({ stay: STAY, confirmedSurname: 'Bauer' })).rejects.toThrow(
      TicketEndedError,
    );
    showTicket(shown);
    await expect(completeCashSale({ paymentMethodId: 1, templateId: 3 })).rejects.toThrow(TicketEndedError);
    expect(await journal()).toEqual(before);
  });

  it('of a split’s part closes nothing: the rest stays open on the ticket', async () => {
    addProduct(PILS);
    addProduct(ESPRESSO);
    await ticketWritesSettled();
    const [pils, espresso] = ticketLines();
    const part = { lines: [pils!], rest: [espresso!], totalCents: 420 };

    const charge = await chargeTicketToRoom({ stay: STAY, confirmedSurname: 'Bauer', part });

    expect(charge.lines.map((line) => line.name)).toEqual(['Pils 0,3 l']);
    await ticketWritesSettled();
    expect(ticketLines().map((line) => line.name)).toEqual(['Espresso']);
    expect(await readTicketRecord(currentTicket().id)).toMatchObject({ status: 'open' });
  });
});

describe('parked tickets', () => {
  it('park the ticket under a name and bring it back whole, parking the current ticket first', async () => {
    addProduct(PILS);
    addProduct(PILS);
    setNote('no ice');
    await parkTicket('Table 4');
    expect(ticketLines()).toEqual([]);

    addProduct(ESPRESSO);
    const [tab] = await readParkedTickets();
    expect(tab).toMatchObject({ label: 'Table 4', note: 'no ice' });
    await recallTicket(tab!.id, 'Ticket 21:40');

    expect(ticketLines().map((l) => [l.name, l.quantity])).toEqual([['Pils 0,3 l', 2]]);
    const parked = await readParkedTickets();
    expect(parked.map((t) => [t.label, t.lines.map((l) => l.name)])).toEqual([
      ['Ticket 21:40', ['Espresso']],
    ]);
  });

  it('keep the ticket being rung up as an open record; clearing drops it, parking keeps it', async () => {
    addProduct(PILS);
    const cleared = currentTicket().id;
    await ticketWritesSettled();
    expect(await readTicketRecord(cleared)).toMatchObject({ status: 'open', version: 1 });
    clearTicket();
    addProduct(ESPRESSO);
    const parked = currentTicket().id;
    await parkTicket('Table 2');
    await ticketWritesSettled();
    expect(await readTicketRecord(cleared)).toBeUndefined();
    expect(await readTicketRecord(parked)).toMatchObject({ status: 'parked', label: 'Table 2' });
  });

  it('refuse an empty ticket or a missing name, and leave the ticket alone', async () => {
    await expect(parkTicket('Table 9')).rejects.toThrow(ParkError);
    addProduct(ESPRESSO);
    await expect(parkTicket('   ')).rejects.toThrow(ParkError);
    expect(ticketLines().map((l) => l.name)).toEqual(['Espresso']);
  });
});
