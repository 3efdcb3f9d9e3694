// ZVT's field encodings, pure: packed BCD numbers (amounts in cents, trace and receipt numbers, the
// password), the LLVAR/LLLVAR lengths (F0-F9 digits), and the table of BMP fields with their
// lengths that the parser walks. docs/zvt.md lists the fields we read and write.

/** How a BMP's value is sized: a fixed number of bytes, an LLVAR/LLLVAR, or a BER TLV container. */
export type BmpLength = number | 'll' | 'lll' | 'tlv';

/**
 * The BMP fields a terminal may send us, with their lengths (ZVT 13, chapter "Bitmaps"). A field not
 * in this table cannot be skipped, so the parser stops at it and keeps what it read so far.
 */
export const BMP_LENGTHS: Readonly<Record<number, BmpLength>> = {
  1: 1, // timeout
  2: 1, // max. status infos
  3: 1, // service byte
  4: 6, // amount, BCD cents
  5: 1, // pump number
  6: 'tlv',
  11: 3, // trace number, BCD
  12: 3, // time HHMMSS, BCD
  13: 2, // date MMDD, BCD
  14: 2, // expiry YYMM, BCD
  23: 2, // card sequence number, BCD
  25: 1, // payment type / status byte
  34: 'll', // PAN, BCD with E nibbles where masked
  35: 'll', // track 2
  36: 'lll', // track 3
  39: 1, // result code
  41: 4, // terminal id, BCD
  42: 15, // VU number, ASCII
  45: 'll', // track 1
  46: 'lll', // synchronous chip data
  55: 3, // trace number of the original transaction, BCD
  58: 2, // CVV
  59: 8, // AID, ASCII
  60: 'lll', // additional text
  61: 3, // password
  73: 2, // currency, BCD (978: 09 78)
  96: 'lll', // individual totals (end-of-day)
  135: 2, // receipt number, BCD
  136: 3, // turnover record number, BCD
  138: 1, // card type
  139: 'll', // card name, ASCII
  140: 1, // card type id of the network operator
  154: 'lll', // Geldkarte payment record
  160: 1, // result code AS
  167: 'll', // chip data
  175: 'lll', // EF_ID
  186: 5, // AID parameter
  208: 1,
  209: 'll',
  210: 1,
  211: 1,
  224: 1,
  225: 'll',
  226: 'll',
  227: 'll',
  228: 'll',
  229: 'll',
  230: 'll',
  231: 'll',
  232: 'll',
  233: 1,
  234: 1,
  235: 8,
  236: 1,
  237: 'll',
  238: 'll',
  240: 1,
  241: 'll',
  242: 'll',
  243: 'll',
  244: 'll',
  245: 'll',
  246: 'll',
  247: 'll',
  248: 'll',
  249: 'll',
};

/**
 * `value` as packed BCD of `bytes` bytes (two digits a byte, left-padded with zeros).
 * @example toBcd(1000, 6) // 00 00 00 00 10 00
 */
export function toBcd(value: number, bytes: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a BCD number: ${value}`);
  const digits = String(value).padStart(bytes * 2, '0');
  if (digits.length > bytes * 2) throw new RangeError(`${value} does not fit in ${bytes} BCD bytes`);
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 1) out[i] = (Number(digits[2 * i]) << 4) | Number(digits[2 * i + 1]);
  return out;
}

/** The digits of packed BCD; a masked nibble (A-F, ZVT masks PAN digits with E) becomes '*'. */
export function bcdDigits(data: Uint8Array): string {
  let text = '';
  for (const byte of data) {
    for (const nibble of [byte >> 4, byte & 0x0f]) text += nibble <= 9 ? String(nibble) : '*';
  }
  return text;
}

/** Packed BCD as a number; NaN where a digit is masked. */
export function fromBcd(data: Uint8Array): number {
  const digits = bcdDigits(data);
  return digits.includes('*') ? Number.NaN : Number(digits);
}

/** The F0-F9 length prefix of an LLVAR (2 digits) or LLLVAR (3). */
export function varLength(length: number, digits: 2 | 3): Uint8Array {
  const text = String(length).padStart(digits, '0');
  if (text.length > digits) throw new RangeError(`a length of ${length} does not fit ${digits} digits`);
  return Uint8Array.from(text, (digit) => 0xf0 | Number(digit));
}

/** Reads an F0-F9 length prefix; null where a byte is not F0-F9. */
export function readVarLength(data: Uint8Array, at: number, digits: 2 | 3): number | null {
  let length = 0;
  for (let i = 0; i < digits; i += 1) {
    const byte = data[at + i];
    if (byte === undefined || byte >> 4 !== 0x0f || (byte & 0x0f) > 9) return null;
    length = length * 10 + (byte & 0x0f);
  }
  return length;
}

/** A BER-TLV length (1, 2 or 3 bytes: 0x81 nn, 0x82 nn nn) and how many bytes it took. */
export function readTlvLength(data: Uint8Array, at: number): { length: number; size: number } | null {
  const first = data[at];
  if (first === undefined) return null;
  if (first < 0x80) return { length: first, size: 1 };
  if (first === 0x81 && data[at + 1] !== undefined) return { length: data[at + 1]!, size: 2 };
  if (first === 0x82 && data[at + 2] !== undefined)
    return { length: (data[at + 1]! << 8) | data[at + 2]!, size: 3 };
  return null;
}

/** Bytes from hex with any separators ("06-01-07 04 ..."), for traces in tests and docs. */
export function fromHex(hex: string): Uint8Array {
  const clean = hex.replace(/[^0-9a-f]/gi, '');
  if (clean.length % 2 !== 0) throw new Error('odd number of hex digits');
  return Uint8Array.from({ length: clean.length / 2 }, (_, i) =>
    Number.parseInt(clean.slice(2 * i, 2 * i + 2), 16),
  );
}

/** Bytes as upper-case hex, space-separated (for logs and test messages). */
export function toHex(data: Uint8Array): string {
  return Array.from(data, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

/** Text fields: ZVT terminals send code page 437/ISO 8859-1; we read the ASCII range and Latin-1. */
export function latin1(data: Uint8Array): string {
  return Array.from(data, (byte) => String.fromCharCode(byte)).join('');
}

export function fromLatin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? code : 0x3f; // '?'
  });
}
