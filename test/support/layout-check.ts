// What the layout walk (test/browser/layout-walk.test.ts) checks on each screen, as a script run in
// the page, the same in Chromium and WebKit: every visible button, input and select lies inside the
// window, is not cut by a box that does not scroll (nor by the pay panel or a dialog, which must fit
// without scrolling), shows its whole label (no text wider than the control, no word broken inside),
// and the page never scrolls sideways. Answers one line per problem; empty when all fits.

/** A function body (WebDriver's form): `arguments[0]` is the screen's name; returns string[]. */
export const LAYOUT_PROBLEMS = String.raw`
  const where = arguments[0];
  const problems = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const round = (n) => Math.round(n);
  const nameOf = (el) =>
    (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.value || el.tagName)
      .replace(/\s+/g, ' ').trim().slice(0, 40);
  // boxes that must show all they hold without scrolling: the pay screen's panel and open dialogs
  const mustFit = (box) =>
    box.matches('dialog') || (box.matches('.ticket-panel') && !!box.closest('.register-layout.paying'));
  const dialog = [...document.querySelectorAll('dialog[open]')].pop();
  const scope = dialog ?? document.body;
  if (document.scrollingElement.scrollWidth > vw + 1)
    problems.push('the page scrolls sideways (' + document.scrollingElement.scrollWidth + ' > ' + vw + ')');
  const canvas = document.createElement('canvas').getContext('2d');
  const controls = scope.querySelectorAll('button, input:not([type=hidden]), select, textarea');
  for (const el of controls) {
    if (el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('.skip-link, [inert], [aria-hidden=true]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const name = el.tagName.toLowerCase() + ' "' + nameOf(el) + '"';
    const at = ' (x ' + round(r.left) + '-' + round(r.right) + ', y ' + round(r.top) + '-' + round(r.bottom) + ')';
    if (r.left < -0.5 || r.right > vw + 0.5) problems.push(name + ' runs out of the ' + vw + ' px window' + at);
    let cut = null;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const s = getComputedStyle(box);
      const fit = mustFit(box);
      if (s.overflowX === 'visible' && s.overflowY === 'visible' && !fit) continue;
      const b = box.getBoundingClientRect();
      const left = b.left + box.clientLeft;
      const top = b.top + box.clientTop;
      const scrollsX = /auto|scroll/.test(s.overflowX);
      const scrollsY = /auto|scroll/.test(s.overflowY);
      const outX = r.left < left - 0.5 || r.right > left + box.clientWidth + 0.5;
      const outY = r.top < top - 0.5 || r.bottom > top + box.clientHeight + 0.5;
      if ((outX && (!scrollsX || fit)) || (outY && (!scrollsY || fit))) {
        cut = box;
        break;
      }
    }
    if (cut) {
      const b = cut.getBoundingClientRect();
      problems.push(name + ' is cut by ' + cut.tagName.toLowerCase() + '.' + [...cut.classList].join('.') +
        ' (y ' + round(b.top) + '-' + round(b.bottom) + ')' + at);
    }
    if (mustFitAncestor(el) && (r.bottom > vh + 0.5 || r.top < -0.5))
      problems.push(name + ' lies below the ' + vh + ' px window' + at);
    if (el.matches('button')) {
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push(name + ' is narrower than its text (' + el.scrollWidth + ' > ' + el.clientWidth + ')' + at);
      for (const word of brokenWords(el)) problems.push(name + ' breaks the word "' + word + '"' + at);
    } else if (el.matches('input, select, textarea') && !/^(radio|checkbox|range|color)$/.test(el.type)) {
      const text = el.matches('select') ? el.selectedOptions[0]?.textContent ?? '' : el.value || el.placeholder || '';
      canvas.font = style.font || style.fontWeight + ' ' + style.fontSize + ' ' + style.fontFamily;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) -
        (el.matches('select') ? 20 : 0);
      const wide = canvas.measureText(text.trim()).width;
      if (text.trim() && wide > room + 1)
        problems.push(name + ' is narrower than its text (' + round(wide) + ' > ' + round(room) + ')' + at);
    }
  }
  return problems.map((line) => where + ': ' + line);

  function mustFitAncestor(el) {
    for (let box = el.parentElement; box; box = box.parentElement) if (mustFit(box)) return true;
    return false;
  }
  /** Words of the control's text that run over two lines (a break inside the word). */
  function brokenWords(el) {
    const broken = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      for (const match of text.matchAll(/[^\s\u00ad/-]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  }
`;
