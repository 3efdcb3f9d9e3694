// A vitest reporter that ends the run with one plain line, `Tests: N passed, N failed, N skipped`,
// the closing line CI reads in any language; the default reporter's output stays as it is. A test
// file that fails to load, and an error outside any test, each count as one failed.
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

export interface SummaryCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The counts of a run: every test by its state, plus one failed per file that failed to load and per error outside a test. */
export function summaryCounts(
  testModules: ReadonlyArray<TestModule>,
  unhandledErrors: ReadonlyArray<SerializedError> = [],
): SummaryCounts {
  const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
  for (const testModule of testModules) {
    if (testModule.errors().length > 0) counts.failed += 1;
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
  }
  return counts;
}

export default class SummaryLineReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    const counts = summaryCounts(testModules, unhandledErrors);
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
