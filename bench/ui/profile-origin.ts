// Where a CPU profile's sampled frame came from, for the UI profiling tools (bench/ui-profile.ts,
// bench/ui-search-profile.ts): source file, line and function, through the built chunks' source maps.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/** A sampled frame as the Chrome DevTools Protocol's profile names it. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/**
 * A function naming a frame's origin in the app built into `appDir` (with `--sourcemap`).
 * @example const origin = frameOrigin('/tmp/app'); origin(node.callFrame) // 'src/rules/search.ts:98 search'
 */
export function frameOrigin(appDir: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (frame) => {
    const file = frame.url.replace(/^.*\/assets\//, '');
    if (!frame.url.includes('/assets/')) return frame.functionName || frame.url || '(native)';
    if (!maps.has(file)) {
      const path = join(appDir, 'assets', `${file}.map`);
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    const map = maps.get(file);
    if (!map) return `${frame.functionName || '(anon)'} ${file}`;
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = (pos.source ?? file).replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    return `${source}:${pos.line ?? 0} ${pos.name ?? frame.functionName ?? ''}`;
  };
}
