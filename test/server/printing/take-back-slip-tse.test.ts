// Every signed record's slip shows its TSE data (issue 30, item 5): a take-back of a room charge is
// signed (AVBelegstorno), so its slip (asked for by the tablet that recorded it) carries its TSE
// transaction and a QR code that verifies, and says RÜCKNAHME without opening the drawer; a room
// charge's receipt, when asked for, carries the room charge's own TSE data (AVTransfer).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FiscalReceipt } from '../../../src/pms/fiscal-wire.ts';
import { verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';
import { createFiscalControl, type FiscalControl } from '../../../src/server/fiscal/fiscal-control.ts';
import { slipText } from '../../../src/server/printing/escpos-decoder.ts';
import { GERMAN_BUSINESS } from '../../support/business.ts';
import { approvalToken } from '../ledger/ledger-fixtures.ts';
import { ledgerLine, saleBody } from '../ledger/ledger-support.ts';
import { type PrintSetup, printSetup } from './printing-support.ts';

let fiscal: FiscalControl;
let setup: PrintSetup;
beforeEach(async () => {
  fiscal = createFiscalControl({ dataDir: null, defaultCountry: 'DE', testMode: true });
  fiscal.setBusiness(GERMAN_BUSINESS);
  await fiscal.german()!.setUp('HOTEL-TILL BAR 1');
  setup = await printSetup({ fiscal });
});
afterEach(async () => {
  await setup.close();
  fiscal.close();
});

const pils = (quantity: number) => ledgerLine(1, quantity, 450, { name: 'Pils 0,5 l' });
const qrOf = (slip: { items: { kind: string; data?: string }[] }) =>
  slip.items.flatMap((item) => (item.kind === 'qr' && item.data ? [item.data] : []));

async function recordRoomCharge() {
  const charge = await setup.tablet(
    '/till/sales',
    saleBody([pils(2)], {
      saleId: 'rc1',
      kind: 'room-charge',
      reference: 'B-rc1',
      payments: [{ method: 'room', amountCents: 900 }],
      room: { roomReservationId: 7, roomNumber: '101' },
    }),
  );
  expect(charge.status).toBe(200);
  return charge.body.fiscal as FiscalReceipt;
}

describe('slips of signed room charges and take-backs', () => {
  it('a take-back slip carries its TSE transaction and a QR code that verifies', async () => {
    await recordRoomCharge();
    const manager = await setup.hub.staff.add({ name: 'Anna', role: 'manager', pin: '9999' });
    const device = setup.hub.listDevices().find((d) => d.name === 'Test tablet')!;
    const token = await approvalToken(setup.hub, device, 'tb1', {
      action: 'take_back',
      manager: { id: manager.id, pin: '9999' },
    });
    const takeBack = await setup.tablet(
      '/till/sales',
      saleBody([pils(-1)], {
        saleId: 'tb1',
        kind: 'take-back',
        reference: 'B-tb1',
        refersTo: 'rc1',
        takeBack: { line: 0, quantity: 1 },
        reason: 'not drunk',
        payments: [{ method: 'room', amountCents: -450 }],
        room: { roomReservationId: 7, roomNumber: '101' },
        approvals: [token],
      }),
    );
    expect(takeBack.status, JSON.stringify(takeBack.body)).toBe(200);
    const signed = takeBack.body.fiscal as FiscalReceipt;
    expect(signed.status).toBe('signed');
    const asked = await setup.tablet('/till/print/cancellation', { saleId: 'tb1', language: 'de' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [slip] = await setup.printer.waitForSlips(1);
    const text = slipText(slip!);
    expect(text).toContain('RÜCKNAHME');
    expect(text).toContain('1 x Pils 0,5 l');
    expect(text).toContain(`TSE-Transaktion / TSE transaction: ${signed.tse!.txNumber}`);
    const qr = qrOf(slip!);
    expect(qr).toEqual([signed.qrCode]);
    expect(verifyQrCode(qr[0]!)).toBe(true);
    expect(qr[0]).toContain('AVBelegstorno');
    expect(slip!.items.some((item) => item.kind === 'drawer')).toBe(false);
  });

  it('a room charge’s receipt, when asked for, carries its TSE data', async () => {
    const signed = await recordRoomCharge();
    expect(signed.status).toBe('signed');
    const asked = await setup.tablet('/till/print/receipt', { saleId: 'rc1', language: 'de' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [slip] = await setup.printer.waitForSlips(1);
    expect(slipText(slip!)).toContain(`TSE-Transaktion / TSE transaction: ${signed.tse!.txNumber}`);
    const qr = qrOf(slip!);
    expect(qr).toEqual([signed.qrCode]);
    expect(qr[0]).toContain('AVTransfer');
  });
});
