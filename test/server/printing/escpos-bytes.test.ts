// The bytes themselves: the printer's status answers read both ways (what the double answers is
// what the session reads), and the decoder reading a job that arrives in pieces split mid-command,
// as TCP may deliver it, exactly as it reads it whole.
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../src/server/printing/documents.ts';
import { createDecoder, decode } from '../../../src/server/printing/escpos-decoder.ts';
import {
  conditionOf,
  type PrinterCondition,
  statusByte,
} from '../../../src/server/printing/printer-status.ts';
import { cashReceipt } from './printing-support.ts';

describe('DLE EOT status', () => {
  it('reads back every state the double answers', () => {
    for (const condition of ['ok', 'cover_open', 'paper_out', 'offline'] as PrinterCondition[]) {
      const answer = Uint8Array.of(
        statusByte(1, condition),
        statusByte(2, condition),
        statusByte(4, condition),
      );
      expect(conditionOf(answer)).toBe(condition);
    }
  });

  it('reads an Epson answer with paper near its end as ready, and refuses bytes that are no status', () => {
    expect(conditionOf(Uint8Array.of(0x12, 0x12, 0x1e))).toBe('ok'); // near-end bits 2, 3 only
    expect(conditionOf(Uint8Array.of(0x1a, 0x16, 0x12))).toBe('cover_open');
    expect(conditionOf(Uint8Array.of(0x41, 0x42, 0x43))).toBeNull();
    expect(conditionOf(Uint8Array.of(0x12, 0x12))).toBeNull();
  });
});

describe('the decoder', () => {
  it('reads a receipt delivered in pieces of 7 bytes exactly as the whole', () => {
    const bytes = renderDocument(
      {
        kind: 'receipt',
        receipt: cashReceipt('d1', { fiscal: { lines: ['TSE 1'], qrCode: 'V0;x' } }),
        copy: 0,
        language: 'de',
      },
      { widthMm: 58, codepage: 'cp858' },
    );
    const decoder = createDecoder();
    for (let at = 0; at < bytes.length; at += 7) decoder.push(bytes.slice(at, at + 7));
    decoder.end();
    expect(decoder.slips).toEqual(decode(bytes));
    expect(decoder.slips).toHaveLength(1);
    expect(decoder.slips[0]!.items.filter((item) => item.kind === 'qr')).toEqual([
      { kind: 'qr', data: 'V0;x' },
    ]);
  });
});
