// Reads ESC/POS bytes back into what a printer would put on paper: text lines with their size and
// weight, QR codes, cuts, drawer kicks and the code pages chosen, split into slips at each cut.
// For the printer double and tests only; it knows the commands our encoder emits
// (docs/printing.md lists them) and records any other as unknown, never guessing at a meaning.
import { type Codepage, CodepageEncoder } from './encoder.ts';

/** ESC t numbers of the code pages we print in (Epson's table, which most ESC/POS printers share). */
export const CODEPAGE_NUMBERS = { cp437: 0, cp850: 2, windows1252: 16, cp858: 19 } as const;
export type PrintCodepage = keyof typeof CODEPAGE_NUMBERS;
export const PRINT_CODEPAGES = Object.keys(CODEPAGE_NUMBERS) as PrintCodepage[];

export interface TextLine {
  kind: 'text';
  text: string;
  bold: boolean;
  /** Character width and height multipliers (GS !), 1..8. */
  width: number;
  height: number;
  underline: boolean;
  invert: boolean;
}
export type SlipItem =
  | TextLine
  | { kind: 'qr'; data: string }
  | { kind: 'drawer'; pin: number }
  | { kind: 'unknown'; bytes: string };

export interface Slip {
  items: SlipItem[];
  /** How the slip ended: a cut, or null for bytes that stopped without one. */
  cut: 'full' | 'partial' | null;
  /** Code pages selected while it printed (ESC t numbers, in order). */
  codepages: number[];
}

interface Style {
  bold: boolean;
  width: number;
  height: number;
  underline: boolean;
  invert: boolean;
}

const plain = (): Style => ({ bold: false, width: 1, height: 1, underline: false, invert: false });

const tables = new Map<number, number[]>();
function tableOf(number: number): number[] | undefined {
  if (!tables.has(number)) {
    const name = Object.entries(CODEPAGE_NUMBERS).find(([, n]) => n === number)?.[0];
    if (name) tables.set(number, CodepageEncoder.getCodepoints(name as Codepage, true));
  }
  return tables.get(number);
}

/**
 * A decoder fed in chunks (as bytes arrive on a socket); `slips` grows at every cut.
 * @example const d = createDecoder(); d.push(bytes); d.end(); d.slips[0].items
 */
export function createDecoder() {
  const slips: Slip[] = [];
  let items: SlipItem[] = [];
  let codepages: number[] = [];
  let codepage = 0;
  let style = plain();
  let text = '';
  let lineStyle: Style | null = null;
  let qrData = '';
  let pending: number[] = [];

  const endLine = () => {
    const s = lineStyle ?? style;
    if (text !== '' || lineStyle) items.push({ kind: 'text', text: text.replace(/\s+$/, ''), ...s });
    text = '';
    lineStyle = null;
  };
  const endSlip = (cut: Slip['cut']) => {
    if (text !== '') endLine();
    if (items.length > 0 || cut) slips.push({ items, cut, codepages });
    items = [];
    codepages = [];
  };
  const addChar = (byte: number) => {
    const codepoint = byte < 0x80 ? byte : tableOf(codepage)?.[byte];
    const char = codepoint ? String.fromCodePoint(codepoint) : '\uFFFD';
    // A line takes the style of its first visible character (bold labels, large order lines).
    if (!lineStyle && char.trim() !== '') lineStyle = { ...style };
    else if (lineStyle && char.trim() !== '') {
      lineStyle.bold ||= style.bold;
      lineStyle.width = Math.max(lineStyle.width, style.width);
      lineStyle.height = Math.max(lineStyle.height, style.height);
    }
    text += char;
  };

  /** Decodes one command at `i`; answers its length, or 0 when more bytes are needed. */
  const command = (b: number[], i: number): number => {
    const need = (n: number) => (i + n <= b.length ? n : 0);
    const first = b[i]!;
    const second = b[i + 1];
    if (first === 0x0a) {
      endLine();
      return 1;
    }
    if (first === 0x0d) return 1;
    if (first === 0x10) {
      // DLE EOT n: a status request, answered by the double, nothing on paper.
      return need(3);
    }
    if (first === 0x1b) {
      if (second === undefined) return 0;
      switch (second) {
        case 0x40: // ESC @
          style = plain();
          codepage = 0;
          return 2;
        case 0x32: // ESC 2
          return 2;
        case 0x74: // ESC t n
          if (!need(3)) return 0;
          codepage = b[i + 2]!;
          codepages.push(codepage);
          return 3;
        case 0x45: // ESC E n
          if (!need(3)) return 0;
          style.bold = (b[i + 2]! & 1) === 1;
          return 3;
        case 0x2d: // ESC - n
          if (!need(3)) return 0;
          style.underline = b[i + 2]! !== 0;
          return 3;
        case 0x34: // ESC 4 n (italic on Star-like firmwares; no mark on paper here)
        case 0x4d: // ESC M n
        case 0x33: // ESC 3 n
        case 0x61: // ESC a n
        case 0x64: // ESC d n
        case 0x4a: // ESC J n
          return need(3);
        case 0x70: // ESC p m t1 t2
          if (!need(5)) return 0;
          endLine();
          items.push({ kind: 'drawer', pin: b[i + 2]! & 1 });
          return 5;
        default:
          if (!need(2)) return 0;
          items.push({ kind: 'unknown', bytes: hex(b.slice(i, i + 2)) });
          return 2;
      }
    }
    if (first === 0x1c) return need(2); // FS . (cancel Kanji) and FS &
    if (first === 0x1d) {
      if (second === undefined) return 0;
      if (second === 0x21) {
        if (!need(3)) return 0;
        const n = b[i + 2]!;
        style.width = (n >> 4) + 1;
        style.height = (n & 0x0f) + 1;
        return 3;
      }
      if (second === 0x42) {
        if (!need(3)) return 0;
        style.invert = b[i + 2]! !== 0;
        return 3;
      }
      if (second === 0x56) {
        if (!need(3)) return 0;
        const m = b[i + 2]!;
        const length = m >= 65 ? 4 : 3;
        if (!need(length)) return 0;
        endSlip(m === 0 || m === 48 || m === 65 ? 'full' : 'partial');
        return length;
      }
      if (second === 0x28 && b[i + 2] === 0x6b) {
        // GS ( k pL pH cn fn [data]: the QR code's store (fn 80) and print (fn 81) functions.
        if (!need(5)) return 0;
        const length = 5 + b[i + 3]! + b[i + 4]! * 256;
        if (!need(length)) return 0;
        const fn = b[i + 6];
        if (b[i + 5] === 0x31 && fn === 0x50)
          qrData = Buffer.from(b.slice(i + 8, i + length)).toString('utf8');
        if (b[i + 5] === 0x31 && fn === 0x51) {
          endLine();
          items.push({ kind: 'qr', data: qrData });
        }
        return length;
      }
      if (!need(3)) return 0;
      items.push({ kind: 'unknown', bytes: hex(b.slice(i, i + 3)) });
      return 3;
    }
    if (first < 0x20) return 1;
    addChar(first);
    return 1;
  };

  return {
    slips,
    /** Takes the next bytes; a command cut in half waits for the rest. */
    push(chunk: Uint8Array): void {
      const b = pending.length > 0 ? [...pending, ...chunk] : [...chunk];
      let i = 0;
      while (i < b.length) {
        const used = command(b, i);
        if (used === 0) break;
        i += used;
      }
      pending = b.slice(i);
    },
    /** The bytes stopped (the connection closed): what is on paper without a cut becomes a slip. */
    end(): void {
      pending = [];
      endSlip(null);
    },
  };
}

/**
 * Everything `bytes` put on paper, as slips.
 * @example decode(receiptBytes)[0].cut === 'partial'
 */
export function decode(bytes: Uint8Array): Slip[] {
  const decoder = createDecoder();
  decoder.push(bytes);
  decoder.end();
  return decoder.slips;
}

/** A slip's text lines, joined: what a person reading it sees. */
export function slipText(slip: Slip): string {
  return slip.items
    .filter((item): item is TextLine => item.kind === 'text')
    .map((item) => item.text)
    .join('\n');
}

function hex(bytes: number[]): string {
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
}
