// Every module under src/ opens with a short `//` header saying what it owns: 1 to 6 lines, after an
// optional `/// <reference …>` line. The reasons behind a module go to docs/ (issue 21).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'src');
const MAX_LINES = 6;

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** How many `//` lines the file opens with, not counting a leading `/// <reference` line. */
function headerLines(text: string): number {
  const lines = text.split(/\r?\n/);
  let i = lines[0]?.startsWith('/// <reference') ? 1 : 0;
  let count = 0;
  while (i < lines.length && lines[i]?.startsWith('//')) {
    count++;
    i++;
  }
  return count;
}

describe('module headers', () => {
  it('counts the leading comment lines, after an optional reference line', () => {
    expect(headerLines('// one\n// two\nimport x from "y";\n// later\n')).toBe(2);
    expect(headerLines('/// <reference types="vite/client" />\n// owns this\n\nconst a = 1;\n')).toBe(1);
    expect(headerLines('\n// after a blank line\n')).toBe(0);
    expect(headerLines('import x from "y";\n')).toBe(0);
  });

  it(`every .ts/.tsx module under src/ opens with a // header of 1 to ${MAX_LINES} lines`, () => {
    const files = modulesUnder(SRC);
    expect(files.length).toBeGreaterThan(100);
    const offending = files
      .map((file) => ({ file: relative(ROOT, file), lines: headerLines(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines < 1 || lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
      .map(({ file, lines }) => `${file}: ${lines} header lines`);
    expect(
      offending,
      `headers must be 1 to ${MAX_LINES} lines (the why goes to docs/):\n${offending.join('\n')}`,
    ).toEqual([]);
  });
});
