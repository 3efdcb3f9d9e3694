// Issue 30's attacks through the printer, as regression tests (each failed on 7be31cd): a letterhead
// named by a tablet (`GET /till/print/status?hotelName=…`), and ESC/POS commands or forged lines in
// a product name or the letterhead, on every code page the admin page offers. The letterhead is the
// server's; every text reaches the printer as text; a German sale needs the business's name and address.
import { afterEach, describe, expect, it } from 'vitest';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { PRINT_CODEPAGES, slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { printerAt } from '../../support/printers.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup } from '../printing/printing-support.ts';

let setup: PrintSetup | undefined;
let fiscal: FiscalControl | undefined;
afterEach(async () => {
  await setup?.close();
  fiscal?.close();
  setup = undefined;
  fiscal = undefined;
});

/** Records a cash sale of `lines` from the bar tablet; its receipt prints from the ledger. */
const sell = (s: PrintSetup, saleId: string, name = 'Pils 0,3 l') =>
  s.tablet(
    '/till/sales',
    saleBody([ledgerLine(1, 1, 420, { name })], {
      saleId,
      payments: [{ method: 'cash', amountCents: 420, tenderedCents: 500, changeCents: 80 }],
    }),
  );

/** Bytes that would drive the printer: ESC p (drawer), GS V (cut), DLE DC4 (real-time pulse). */
const COMMANDS = '\u001bp\u0000\u0019\u00fa\u001dV\u0000\u0010\u0014\u0001\u0000\u0005';
const FORGED = `Pils\n TOTAL 0,00 EUR\r\n${COMMANDS}← ☺`;

describe('the letterhead', () => {
  it('is the server’s: a tablet naming one in its status poll or its print request prints nothing of it', async () => {
    setup = await printSetup();
    setup.hub.receiptHeaders.set('hotel', {
      hotelName: 'Hotel Zur Linde',
      hotelAddress: 'Lindenstraße 1, Berlin',
    });
    const fake = new URLSearchParams({ language: 'de', hotelName: 'FAKE HOTEL GmbH', vatId: 'DE000000000' });
    expect((await setup.tablet(`/till/print/status?${fake}`)).status).toBe(200);
    expect((await sell(setup, 's1')).status).toBe(200);
    const header = { hotelName: 'FAKE HOTEL GmbH', hotelAddress: 'Nowhere', vatId: 'DE000000000' };
    expect(
      (await setup.tablet('/till/print/receipt', { saleId: 's1', language: 'de', copyId: 'c1', header }))
        .status,
    ).toBe(200);
    const slips = await setup.printer.waitForSlips(2);
    for (const slip of slips) {
      const text = slipText(slip);
      expect(text).toContain('Hotel Zur Linde');
      expect(text).not.toMatch(/FAKE|DE000000000|Nowhere/);
    }
  });

  it('is the business entered for the tax office where the receipt header is empty', async () => {
    fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'none', testMode: true });
    fiscal.setBusiness({
      name: 'Hotel Zur Linde',
      street: 'Lindenstraße 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DEU',
      taxNumber: '27/123/45678',
    });
    setup = await printSetup({ fiscal });
    expect((await sell(setup, 's1')).status).toBe(200);
    const text = slipText((await setup.printer.waitForSlips(1))[0]!);
    expect(text).toContain('Hotel Zur Linde');
    expect(text).toContain('Lindenstraße 1, 10115 Berlin');
    expect(text).toContain('27/123/45678');
  });

  it('must have a name and an address before a German sale is recorded and signed', async () => {
    fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
    await fiscal.german()!.setUp('HOTEL-TILL BAR 1');
    setup = await printSetup({ fiscal });
    const refused = await sell(setup, 's1');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'business_missing' });
    expect(setup.hub.ledger.sale('s1')).toBeUndefined();
    setup.hub.receiptHeaders.set('hotel', {
      hotelName: 'Hotel Zur Linde',
      hotelAddress: 'Lindenstraße 1, Berlin',
    });
    expect((await sell(setup, 's1')).status).toBe(200);
  });
});

describe('text that reaches the printer', () => {
  it.each(PRINT_CODEPAGES)(
    'on %s, a product name or letterhead with ESC p, GS V, DLE DC4 or a line feed prints as text, one kick, one cut',
    async (codepage) => {
      setup = await printSetup();
      setup.printing.printers.update(setup.receiptPrinter.id, printerAt(setup.printer, { codepage }));
      setup.hub.db
        .prepare(`INSERT INTO hub_settings (key, value) VALUES ('receipt-header', ?)`)
        .run(JSON.stringify({ hotel: { hotelName: `Linde${COMMANDS}`, hotelAddress: FORGED, vatId: '' } }));
      expect((await sell(setup, 's1', FORGED)).status).toBe(200);
      const [slip] = await setup.printer.waitForSlips(1);
      // One drawer kick (the cash sale's), no other command, and the cut the slip ends with.
      expect(slip!.items.filter((item) => item.kind === 'drawer')).toHaveLength(1);
      expect(slip!.items.filter((item) => item.kind === 'unknown')).toEqual([]);
      expect(slip!.cut).not.toBeNull();
      const bytes = setup.printer.bytes();
      const count = (pattern: number[]) =>
        bytes.reduce((n, _, i) => (pattern.every((b, k) => bytes[i + k] === b) ? n + 1 : n), 0);
      expect(count([0x1b, 0x70])).toBe(1); // ESC p
      expect(count([0x10, 0x14])).toBe(0); // DLE DC4
      expect(count([0x1d, 0x56])).toBe(1); // GS V: the one cut
      // No line of the slip starts with the forged total.
      expect(
        slipText(slip!)
          .split('\n')
          .some((line) => line.trim().startsWith('TOTAL 0,00')),
      ).toBe(false);
    },
  );
});

describe('copies of one sale', () => {
  it('are limited: 300 asked at once queue no more than a few ahead of another tablet’s receipt', async () => {
    setup = await printSetup();
    setup.printer.setState('off');
    expect((await sell(setup, 's1')).status).toBe(200);
    const asked = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        setup!.tablet('/till/print/receipt', { saleId: 's1', copyId: `c${i}` }),
      ),
    );
    const queued = asked.filter((answer) => answer.status === 200).length;
    expect(queued).toBeLessThanOrEqual(3);
    expect(asked.find((answer) => answer.status === 429)?.body).toMatchObject({ code: 'copy_limit' });
    const copies = setup.hub.db
      .prepare("SELECT count(*) AS n FROM print_jobs WHERE job_key LIKE 's1:copy:%'")
      .get() as { n: number };
    expect(copies.n).toBe(queued);
  });
});
