// A minimal POSIX ustar writer: regular files only, names up to 100 bytes, one archive in memory.
// Owns the TSE export's TAR (the test TSE) and the DSFinV-K export's outer TAR (the export beside
// the TSE's TAR). No reader: tests read archives with readTar below.

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Uint8Array;
  /** Unix seconds; default 0. */
  mtime?: number;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

function header(entry: TarEntry): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const name = new TextEncoder().encode(entry.name);
  if (name.length > 100) throw new Error(`tar: name longer than 100 bytes: ${entry.name}`);
  const put = (offset: number, text: string) => block.set(new TextEncoder().encode(text), offset);
  block.set(name, 0);
  put(100, octal(0o644, 8));
  put(108, octal(0, 8));
  put(116, octal(0, 8));
  put(124, octal(entry.data.length, 12));
  put(136, octal(entry.mtime ?? 0, 12));
  put(148, '        '); // checksum counted as spaces
  put(156, '0');
  put(257, 'ustar\u000000');
  let sum = 0;
  for (const byte of block) sum += byte;
  put(148, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** The archive's bytes: each file's header and data padded to 512, then two empty blocks. */
export function writeTar(entries: readonly TarEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(header(entry), entry.data);
    const pad = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(new Uint8Array(pad));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The files of a ustar archive (for tests and the export's checks). */
export function readTar(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  const text = (from: number, to: number) =>
    new TextDecoder().decode(archive.subarray(from, to)).replace(/\0.*$/s, '');
  for (let at = 0; at + BLOCK <= archive.length; ) {
    const name = text(at, at + 100);
    if (!name) break;
    const size = Number.parseInt(text(at + 124, at + 136), 8);
    const mtime = Number.parseInt(text(at + 136, at + 148), 8);
    entries.push({ name, data: archive.slice(at + BLOCK, at + BLOCK + size), mtime });
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}
