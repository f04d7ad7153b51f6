/**
 * Component template files (Angular `*.html`, Vue single-file components `*.vue`) are not parsed
 * with tree-sitter; a light text pass finds the bindings that insert HTML: Angular
 * `[innerHTML]="expr"` and Vue `v-html="expr"`. Each is reported by the dom-xss rule.
 */
import type { SyntaxNode } from './parser.js';

export const TEMPLATE_FILE = /\.(?:html|vue)$/i;
/** `[innerHTML]="expr"` (Angular), `v-html="expr"` (Vue); a quoted literal or a sanitiser call is not reported. */
export const HTML_BINDING = /(\[innerHTML\]|v-html)\s*=\s*"([^"]{0,200})"/g;
const SANITISED = /^(?:DOMPurify\.sanitize|sanitize\w*|purify\.sanitize|xss|filterXSS)\s*\(/;

export interface TemplateBinding {
  readonly node: SyntaxNode;
  readonly attribute: string;
  readonly expression: string;
}

/** Whether a bound expression is worth reporting: not empty, not a quoted literal, not sanitised. */
export const reportable = (expression: string): boolean => expression !== '' && !/^'[^']*'$/.test(expression) && !SANITISED.test(expression);

/** The HTML bindings of a template file, each as a synthetic node at its position. */
export function templateBindings(text: string): TemplateBinding[] {
  if (!text.includes('innerHTML') && !text.includes('v-html')) return [];
  const out: TemplateBinding[] = [];
  for (const m of text.matchAll(HTML_BINDING)) {
    const expression = (m[2] ?? '').trim();
    if (!reportable(expression)) continue;
    const start = m.index;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    let row = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) row++;
    const node: SyntaxNode = { type: 'template_binding', named: true, field: null, start, end: start + m[0].length, row, column: start - lineStart, endRow: row, children: [], parent: null };
    out.push({ node, attribute: m[1] ?? '', expression });
  }
  return out;
}
