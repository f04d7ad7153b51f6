/**
 * A browser-side audit (evaluated in the page as a string, since this code is
 * type-checked for Node): every visible text's colour against the background
 * it sits on, by WCAG 2 relative luminance. Returns the texts under `minimum`.
 */
export function contrastAudit(scope: string, minimum = 4.5): string {
  return `(() => {
  const parse = (value) => {
    const m = value.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const blend = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const background = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = blend(layer, result);
    return result;
  };
  const luminance = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => { const x = luminance(a), y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const root = document.querySelector(${JSON.stringify(scope)});
  if (!root) return ['no element matches ${scope}'];
  const problems = [];
  for (const el of root.querySelectorAll('*')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join('');
    if (text === '' || el.closest('.visually-hidden') || el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const inSvg = el instanceof SVGElement;
    const fg = parse(inSvg ? style.fill : style.color);
    if (!fg) continue;
    const bg = background(inSvg ? el.closest('svg').parentElement : el);
    const value = ratio(blend(fg, bg), bg);
    if (value < ${minimum}) problems.push(text.slice(0, 40) + ': ' + value.toFixed(2));
  }
  return problems;
})()`;
}

/** Browser-side audit: form controls without a label and buttons or links without a name, as strings. */
export const UNLABELLED_CONTROLS = `(() => {
  const problems = [];
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (el.type === 'hidden') continue;
    const named = (el.labels && el.labels.length > 0) || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
    if (!named) problems.push(el.outerHTML.slice(0, 80));
  }
  for (const el of document.querySelectorAll('button, a[href], summary')) {
    const name = (el.getAttribute('aria-label') || el.textContent || '').trim();
    const img = el.querySelector('img[alt]:not([alt=""])');
    if (name === '' && !img) problems.push(el.outerHTML.slice(0, 80));
  }
  return problems;
})()`;
