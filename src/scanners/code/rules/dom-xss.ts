import { child, isLiteral, namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import { all, literal } from '../prefilter.js';
import { bindingReport, HTML_BINDING, reportable } from '../templates.js';
import { describeSource, flowOf, isDynamic } from '../helpers.js';

const HTML_PROPS = new Set(['innerHTML', 'outerHTML']);
/** Angular DomSanitizer methods that mark a value as trusted HTML, script, style or URL. */
const BYPASS = /^bypassSecurityTrust(?:Html|Script|Style|Url|ResourceUrl)$/;
/**
 * What a jQuery `.html()` receiver starts with (see `match`): `$` at the start of a name (not the `${` of a
 * template or the `$` an RxJS stream name ends with) or `jQuery`; the prefilter term of that sink.
 */
const JQUERY_RECEIVER = [/(?<![\w$])\$(?!\{)/, /jQuery/];
const SANITISED = /^(?:DOMPurify\.sanitize|dompurify\.sanitize|sanitize\w*|purify\.sanitize|xss|filterXSS)\s*\(/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const check = (sink: SyntaxNode, value: SyntaxNode | undefined, what: string, reportAnyNonLiteral: boolean) => {
    if (!value || isLiteral(ctx.text, value, ctx.profile)) return;
    if (SANITISED.test(textOf(ctx.text, unwrap(value, ctx.profile)))) return;
    const taint = flowOf(ctx, value, { kind: 'html' });
    if (taint) out.push({ node: sink, taint, detail: `Data from ${describeSource(ctx, taint)} is written into ${what}.` });
    else if (reportAnyNonLiteral || isDynamic(ctx, value)) out.push({ node: sink, detail: `A value not proven constant or sanitised is written into ${what}.` });
  };
  for (const assign of ctx.nodes.of('assignment_expression', 'augmented_assignment_expression')) {
    const left = child(assign, 'left');
    const prop = left?.type === 'member_expression' ? child(left, 'property') : undefined;
    if (prop && HTML_PROPS.has(textOf(ctx.text, prop))) check(assign, child(assign, 'right'), `\`${textOf(ctx.text, prop)}\``, false);
  }
  for (const call of ctx.calls) {
    if (/^(?:window\.)?document\.(?:write|writeln)$/.test(call.name)) check(call.node, call.args[0], '`document.write`', false);
    else if (call.method === 'insertAdjacentHTML') check(call.node, call.args[1], '`insertAdjacentHTML`', false);
    else if (BYPASS.test(call.method) && call.receiver) check(call.node, call.args[0], `Angular \`${call.method}\`, which turns off Angular's sanitisation for it,`, true);
    else if (call.method === 'html' && call.receiver && /^\$|^jQuery/.test(textOf(ctx.text, call.receiver))) {
      const t = flowOf(ctx, call.args[0], { kind: 'html' });
      if (t) out.push({ node: call.node, taint: t, detail: `Data from ${describeSource(ctx, t)} is written with jQuery \`.html()\`.` });
    }
  }
  for (const attr of ctx.nodes.of('jsx_attribute')) {
    const [name, value] = namedChildren(attr);
    if (!name || !value || textOf(ctx.text, name) !== 'dangerouslySetInnerHTML') continue;
    const expr = value.type === 'jsx_expression' ? namedChildren(value)[0] : undefined;
    if (!expr) continue;
    const obj = unwrap(expr, ctx.profile);
    if (obj.type !== 'object') {
      check(attr, expr, '`dangerouslySetInnerHTML`', true);
      continue;
    }
    for (const pair of namedChildren(obj)) {
      const key = child(pair, 'key');
      if (pair.type === 'pair' && key && textOf(ctx.text, key).replace(/['"]/g, '') === '__html') check(attr, child(pair, 'value'), '`dangerouslySetInnerHTML`', true);
    }
  }
  templateBindings(ctx, out);
  return out;
}

/** Inline component templates (the `template:` property of an Angular or Vue component) binding HTML: `[innerHTML]="x"`, `v-html="x"`. */
function templateBindings(ctx: RuleContext, out: Match[]): void {
  for (const node of ctx.nodes.of('string', 'template_string')) {
    // Only the value of a `template:` property (a component's template), not any string that mentions a binding.
    const pair = node.parent;
    const key = pair?.type === 'pair' && pair.children.find((c) => c.field === 'key');
    if (!key || textOf(ctx.text, key).replace(/['"]/g, '') !== 'template') continue;
    const text = textOf(ctx.text, node);
    if (!text.includes('innerHTML') && !text.includes('v-html')) continue;
    for (const m of text.matchAll(HTML_BINDING)) {
      const expr = (m[2] ?? '').trim();
      if (!reportable(expr)) continue;
      out.push({ node, ...bindingReport(m[1] ?? '', expr) });
    }
  }
}

export const rule = defineRule({
  id: 'dom-xss',
  title: 'Unsanitised HTML written into the DOM',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: JS_LANGUAGES,
  description: 'HTML is written into the page from a value that is not constant or sanitised, so markup in it can run script (DOM-based XSS).',
  remediation: 'Use `textContent` or the framework\'s normal rendering, or sanitise with DOMPurify before assigning HTML.',
  docs: {
    summary:
      '`innerHTML`/`outerHTML` assignments, `document.write`, `insertAdjacentHTML`, jQuery `.html()`, React `dangerouslySetInnerHTML`, Angular `DomSanitizer.bypassSecurityTrustHtml/Script/Style/Url/ResourceUrl` of a non-literal value, and `[innerHTML]="…"` (Angular) or `v-html="…"` (Vue) bindings in inline component templates and in Angular/Vue template files (`*.html`, `*.vue`, by a text pass: those files are not parsed); Angular `[innerHTML]` bindings are MEDIUM, since Angular sanitises them unless the value was marked trusted (the `bypassSecurityTrust*` call is the HIGH finding). URL-derived data (`location.hash`, `location.search`) or request data reaching them is reported with 0.9; interpolated strings and any non-literal `dangerouslySetInnerHTML` value not passed through a sanitiser with 0.5.',
    examples: [
      {
        language: 'javascript',
        bad: "const params = new URLSearchParams(location.search);\ndocument.getElementById('greeting').innerHTML = 'Hello ' + params.get('name');",
        good: "const params = new URLSearchParams(location.search);\ndocument.getElementById('greeting').textContent = 'Hello ' + params.get('name');",
      },
      {
        language: 'tsx',
        bad: 'export function Post({ post }: { post: { body: string } }) {\n  return <div dangerouslySetInnerHTML={{ __html: post.body }} />;\n}',
        good: "import DOMPurify from 'dompurify';\nexport function Post({ post }: { post: { body: string } }) {\n  return <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(post.body) }} />;\n}",
      },
    ],
  },
  match,
  triggers: ['innerHTML', 'outerHTML', all('document', ['write', 'writeln']), 'insertAdjacentHTML', all('html', JQUERY_RECEIVER), 'dangerouslySetInnerHTML', /bypassSecurityTrust/, literal('v-html')],
});
