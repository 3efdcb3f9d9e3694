// A slip (a receipt, a copy of one, a cancellation slip) shown on screen and ready to print: the
// slip is drawn twice, once in the view and once portalled to <body>.print-root, which the print
// stylesheet shows alone on a page sized to the slip on screen (print-page.ts).
import type { JSX } from 'solid-js';
import { Portal } from 'solid-js/web';
import { useReceiptPageSize } from './print-page';

/**
 * @example <PrintableSlip slip={() => <Receipt receipt={r} copy />} />
 */
export function PrintableSlip(props: { slip: () => JSX.Element }) {
  let shown: HTMLDivElement | undefined;
  useReceiptPageSize(() => shown);
  return (
    <>
      <div ref={shown}>{props.slip()}</div>
      <Portal mount={document.body} ref={(el) => el.classList.add('print-root')}>
        {props.slip()}
      </Portal>
    </>
  );
}
