// The APDUs the till sends and the answers it reads, byte for byte against recorded traces from
// open ZVT implementations' tests (each trace names where it comes from).
import { describe, expect, it } from 'vitest';
import {
  ACK,
  abortCommand,
  authorization,
  bmp,
  endOfDay,
  intermediateStatus,
  refund,
  registration,
  repeatReceipt,
  reversal,
  statusEnquiry,
  statusInformation,
  terminalAbort,
} from '../../../src/server/card-terminal/zvt-apdu.ts';
import { fromHex, toBcd, toHex } from '../../../src/server/card-terminal/zvt-fields.ts';
import { readTerminalMessage, takeApdu } from '../../../src/server/card-terminal/zvt-parse.ts';

const hex = (bytes: Uint8Array) => toHex(bytes);
const message = (trace: string) => readTerminalMessage(takeApdu(fromHex(trace))!.apdu);

describe('APDUs the till sends', () => {
  it('authorizes 10.00 as Portalum.Zvt sends it (no currency)', () => {
    // Portalum.Zvt, src/Portalum.Zvt.UnitTest/ZvtClientTest.cs, PaymentAsync_SuccessfulPayment: PaymentAsync(10)
    expect(hex(authorization({ amountCents: 1000 }))).toBe(hex(fromHex('06 01 07 04 00 00 00 00 10 00')));
  });

  it('authorizes 12.50 in euros as the kotlin-zvt-library builds it (with BMP 49)', () => {
    // kaplanerkan/kotlin-zvt-library, ZvtCommandBuilderTest.kt, buildAuthorization_1250cents:
    // data 04 00 00 00 00 12 50 49 09 78
    expect(hex(authorization({ amountCents: 1250, currency: 978 }))).toBe(
      hex(fromHex('06 01 0A 04 00 00 00 00 12 50 49 09 78')),
    );
  });

  it('reverses receipt 42 with the password first', () => {
    // kotlin-zvt-library, ZvtCommandBuilderTest.kt, buildReversal_withReceipt42: 00 00 00 87 00 42
    expect(hex(reversal({ password: '000000', receiptNumber: 42 }))).toBe(
      hex(fromHex('06 30 06 00 00 00 87 00 42')),
    );
  });

  it('refunds 5.00: password, amount, currency', () => {
    // kotlin-zvt-library, ZvtCommandBuilderTest.kt, buildRefund_500cents
    expect(hex(refund({ password: '000000', amountCents: 500, currency: 978 }))).toBe(
      hex(fromHex('06 31 0D 00 00 00 04 00 00 00 00 05 00 49 09 78')),
    );
  });

  it('sends end-of-day and repeat receipt with the password only', () => {
    // kotlin-zvt-library, buildEndOfDay and buildRepeatReceipt: the data is the 3-byte BCD password
    expect(hex(endOfDay('000000'))).toBe(hex(fromHex('06 50 03 00 00 00')));
    expect(hex(repeatReceipt('000000'))).toBe(hex(fromHex('06 20 03 00 00 00')));
    expect(hex(endOfDay('123456'))).toBe(hex(fromHex('06 50 03 12 34 56')));
  });

  it('sends abort and status enquiry empty (and the enquiry with a password, our choice)', () => {
    // kotlin-zvt-library, buildAbort / buildStatusEnquiry; Portalum.Zvt ZvtClient.AbortAsync
    expect(hex(abortCommand())).toBe(hex(fromHex('06 B0 00')));
    expect(hex(statusEnquiry())).toBe(hex(fromHex('05 01 00')));
    expect(hex(statusEnquiry('000000'))).toBe(hex(fromHex('05 01 03 00 00 00')));
  });

  it('registers with password, config byte, currency without tag, and service byte 03 01', () => {
    // Layout of Portalum.Zvt ZvtClient.RegistrationAsync (password, config, 09 78, 03 <service>);
    // config 08 = intermediate status; 8E = also receipts as print lines to the till.
    expect(hex(registration({ password: '000000', printsOwnSlips: true, currency: 978 }))).toBe(
      hex(fromHex('06 00 08 00 00 00 08 09 78 03 01')),
    );
    expect(hex(registration({ password: '000000', printsOwnSlips: false, currency: 978 }))).toBe(
      hex(fromHex('06 00 08 00 00 00 8E 09 78 03 01')),
    );
  });

  it('acknowledges with 80 00 00', () => {
    expect(hex(ACK)).toBe('80 00 00');
  });

  it('refuses a password that is not six digits and an amount too large for 6 BCD bytes', () => {
    expect(() => endOfDay('12345')).toThrow(/six digits/);
    expect(() => toBcd(1_000_000_000_000, 6)).toThrow(/does not fit/);
  });
});

describe('answers the till reads', () => {
  it('reads an approved payment with its card data', () => {
    // Portalum.Zvt, StatusInformationParserTest.cs, Parse_PaymentGood1
    const trace =
      '04 0F 77 27 00 04 00 00 00 00 20 40 0B 00 04 70 0C 22 39 53 0D 10 06 0E 25 12 17 00 01 19 70 22 F0 F8 EE EE EE EE EE EE 47 71 29 28 00 48 69 2A 31 30 30 34 36 31 37 36 33 20 20 20 20 20 20 3B 36 31 31 38 30 34 00 00 3C F0 F1 F4 47 45 4E 2E 4E 52 2E 3A 36 31 31 38 30 34 49 09 78 87 04 70 88 00 04 70 8A 2E 8B F1 F7 44 65 62 69 74 20 4D 61 73 74 65 72 63 61 72 64 00';
    const read = message(trace);
    expect(read).toEqual({
      kind: 'status',
      result: {
        resultCode: 0,
        amountCents: 2040,
        traceNumber: 470,
        receiptNumber: 470,
        turnoverNumber: 470,
        terminalId: '28004869',
        maskedPan: '************4771',
        cardName: 'Debit Mastercard',
        cardType: 0x2e,
        expiry: '2512',
        date: '1006',
        time: '223953',
        currency: 978,
        vuNumber: '100461763',
        aid: '611804',
        text: 'GEN.NR.:611804',
      },
    });
  });

  it('reads a rejected card and the abort that follows', () => {
    // Portalum.Zvt, ZvtClientTest.cs, PaymentAsync_CardRejected: 04 0F ... 27 05 ... "Abgelehnt", then 06 1E 01 05
    const status = message(
      '04-0F-25-27-05-29-29-00-02-74-3C-F0-F0-F9-41-62-67-65-6C-65-68-6E-74-8A-06-06-0D-24-0B-07-09-41-62-67-65-6C-65-68-6E-74',
    );
    expect(status).toMatchObject({
      kind: 'status',
      result: { resultCode: 5, terminalId: '29000274', text: 'Abgelehnt', cardType: 6 },
    });
    expect(message('06 1E 01 05')).toEqual({ kind: 'abort', code: 5, reason: 'declined' });
  });

  it('reads an abort by the customer and an abort with "card not readable"', () => {
    // Portalum.Zvt, StatusInformationParserTest.cs, Parse_AbortByKey (27 6C, "Abbruch durch Kunde")
    const status = message(
      '04 0F 1E 27 6C 29 28 00 48 69 3C F0 F1 F9 41 62 62 72 75 63 68 20 64 75 72 63 68 20 4B 75 6E 64 65',
    );
    expect(status).toMatchObject({ result: { resultCode: 0x6c, text: 'Abbruch durch Kunde' } });
    // Portalum.Zvt, ZvtClientTest.cs, EndOfDayAsync_AcknowledgeReceivedWithAbortReceived2: 06 1E 01 64
    expect(message('06 1E 01 64')).toEqual({ kind: 'abort', code: 0x64, reason: 'cardUnreadable' });
    expect(message('06 1E 01 6C')).toMatchObject({ reason: 'cancelled' });
  });

  it('reads intermediate status, print lines, completion, ACK', () => {
    // Portalum.Zvt, IntermediateStatusInformationParserTest.cs: 0A is "Insert card"
    expect(message('04 FF 01 0A')).toEqual({ kind: 'intermediate', code: 0x0a, prompt: 'insertCard' });
    // Portalum.Zvt, PrintLineTest.cs, ProcessData_LineReceived1 (first line and the end marker)
    expect(message('06-D1-14-40-2A-2A-20-4B-41-53-53-45-4E-53-43-48-4E-49-54-54-20-2A-2A')).toEqual({
      kind: 'printLine',
      attribute: 0x40,
      text: '** KASSENSCHNITT **',
      last: false,
    });
    expect(message('06-D1-01-81')).toMatchObject({ kind: 'printLine', text: '', last: true });
    // Portalum.Zvt, ZvtClientTest.cs: 06 0F 00 ends a command, 80 00 00 acknowledges it
    expect(message('06 0F 00')).toEqual({ kind: 'completion' });
    expect(message('80 00 00')).toEqual({ kind: 'ack' });
    expect(message('84 83 00')).toEqual({ kind: 'nak', code: 0x83 });
  });

  it('waits for the rest of a split APDU and reads two APDUs sent in one packet', () => {
    const both = fromHex('80 00 00 04 FF 01 0A');
    const first = takeApdu(both)!;
    expect(first.apdu.control).toEqual([0x80, 0x00]);
    expect(takeApdu(first.rest)!.apdu.data).toEqual(Uint8Array.of(0x0a));
    expect(takeApdu(fromHex('04 0F 05 27 00 04'))).toBeNull();
  });

  it('builds what the terminal double sends in the same layouts it reads', () => {
    expect(hex(intermediateStatus(0x0a))).toBe('04 FF 01 0A');
    expect(hex(terminalAbort(0x6c))).toBe('06 1E 01 6C');
    const built = statusInformation(
      bmp(0x27, Uint8Array.of(0)),
      bmp(0x04, toBcd(2040, 6)),
      bmp(0x87, toBcd(470, 2)),
    );
    expect(hex(built)).toBe('04 0F 0C 27 00 04 00 00 00 00 20 40 87 04 70');
  });

  it('reads end-of-day totals (BMP 60) by card family', () => {
    // Layout per ZVT 13 (06 50) and bezahl-online/zvt's SingleTotals: receipts from/to, then 7 x (count, BCD total)
    const families = [
      [4, 2600],
      [0, 0],
      [0, 0],
      [0, 0],
      [2, 1500],
      [0, 0],
      [0, 0],
    ];
    const totals = new Uint8Array([
      ...toBcd(68, 2),
      ...toBcd(71, 2),
      ...families.flatMap(([n, c]) => [n!, ...toBcd(c!, 6)]),
    ]);
    const read = message(
      hex(statusInformation(bmp(0x27, Uint8Array.of(0)), bmp(0x04, toBcd(4100, 6)), bmp(0x60, totals))),
    );
    expect(read).toMatchObject({
      result: {
        amountCents: 4100,
        totals: {
          receiptFrom: 68,
          receiptTo: 71,
          families: expect.arrayContaining([{ family: 'visa', count: 2, totalCents: 1500 }]),
        },
      },
    });
  });
});
