// Checks of a page in a browser test: axe-core's accessibility violations, and the controls that run
// out of the window (and whether the page scrolls sideways).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
    return (await axe.run()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}
interface AxeResults {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

/** Inputs, selects and buttons inside `selector` that run out of the window, and whether the page scrolls sideways. */
export function outsideWindow(page: Page, selector: string) {
  return page.evaluate((within) => {
    const out = [
      ...document.querySelectorAll(`${within} input:not([type=hidden]), ${within} select, ${within} button`),
    ]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.right > innerWidth + 0.5;
      })
      .map((el) => el.outerHTML.slice(0, 80));
    return { out, sideways: document.documentElement.scrollWidth > innerWidth };
  }, selector);
}
