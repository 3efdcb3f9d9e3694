// A decoded slip (escpos-decoder.ts) drawn as HTML for the admin page: monospace lines at their
// size and weight, QR codes as SVG, the drawer kick and the cut marked. Every text is escaped.
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { renderSVG } from 'uqr';
import type { Slip } from './escpos-decoder.ts';

export const SLIP_CSS = `
.slips{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.slip.c32{width:32ch}.slip.c48{width:48ch}
.slip{background:#fff;border:1px solid #ccc;box-shadow:0 2px 6px #0002;padding:10px 8px;font:13px/1.3 ui-monospace,monospace;white-space:pre;overflow:hidden}
.slip p{margin:0;min-height:1.3em}
.slip .b{font-weight:700}
.slip .w2{font-size:26px;line-height:1.2}
.slip .inv{background:#000;color:#fff}
.slip .qr svg{width:120px;height:120px;display:block;margin:6px auto}
.slip .kick{color:#0f5f66;font-style:italic;text-align:center}
.slip .cut{border-top:2px dashed #999;margin-top:8px;padding-top:2px;color:#666;font-size:11px;text-align:center}
`;

/**
 * One slip as HTML, `columns` characters wide.
 * @example slipPicture(printer.printed[0], 48)
 */
export function slipPicture(slip: Slip, columns: number): HtmlEscapedString | Promise<HtmlEscapedString> {
  const items = slip.items.map((item) => {
    if (item.kind === 'text') {
      const classes = [item.bold ? 'b' : '', item.width > 1 ? 'w2' : '', item.invert ? 'inv' : '']
        .filter(Boolean)
        .join(' ');
      return html`<p class="${classes}">${item.text}</p>`;
    }
    if (item.kind === 'qr')
      return html`<div class="qr" title="${item.data}">${raw(renderSVG(item.data))}</div>`;
    if (item.kind === 'drawer') return html`<p class="kick">⇲ cash drawer opened</p>`;
    return html`<p class="muted">[${item.bytes}]</p>`;
  });
  return html`<div class="slip c${columns}" data-testid="printed-slip">${items}${
    slip.cut ? html`<div class="cut">✂ ${slip.cut} cut</div>` : ''
  }</div>`;
}
