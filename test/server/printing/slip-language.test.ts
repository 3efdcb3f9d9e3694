// The language of the receipts the server prints from the ledger survives a restart (issue 33: an
// English tablet's receipts came out in German after a restart, until the tablet's next poll).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../../src/pms/till-headers.ts';
import { createApp } from '../../../src/server/app.ts';
import { createHub } from '../../../src/server/hub/hub.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { startPrinterDouble } from '../../../src/server/printing/printer-double.ts';
import { createPrinting } from '../../../src/server/printing/printing.ts';
import { pinnedHotel } from '../../support/hotel.ts';
import { printerAt } from '../../support/printers.ts';
import { type PrintSetup, recordBarSale } from './printing-support.ts';

describe('a receipt printed after a restart', () => {
  it('is in the language the tablet last named before it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'till-slip-language-'));
    const printer = await startPrinterDouble();
    const hotel = pinnedHotel();
    const start = () => {
      const hub = createHub({ dbFile: join(dir, 'hub.sqlite') });
      const outlets = () => hub.outlets.list().map((outlet) => outlet.id);
      const printing = createPrinting({ db: hub.db, outlets, retryMs: 50, timeoutMs: 1000 });
      return { hub, printing, app: createApp({ hub, hotel, printing, printerDouble: printer }) };
    };
    const before = start();
    try {
      const { token } = before.hub.redeemPairingCode(
        before.hub.createPairingCode({ outlet: 'bar', name: 'Bar 1' }).code,
        '127.0.0.1',
      );
      const cookie = `${before.hub.cookieName}=${token}`;
      before.printing.printers.add(printerAt(printer));
      const tabletOf = (app: typeof before.app) => async (path: string, body?: unknown) => {
        const response = await app.request(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            cookie,
            [REQUEST_ID_HEADER]: randomUUID(),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: await response.json() };
      };
      expect((await tabletOf(before.app)('/till/print/status?language=en')).status).toBe(200);
      await before.printing.stop();
      before.hub.close();

      const after = start();
      try {
        const answer = await recordBarSale({ tablet: tabletOf(after.app) } as PrintSetup, 'restart-1');
        expect(answer.status).toBe(200);
        const [slip] = await printer.waitForSlips(1);
        const text = slipText(slip!);
        expect(text).toContain('Thank you!');
        expect(text).not.toContain('Vielen Dank!');
      } finally {
        await after.printing.stop();
        after.hub.close();
      }
    } finally {
      await printer.close();
      hotel.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
