// Types of compress-assets.mjs, for vite.config.ts.
export interface CompressTotals {
  files: number;
  bytes: number;
  brotliBytes: number;
}
export function compressAssets(root: string): CompressTotals;
export function describeTotals(root: string, totals: CompressTotals): string;
