// The printed page for a receipt: 80 mm wide and exactly as long as the receipt, so a receipt
// printer's roll is cut right after it. `@page { size: 80mm auto }` is not valid CSS (browsers
// ignore it), so the length is measured from the receipt on screen (same 72 mm width and font)
// and written into an @page rule that exists only while the receipt is shown; printing any other
// view keeps the normal page. The rule lives in a constructed style sheet: the app's CSP
// (style-src 'self') refuses inline <style> elements, not the CSS object model.
import { onCleanup, onMount } from 'solid-js';

const ROLL_WIDTH_MM = 80;
/** Top and bottom margin, and a little slack for rounding between screen and print layout. */
const MARGIN_MM = 3;
const SLACK_MM = 6;
const MM_PER_PX = 25.4 / 96;

/**
 * Sizes the printed page to the receipt while the calling component is mounted.
 * @example let receipt!: HTMLElement; useReceiptPageSize(() => receipt);
 */
export function useReceiptPageSize(receipt: () => HTMLElement | undefined): void {
  const sheet = new CSSStyleSheet();
  const measure = () => {
    const height = receipt()?.getBoundingClientRect().height ?? 0;
    if (height === 0) return; // already laid out for print (the slip is hidden then): keep the last size
    const lengthMm = Math.max(60, Math.ceil(height * MM_PER_PX + 2 * MARGIN_MM + SLACK_MM));
    sheet.replaceSync(`@page { size: ${ROLL_WIDTH_MM}mm ${lengthMm}mm; margin: ${MARGIN_MM}mm 4mm; }`);
  };
  onMount(() => {
    measure();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    window.addEventListener('beforeprint', measure);
  });
  onCleanup(() => {
    window.removeEventListener('beforeprint', measure);
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  });
}
