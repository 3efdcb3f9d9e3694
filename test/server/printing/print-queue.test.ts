// The print queue against the printer double: a receipt prints once however often it is sent,
// jobs wait in order while the printer is off and all print once it is back, a stopped printer
// (paper out) is reported and prints nothing until it is ready, and only a person gives a job up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { createPrinting } from '../../../src/server/printing/printing.ts';
import { cashReceipt, type PrintSetup, printSetup } from './printing-support.ts';

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
    const request = { receipt: cashReceipt('s1'), language: 'de' };
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
    expect(slip!.cut).toBe('partial');
    expect(slip!.items.filter((item) => item.kind === 'drawer')).toHaveLength(1);
    expect(setup.printing.queue.job(first.body.job.id)?.state).toBe('printed');
  });

  it('opens no drawer for a card payment or a copy, and marks the copy', async () => {
    await setup.tablet('/till/print/receipt', {
      receipt: cashReceipt('s2', {
        isCash: false,
        paymentMethodName: 'Karte',
        tenderedCents: null,
        changeCents: null,
      }),
    });
    await setup.tablet('/till/print/receipt', { receipt: cashReceipt('s3'), copyId: 'tap-1' });
    await setup.tablet('/till/print/receipt', { receipt: cashReceipt('s3'), copyId: 'tap-1' });
    await setup.tablet('/till/print/receipt', { receipt: cashReceipt('s3'), copyId: 'tap-2' });
    const slips = await setup.printer.waitForSlips(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(3);
    for (const slip of slips) expect(slip.items.some((item) => item.kind === 'drawer')).toBe(false);
    expect(slipText(slips[1]!)).toContain('KOPIE');
    expect(slipText(slips[1]!)).toContain('Kopie 1');
    expect(slipText(slips[2]!)).toContain('Kopie 2');
  });

  it('carries the fiscal lines and the QR code when the receipt has them', async () => {
    await setup.tablet('/till/print/receipt', {
      receipt: cashReceipt('s4', {
        fiscal: { lines: ['TSE-Transaktion 17'], qrCode: 'V0;till;Kassenbeleg-V1;17' },
      }),
    });
    const [slip] = await setup.printer.waitForSlips(1);
    expect(slipText(slip!)).toContain('TSE-Transaktion 17');
    expect(slip!.items).toContainEqual({ kind: 'qr', data: 'V0;till;Kassenbeleg-V1;17' });
  });
});

describe('while the printer is off', () => {
  it('keeps five receipts waiting, then prints each exactly once and in order when it is back', async () => {
    setup.printer.setState('off');
    for (let n = 1; n <= 5; n += 1) {
      const sent = await setup.tablet('/till/print/receipt', { receipt: cashReceipt(`off-${n}`) });
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
    await setup.tablet('/till/print/receipt', { receipt: cashReceipt('p1') });
    await until(() => setup.printing.queue.attention('bar')[0]?.problem === 'paper_out');
    expect((await setup.tablet('/till/print/status')).body.attention[0].problem).toBe('paper_out');
    expect(setup.printer.printed).toHaveLength(0);
    setup.printer.setState('ok');
    await setup.printer.waitForSlips(1);
  });

  it('gives a waiting job up at a person’s word, and it never prints', async () => {
    setup.printer.setState('cover_open');
    const sent = await setup.tablet('/till/print/receipt', { receipt: cashReceipt('g1') });
    await until(() => setup.printing.queue.attention('bar')[0]?.problem === 'cover_open');
    const given = await setup.tablet(`/till/print/jobs/${sent.body.job.id}/give-up`, {});
    expect(given.status).toBe(200);
    expect(setup.printing.queue.job(sent.body.job.id)).toMatchObject({
      state: 'given_up',
      givenUpBy: 'Test tablet',
    });
    setup.printer.setState('ok');
    await setup.tablet('/till/print/receipt', { receipt: cashReceipt('g2') });
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
      await setup.stranger('/till/print/receipt', { receipt: cashReceipt('x1') }),
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
    const answer = await setup.tablet('/till/print/receipt', {
      receipt: {
        ...cashReceipt('bad'),
        lines: [{ name: 'Pils', quantity: 0, unitPriceCents: 450, totalCents: 0 }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('receipt.lines.0.quantity');
    expect(setup.printing.queue.recent()).toHaveLength(0);
  });

  it('answers 409 no_printer where the outlet has no receipt printer', async () => {
    setup.printing.printers.remove(setup.receiptPrinter.id);
    const answer = await setup.tablet('/till/print/receipt', { receipt: cashReceipt('n1') });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('no_printer');
    expect((await setup.tablet('/till/print/status')).body.receiptPrinter).toBe(false);
  });
});

describe('a job whose outcome is unknown', () => {
  it('is held for a person after a stop mid-print, prints nothing by itself, and prints once when a person says so', async () => {
    // A stop while the job was on its way: the row still says 'printing'.
    setup.printer.setState('off');
    const sent = await setup.tablet('/till/print/receipt', { receipt: cashReceipt('u1') });
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
  it('prints once, amounts negative, with the reason, and opens the drawer for cash', async () => {
    const slip = {
      cancellationId: 'c1',
      reference: 'B-s9',
      saleAt: Date.parse('2026-11-22T10:00:00+01:00'),
      createdAt: Date.parse('2026-11-22T10:20:00+01:00'),
      staffName: 'Anna',
      reason: 'Bier war schal',
      lines: [{ name: 'Pils 0,5 l', quantity: 2, totalCents: 900 }],
      totalCents: 900,
      paymentMethodName: 'Bar',
      isCash: true,
      currency: 'EUR',
    };
    await setup.tablet('/till/print/cancellation', { slip, language: 'de' });
    await setup.tablet('/till/print/cancellation', { slip, language: 'de' });
    const [printed] = await setup.printer.waitForSlips(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(setup.printer.printed).toHaveLength(1);
    const text = slipText(printed!);
    expect(text).toContain('ERSTATTUNG');
    expect(text).toContain('Storniert Beleg B-s9');
    expect(text).toMatch(/2 x Pils 0,5 l\s+-9,00 €/);
    expect(text).toContain('Grund: Bier war schal');
    expect(printed!.items.filter((item) => item.kind === 'drawer')).toHaveLength(1);
    const refused = await setup.tablet('/till/print/cancellation', { slip: { ...slip, totalCents: -5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('slip.totalCents');
  });
});
