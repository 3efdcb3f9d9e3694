// The print queue against the printer double, fed from the sales ledger: a recorded sale's receipt
// prints once however often the tablet asks, jobs wait in order while the printer is off and all
// print once it is back, a stopped printer (paper out) is reported and prints nothing until it is
// ready, only a person gives a job up, and a tablet cannot print a sale it did not record.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { createPrinting } from '../../../src/server/printing/printing.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup, recordBarSale } from './printing-support.ts';

let setup: PrintSetup;
beforeEach(async () => {
  setup = await printSetup();
});
afterEach(() => setup.close());

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('a receipt', () => {
  it('prints once with its lines and totals, a cut and one drawer kick, however often it is sent', async () => {
    // The letterhead is the server's (the admin page's receipt header); the tablet's status poll
    // names the slips' language only.
    setup.hub.receiptHeaders.set('hotel', {
      hotelName: 'Hotel Grüner Baum',
      hotelAddress: 'Hauptstraße 1, 80331 München',
      vatId: 'DE123456789',
    });
    expect((await setup.tablet('/till/print/status?language=de')).status).toBe(200);
    expect((await recordBarSale(setup, 's1')).status).toBe(200);
    const request = { saleId: 's1', language: 'de' };
    const first = await setup.tablet('/till/print/receipt', request);
    const again = await setup.tablet('/till/print/receipt', request);
    expect(first.status).toBe(200);
    expect(again.body.job.id).toBe(first.body.job.id);
    const [slip] = await setup.printer.waitForSlips(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(1);
    const text = slipText(slip!);
    expect(text).toMatch(/2 x Pils 0,5 l\s+9,00 €/);
    expect(text).toMatch(/1 x Apfelschorle\s+3,80 €/);
    expect(text).toMatch(/Summe\s+12,80 €/);
    expect(text).toMatch(/19 %\s+10,76 €\s+2,04 €\s+12,80 €/);
    expect(text).toMatch(/Rückgeld\s+7,20 €/);
    expect(text).toContain('B-s1');
    expect(text).toContain('Hotel Grüner Baum');
    expect(text).toContain('DE123456789');
    expect(slip!.cut).toBe('partial');
    expect(slip!.items.filter((item) => item.kind === 'drawer')).toHaveLength(1);
    expect(setup.printing.queue.job(first.body.job.id)?.state).toBe('printed');
  });

  it('opens no drawer for a card payment or a copy, and marks the copy', async () => {
    await recordBarSale(setup, 's2', { card: true });
    await setup.printer.waitForSlips(1);
    await recordBarSale(setup, 's3');
    await setup.printer.waitForSlips(2);
    await setup.tablet('/till/print/receipt', { saleId: 's3', copyId: 'tap-1' });
    await setup.tablet('/till/print/receipt', { saleId: 's3', copyId: 'tap-1' });
    await setup.tablet('/till/print/receipt', { saleId: 's3', copyId: 'tap-2' });
    const slips = await setup.printer.waitForSlips(4);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(4);
    const drawerKicks = slips.map((slip) => slip.items.filter((item) => item.kind === 'drawer').length);
    // The card sale none, the cash sale's receipt one, its copies none.
    expect(drawerKicks).toEqual([0, 1, 0, 0]);
    expect(slipText(slips[0]!)).toMatch(/Karte/);
    expect(slipText(slips[2]!)).toContain('KOPIE');
    expect(slipText(slips[2]!)).toContain('Kopie 1');
    expect(slipText(slips[3]!)).toContain('Kopie 2');
  });
});

describe('the ledger’s hook', () => {
  it('prints nothing more for a resend of the same record, and a failing listener leaves the record stored', async () => {
    const body = saleBody([ledgerLine(1, 1, 450, { name: 'Pils 0,5 l' })], {
      saleId: 'h1',
      reference: 'B-h1',
    });
    expect((await setup.tablet('/till/sales', body)).status).toBe(200);
    expect((await setup.tablet('/till/sales', body)).status).toBe(200);
    await setup.printer.waitForSlips(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(1);

    setup.hub.ledger.onRecorded(() => {
      throw new Error('a listener that fails');
    });
    expect((await recordBarSale(setup, 'h2')).status).toBe(200);
    expect(setup.hub.ledger.sale('h2')?.saleId).toBe('h2');
    const [, second] = await setup.printer.waitForSlips(2);
    expect(slipText(second!)).toContain('B-h2');
  });
});

describe('while the printer is off', () => {
  it('keeps five receipts waiting, then prints each exactly once and in order when it is back', async () => {
    setup.printer.setState('off');
    for (let n = 1; n <= 5; n += 1) {
      expect((await recordBarSale(setup, `off-${n}`)).status).toBe(200);
      const sent = await setup.tablet('/till/print/receipt', { saleId: `off-${n}` });
      expect(sent.status).toBe(200);
    }
    await until(() => setup.printing.queue.attention('bar')[0]?.problem === 'unreachable');
    expect(setup.printing.queue.attention('bar')[0]?.waiting).toBe(5);
    const status = await setup.tablet('/till/print/status');
    expect(status.body.attention[0]).toMatchObject({ printerName: 'Bar receipts', problem: 'unreachable' });
    expect(setup.printer.printed).toHaveLength(0);

    setup.printer.setState('ok');
    const slips = await setup.printer.waitForSlips(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(setup.printer.printed).toHaveLength(5);
    expect(slips.map((slip) => /B-off-\d/.exec(slipText(slip))?.[0])).toEqual([
      'B-off-1',
      'B-off-2',
      'B-off-3',
      'B-off-4',
      'B-off-5',
    ]);
    await until(() => setup.printing.queue.attention('bar').length === 0);
  });
});

describe('a stopped printer', () => {
  it('says "paper out", prints nothing, and prints once paper is back', async () => {
    setup.printer.setState('paper_out');
    await recordBarSale(setup, 'p1');
    await until(() => setup.printing.queue.attention('bar')[0]?.problem === 'paper_out');
    expect((await setup.tablet('/till/print/status')).body.attention[0].problem).toBe('paper_out');
    expect(setup.printer.printed).toHaveLength(0);
    setup.printer.setState('ok');
    await setup.printer.waitForSlips(1);
  });

  it('gives a waiting job up at a person’s word, and it never prints', async () => {
    setup.printer.setState('cover_open');
    await recordBarSale(setup, 'g1');
    const sent = await setup.tablet('/till/print/receipt', { saleId: 'g1' });
    await until(() => setup.printing.queue.attention('bar')[0]?.problem === 'cover_open');
    const given = await setup.tablet(`/till/print/jobs/${sent.body.job.id}/give-up`, {});
    expect(given.status).toBe(200);
    expect(setup.printing.queue.job(sent.body.job.id)).toMatchObject({
      state: 'given_up',
      givenUpBy: 'Test tablet',
    });
    setup.printer.setState('ok');
    await recordBarSale(setup, 'g2');
    const [slip] = await setup.printer.waitForSlips(1);
    expect(slipText(slip!)).toContain('B-g2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(1);
  });
});

describe('who may print', () => {
  it('refuses callers that are not paired tablets, and queues nothing', async () => {
    for (const answer of [
      await setup.stranger('/till/print/status'),
      await setup.stranger('/till/print/receipt', { saleId: 'x1' }),
      await setup.stranger('/till/print/order', {
        ticketId: 't',
        place: '',
        staffName: '',
        note: '',
        lines: [],
      }),
      await setup.stranger('/till/print/jobs/1/give-up', {}),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('device_not_paired');
    }
    expect(setup.printing.queue.recent()).toHaveLength(0);
  });

  it('answers bad input with 400 naming the field, and queues nothing', async () => {
    const answer = await setup.tablet('/till/print/receipt', { saleId: 'bad id/with a slash' });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('saleId');
    const language = await setup.tablet('/till/print/receipt', { saleId: 's1', language: 'fr' });
    expect(language.status).toBe(400);
    expect(language.body.field).toBe('language');
    expect(setup.printing.queue.recent()).toHaveLength(0);
  });

  it('answers 409 no_printer where the outlet has no receipt printer', async () => {
    setup.printing.printers.remove(setup.receiptPrinter.id);
    expect((await recordBarSale(setup, 'n1')).status).toBe(200);
    const answer = await setup.tablet('/till/print/receipt', { saleId: 'n1' });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('no_printer');
    expect((await setup.tablet('/till/print/status')).body.receiptPrinter).toBe(false);
  });
});

describe('a job whose outcome is unknown', () => {
  it('is held for a person after a stop mid-print, prints nothing by itself, and prints once when a person says so', async () => {
    // A stop while the job was on its way: the row still says 'printing'.
    setup.printer.setState('off');
    await recordBarSale(setup, 'u1');
    const sent = await setup.tablet('/till/print/receipt', { saleId: 'u1' });
    const id: number = sent.body.job.id;
    await setup.printing.stop();
    setup.hub.db.prepare("UPDATE print_jobs SET state = 'printing' WHERE id = ?").run(id);
    setup.printer.setState('ok');
    const restarted = createPrinting({ db: setup.hub.db, retryMs: 50, timeoutMs: 1000 });
    try {
      expect(restarted.queue.job(id)?.state).toBe('unsure');
      expect(restarted.queue.attention('bar')).toMatchObject([
        { problem: 'unsure', jobs: [{ id, state: 'unsure' }] },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(setup.printer.printed).toHaveLength(0);
      expect(restarted.queue.printAgain(id)).toBe(true);
      const [slip] = await setup.printer.waitForSlips(1);
      expect(slipText(slip!)).toContain('B-u1');
      await until(() => restarted.queue.job(id)?.state === 'printed');
      expect(restarted.queue.printAgain(id)).toBe(false);
      expect(restarted.queue.giveUp(id, 'Anna')).toBe(false);
    } finally {
      await restarted.stop();
    }
  });
});

describe('a refund’s cancellation slip', () => {
  it('prints once from the refund’s record, amounts negative, with the reason, and opens the drawer for cash', async () => {
    await recordBarSale(setup, 's9');
    await setup.printer.waitForSlips(1);
    const refund = await setup.tablet('/till/sales', {
      ...saleBody([ledgerLine(1, -2, 450, { name: 'Pils 0,5 l' })], {
        saleId: 'c1',
        kind: 'refund',
        reference: 'B-c1',
        refersTo: 's9',
        reason: 'Bier war schal',
        payments: [{ method: 'cash', amountCents: -900 }],
      }),
    });
    expect(refund.status).toBe(200);
    await setup.tablet('/till/print/cancellation', { saleId: 'c1', language: 'de' });
    await setup.tablet('/till/print/cancellation', { saleId: 'c1', language: 'de' });
    const [, printed] = await setup.printer.waitForSlips(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(2);
    const text = slipText(printed!);
    expect(text).toContain('ERSTATTUNG');
    expect(text).toContain('Storniert Beleg B-s9');
    expect(text).toMatch(/2 x Pils 0,5 l\s+-9,00 €/);
    expect(text).toContain('Grund: Bier war schal');
    expect(printed!.items.filter((item) => item.kind === 'drawer')).toHaveLength(1);
    // A sale is no refund: no slip of it.
    const wrongKind = await setup.tablet('/till/print/cancellation', { saleId: 's9' });
    expect(wrongKind.status).toBe(422);
  });
});

describe('printing only what the ledger recorded', () => {
  it('refuses a receipt, copy or slip of a sale the tablet did not record, and queues nothing', async () => {
    // Never recorded: nothing queued. A receipt or a refund's slip waits for its record (202 naming
    // the printer; the ledger's hook prints it once stored); a copy of it is refused.
    for (const path of ['/till/print/receipt', '/till/print/cancellation']) {
      const waiting = await setup.tablet(path, { saleId: 'never-sold' });
      expect(waiting.status).toBe(202);
      expect(waiting.body).toEqual({ job: null, printerName: 'Bar receipts' });
    }
    const copy = await setup.tablet('/till/print/receipt', { saleId: 'never-sold', copyId: 'tap-1' });
    expect(copy.status).toBe(409);
    expect(copy.body.code).toBe('sale_not_recorded');
    expect(setup.printing.queue.recent()).toHaveLength(0);
    // Another tablet's sale: not this one's to print, nor to copy, nor to slip.
    setup.printer.setState('off');
    expect((await recordBarSale(setup, 'theirs')).status).toBe(200);
    const before = setup.printing.queue.recent().length;
    for (const answer of [
      await setup.otherTablet('/till/print/receipt', { saleId: 'theirs' }),
      await setup.otherTablet('/till/print/receipt', { saleId: 'theirs', copyId: 'tap-9' }),
      await setup.otherTablet('/till/print/cancellation', { saleId: 'theirs' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('not_your_sale');
    }
    expect(setup.printing.queue.recent()).toHaveLength(before);
    const keys = setup.hub.db.prepare('SELECT job_key AS key FROM print_jobs ORDER BY id').all();
    expect(keys).toEqual([{ key: 'theirs:receipt:0' }]);
  });
});
