/**
 * Component template files (Angular `*.html`, Vue single-file components `*.vue`) are not parsed
 * with tree-sitter; a light text pass finds the bindings that insert HTML: Angular
 * `[innerHTML]="expr"` and Vue `v-html="expr"`. Each is reported by the dom-xss rule.
 */
import type { Severity } from '../../core/findings.js';
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

/**
 * A binding as a finding's severity and detail. Vue's `v-html` inserts the value as is (the rule's
 * severity). Angular sanitises `[innerHTML]` unless the value was marked trusted, and the
 * `bypassSecurityTrust*` call that does so is reported (HIGH) where it happens: the binding itself
 * is reported as MEDIUM.
 */
export function bindingReport(attribute: string, expression: string): { severity?: Severity; detail: string } {
  const bound = `The template binds \`${expression.slice(0, 60)}\` as HTML with \`${attribute}\``;
  if (attribute === 'v-html') return { detail: `${bound}; Vue inserts it unsanitised.` };
  return { severity: 'MEDIUM', detail: `${bound}; Angular sanitises it unless the value was marked trusted with \`bypassSecurityTrust*\` (reported where that happens).` };
}

/** The HTML bindings of a template file, each as a synthetic node at its position. */
export function templateBindings(text: string): TemplateBinding[] {
  if (!text.includes('innerHTML') && !text.includes('v-html')) return [];
  const out: TemplateBinding[] = [];
  for (const m of text.matchAll(HTML_BINDING)) {
    const expression = (m[2] ?? '').trim();
    if (!reportable(expression)) continue;
    out.push({ node: syntheticNode(text, m.index, m[0].length), attribute: m[1] ?? '', expression });
  }
  return out;
}

/** A node standing for `length` characters of a template file at `start`. */
function syntheticNode(text: string, start: number, length: number): SyntaxNode {
  let row = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) row++;
  return { type: 'template_binding', named: true, field: null, start, end: start + length, row, children: [], parent: null };
}

/** Django/Jinja `{{ expr|safe }}` of a non-literal and `{% autoescape off %}` blocks. */
const UNESCAPED_OUTPUT = /\{\{\s*([^{}|]+?)\s*\|\s*safe\s*\}\}|\{%-?\s*autoescape\s+(?:false|off)\s*-?%\}/gi;

/** Output a Django or Jinja template file marks as safe HTML (each as a synthetic node). */
export function unescapedOutputs(text: string): TemplateBinding[] {
  if (!text.includes('safe') && !text.includes('autoescape')) return [];
  const out: TemplateBinding[] = [];
  for (const m of text.matchAll(UNESCAPED_OUTPUT)) {
    const expression = (m[1] ?? '').trim();
    if (m[1] !== undefined && /^(?:'[^']*'|"[^"]*"|\d+)$/.test(expression)) continue;
    out.push({ node: syntheticNode(text, m.index, m[0].length), attribute: m[1] === undefined ? 'autoescape off' : '|safe', expression });
  }
  return out;
}
