// A receipt the server prints from the ledger with Austria chosen (test signature unit, the printer
// double on the loopback): the RKSV QR code as the answer has it (its JWS in the DEP, which passes
// the independent verifier) and the BAO lines (business, UID, Kassen-ID, Belegnummer, date), TEST
// on it; in an outage "Sicherheitseinrichtung ausgefallen" and the QR code with the failure marker.
// The special receipts print there too, with their QR code and BAO lines; the admin page prints one
// again (an admin session only: a paired tablet cannot).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { adminCookieName } from '../../../src/server/admin/admin-access.ts';
import { TITLES } from '../../../src/server/fiscal/at/receipt-lines.ts';
import { jwsOfQr, qrOfJws } from '../../../src/server/fiscal/at/rksv-core.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { type Slip, slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { type PrintSetup, printSetup, recordBarSale } from '../printing/printing-support.ts';
import { type CryptoContainer, verifyDep } from './rksv-verifier.ts';

let fiscal: FiscalControl;
let setup: PrintSetup;
let startSlips: readonly Slip[] = [];
let clock: Date | undefined;
beforeEach(async () => {
  clock = undefined;
  fiscal = createFiscalControl({
    dataDir: null,
    defaultCountry: 'AT',
    testMode: true,
    now: () => clock ?? new Date(),
  });
  setup = await printSetup({ fiscal });
  await fiscal.austria()!.setUp({
    kassenId: 'HOTEL-TILL-BAR',
    business: { name: 'Hotel Alpenblick', address: 'Dorfstraße 12, 6020 Innsbruck', vatId: 'ATU12345678' },
    companyId: 'U:ATU12345678',
  });
  // The Startbeleg printed at set-up (tested below); the sales' tests read their own slips.
  startSlips = [...(await setup.printer.waitForSlips(1, 5000).catch(() => []))];
  setup.printer.clear();
});
afterEach(async () => {
  await setup.close();
  fiscal.close();
});
const qrCodesOf = (slip: Slip) => slip.items.flatMap((item) => (item.kind === 'qr' ? [item.data] : []));

describe('a printed Austrian receipt', () => {
  it('carries the RKSV QR code and the BAO items', async () => {
    const answer = await recordBarSale(setup, 'a1');
    const signed = answer.body.fiscal as FiscalReceipt;
    expect(signed.status).toBe('signed');
    const [slip] = await setup.printer.waitForSlips(1);
    const text = slipText(slip!);
    for (const part of [
      'TEST-Signatureinheit',
      'Hotel Alpenblick',
      'UID: ATU12345678',
      'Kassen-ID / Till ID: HOTEL-TILL-BAR',
      'Beleg-Nr. / Receipt no.: 2',
    ])
      expect(text.replace(/\n/g, ' ')).toContain(part);
    const qr = qrCodesOf(slip!);
    expect(qr).toEqual([signed.qrCode]);
    const dep = await fiscal.austria()!.exportDep7();
    expect(dep['Belege-Gruppe'][0]!['Belege-kompakt']).toContain(jwsOfQr(qr[0]!));
    expect(verifyDep(dep, fiscal.austria()!.cryptoMaterial() as unknown as CryptoContainer).problems).toEqual(
      [],
    );
  });

  it('says "Sicherheitseinrichtung ausgefallen" in an outage, with the failure marker in the QR code', async () => {
    fiscal.austria()!.testUnit!.setSwitchedOff(true);
    await recordBarSale(setup, 'a2');
    const [slip] = await setup.printer.waitForSlips(1);
    expect(slipText(slip!)).toContain('Sicherheitseinrichtung ausgefallen');
    expect(qrCodesOf(slip!)[0]!.endsWith('_U2ljaGVyaGVpdHNlaW5yaWNodHVuZyBhdXNnZWZhbGxlbg==')).toBe(true);
  });
});

describe("the special receipts on the hub's receipt printer", () => {
  const at = () => fiscal.austria()!;
  const bao = [
    'TEST-Signatureinheit',
    'Hotel Alpenblick',
    'UID: ATU12345678',
    'Kassen-ID / Till ID: HOTEL-TILL-BAR',
  ];
  const expectPrinted = (slip: Slip, title: string, receiptNumber: string) => {
    const text = slipText(slip).replace(/\n/g, ' ');
    for (const part of [title, ...bao, `Beleg-Nr. / Receipt no.: ${receiptNumber}`])
      expect(text).toContain(part);
    const row = at()
      .store.receipts()
      .find((r) => r.receiptNumber === receiptNumber)!;
    expect(qrCodesOf(slip)).toEqual([qrOfJws(row.jws)]);
  };

  it('prints the Startbeleg at set-up, a Nullbeleg and the Jahresbeleg when made, and the Schlussbeleg', async () => {
    expect(startSlips).toHaveLength(1);
    expectPrinted(startSlips[0]!, 'Startbeleg', at().store.lastOf('start')!.receiptNumber);
    const zero = await at().zeroReceipt();
    const yearly = await at().yearlyReceipt();
    const closing = await at().decommission();
    const slips = await setup.printer.waitForSlips(3);
    expectPrinted(slips[0]!, 'Nullbeleg', zero!.receiptNumber);
    expectPrinted(slips[1]!, 'Jahresbeleg', yearly!.receiptNumber);
    expectPrinted(slips[2]!, 'Schlussbeleg', closing!.receiptNumber);
    // Nothing but the receipts: no drawer kick for a zero receipt.
    expect(slips.flatMap((slip) => slip.items.filter((item) => item.kind === 'drawer'))).toEqual([]);
  });

  it("prints the Monatsbeleg (a Jahresbeleg in a new year) made before a new month's first sale", async () => {
    // 40 days on: the next sale is a new month's first.
    clock = new Date(Date.now() + 40 * 86_400_000);
    await recordBarSale(setup, 'm1');
    const closing = at()
      .store.receipts()
      .find((r) => r.purpose === 'monthly' || r.purpose === 'yearly')!;
    const slips = await setup.printer.waitForSlips(2);
    expectPrinted(slips[0]!, TITLES[closing.purpose]!, closing.receiptNumber);
    expect(slipText(slips[1]!)).toContain(at().store.receiptsOfSale('m1')[0]!.receiptNumber);
  });

  it('prints one again from the admin page (a copy), for an admin session only: a paired tablet cannot', async () => {
    const start = at().store.lastOf('start')!.receiptNumber;
    const post = (cookie: string, receiptNumber: string) =>
      setup.app.request('/admin/fiscal/at/print', {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ receiptNumber }).toString(),
      });
    expect((await post(setup.cookie, start)).status).toBe(401);
    expect(setup.hub.audit.list({ kind: 'rksv_special_reprinted' })).toHaveLength(0);
    const admin = `${adminCookieName(setup.hub)}=${setup.hub.createAdminSession(null)}`;
    const page = await setup.app.request('/admin/fiscal', { headers: { cookie: admin } });
    expect(await page.text()).toContain('action="/admin/fiscal/at/print"');
    // A sale's receipt number is no special receipt: refused, naming the field.
    const sale = await post(admin, 'no-such-receipt');
    expect(sale.status).toBe(400);
    expect(await sale.json()).toMatchObject({ field: 'receiptNumber' });
    expect((await post(admin, start)).status).toBe(303);
    const [copy] = await setup.printer.waitForSlips(1);
    expect(slipText(copy!)).toMatch(/Kopie|Copy/);
    expectPrinted(copy!, 'Startbeleg', start);
    expect(setup.hub.audit.list({ kind: 'rksv_special_reprinted' })).toHaveLength(1);
    expect(setup.printer.count()).toBe(1);
  });
});
