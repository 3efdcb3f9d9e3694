// A minimal PDF 1.4 writer for text documents: lines of Courier (regular or bold) on A4 pages,
// paginated top to bottom, with a correct cross-reference table, so any PDF reader opens the result.
// Text is encoded in WinAnsi (Windows-1252, which holds German umlauts, ß and €); characters outside
// it lose their accents or become '?'. Server-only: it uses Node's Buffer and never reaches the till.

export interface PdfLine {
  text: string;
  bold?: boolean;
  /** font size in points; default 10 */
  size?: number;
}

const PAGE_WIDTH = 595; // A4 in points
const PAGE_HEIGHT = 842;
const MARGIN = 50;

// Windows-1252 code points 0x80-0x9F that differ from Latin-1
// biome-ignore format: a code table reads best packed
const WIN_ANSI: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

function winAnsiByte(char: string): number {
  const code = char.codePointAt(0) ?? 63;
  if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff)) return code;
  const mapped = WIN_ANSI[char];
  if (mapped !== undefined) return mapped;
  if (char === 'ı') return 0x69; // dotless i
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return base.length === 1 && base !== char ? winAnsiByte(base) : 0x3f;
}

/** A PDF string literal `( ... )` of the text in WinAnsi, with \, ( and ) escaped. */
function pdfString(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const char of text) {
    const byte = winAnsiByte(char);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

function pageContent(lines: readonly PdfLine[]): Buffer {
  const parts: Buffer[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 10;
    y -= size * 1.35;
    parts.push(
      Buffer.from(
        `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm `,
        'latin1',
      ),
    );
    parts.push(pdfString(line.text));
    parts.push(Buffer.from(' Tj ET\n', 'latin1'));
  }
  return Buffer.concat(parts);
}

/** Splits lines into pages by the height they take. */
function paginate(lines: readonly PdfLine[]): PdfLine[][] {
  const pages: PdfLine[][] = [[]];
  let used = 0;
  for (const line of lines) {
    const height = (line.size ?? 10) * 1.35;
    if (used + height > PAGE_HEIGHT - 2 * MARGIN && pages.at(-1)!.length > 0) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(line);
    used += height;
  }
  return pages;
}

/** A complete PDF document of the lines, with `title` in its document information. */
export function textPdf(lines: readonly PdfLine[], title: string): Buffer {
  const pages = paginate(lines);
  // objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then per page: page, content
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      Buffer.from('<< /Title '),
      pdfString(title),
      Buffer.from(' /Producer (Hotel Till test hotel) >>'),
    ]),
  ];
  pages.forEach((page, i) => {
    const content = pageContent(page);
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
      ),
      Buffer.concat([
        Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
        content,
        Buffer.from('\nendstream'),
      ]),
    );
  });
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f\r',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r`),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
