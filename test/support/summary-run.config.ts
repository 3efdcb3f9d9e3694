// The vitest config of summary-reporter.test.ts's inner run: only the closing-line reporter, no projects.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['*.test.ts'], reporters: [`${import.meta.dirname}/summary-reporter.ts`] },
});
