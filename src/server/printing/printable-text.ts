// Every text that reaches a printer is printable on its code page: control characters (C0, DEL, C1,
// Unicode line and paragraph separators) become spaces, and a character the code page would encode
// as a control byte (cp437's `←` is ESC, `☺` is 0x01) a question mark, before the encoder sees it.
// So no product name, letterhead or reason can kick the drawer, cut, or forge a line. docs/printing.md.

import { CodepageEncoder, type ReceiptPrinterEncoder } from './encoder.ts';
import type { PrintCodepage } from './escpos-decoder.ts';

/** C0, DEL, C1 and the Unicode line and paragraph separators. */
const isControl = (codepoint: number) =>
  codepoint < 0x20 ||
  (codepoint >= 0x7f && codepoint <= 0x9f) ||
  codepoint === 0x2028 ||
  codepoint === 0x2029;
const controlCodepoints = new Map<PrintCodepage, Set<number>>();

/** The code points `codepage` encodes as a control byte (0x00-0x1F, 0x7F). */
function controlsOf(codepage: PrintCodepage): Set<number> {
  let known = controlCodepoints.get(codepage);
  if (!known) {
    const codepoints = CodepageEncoder.getCodepoints(codepage as never, true) as ArrayLike<
      number | undefined
    >;
    known = new Set<number>();
    for (const byte of [...Array.from({ length: 32 }, (_, i) => i), 0x7f]) {
      const codepoint = codepoints[byte];
      if (codepoint !== undefined && codepoint !== null) known.add(codepoint);
    }
    controlCodepoints.set(codepage, known);
  }
  return known;
}

/**
 * `text` as it may be printed on `codepage`.
 * @example printableText('Pils\n TOTAL 0,00', 'cp858') === 'Pils  TOTAL 0,00'
 */
export function printableText(text: string, codepage: PrintCodepage): string {
  const controls = controlsOf(codepage);
  let out = '';
  for (const char of text) {
    const codepoint = char.codePointAt(0)!;
    out += isControl(codepoint) ? ' ' : controls.has(codepoint) ? '?' : char;
  }
  return out;
}

/** `encoder`, its text, line and table cells made printable on `codepage` first. */
export function withPrintableText(
  encoder: ReceiptPrinterEncoder,
  codepage: PrintCodepage,
): ReceiptPrinterEncoder {
  const clean = (value: unknown) => (typeof value === 'string' ? printableText(value, codepage) : value);
  const { text, line, table } = encoder;
  encoder.text = (value: string) => text.call(encoder, clean(value) as string);
  encoder.line = (value: string) => line.call(encoder, clean(value) as string);
  encoder.table = ((columns: never, rows: unknown[][], ...rest: never[]) =>
    table.call(encoder, columns, rows.map((row) => row.map(clean)) as never, ...rest)) as typeof table;
  return encoder;
}
