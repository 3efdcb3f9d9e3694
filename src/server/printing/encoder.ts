// The ESC/POS encoder and its code-page tables, loaded in a way that works under both Node and the
// unit tests. Vitest runs Node with the "browser" condition (for Solid), which picks the packages'
// UMD builds (they load empty there) and an image helper that reads a global ImageData Node has
// not: so their CommonJS builds are required by file, with a stand-in ImageData where none exists
// (we print no images).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type CodepageEncoderType from '@point-of-sale/codepage-encoder';
import type ReceiptPrinterEncoderType from '@point-of-sale/receipt-printer-encoder';

const require = createRequire(import.meta.url);
const scope = globalThis as { ImageData?: unknown };
scope.ImageData ??= class ImageData {};

/** A package's CommonJS build (`dist/<name>.cjs`), whichever build `from` resolves it to. */
const commonJs = <T>(from: NodeJS.Require, name: string): T => {
  const file = join(dirname(from.resolve(`@point-of-sale/${name}`)), `${name}.cjs`);
  const loaded = from(file) as { default?: T } | T;
  return ((loaded as { default?: T }).default ?? loaded) as T;
};

export const ReceiptPrinterEncoder = commonJs<typeof ReceiptPrinterEncoderType>(
  require,
  'receipt-printer-encoder',
);
/** The encoder's own dependency, found from the encoder (it is not ours to install). */
const fromEncoder = createRequire(require.resolve('@point-of-sale/receipt-printer-encoder'));
export type ReceiptPrinterEncoder = ReceiptPrinterEncoderType;
export const CodepageEncoder = commonJs<typeof CodepageEncoderType>(fromEncoder, 'codepage-encoder');
export type { Codepage } from '@point-of-sale/codepage-encoder';
