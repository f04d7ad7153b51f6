import { child, enclosingFunction, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, GO, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all, unqualified } from '../prefilter.js';
import { functionText } from '../function-model/guards.js';
import { sink } from '../helpers.js';

const FPRINT = new Set(['fmt.Fprintf', 'fmt.Fprint', 'fmt.Fprintln', 'io.WriteString']);
/** Methods writing to the response writer itself. */
const WRITE_METHODS = new Set(['Write', 'WriteString']);
/** Words naming a response writer: gin's `c.Writer`, a `w http.ResponseWriter` parameter. */
const WRITER_TYPES = ['Writer', 'ResponseWriter'];
/** echo `c.HTML(code, html)`, `c.HTMLBlob`, gin `c.Data(code, "text/html", bytes)`. */
const CONTEXT_METHODS = new Set(['HTML', 'HTMLBlob', 'Data']);
/** html/template types that mark a string as already safe, so the template does not escape it. */
const TRUSTED_TYPES = new Set(['template.HTML', 'template.JS', 'template.HTMLAttr', 'template.JSStr', 'template.CSS', 'template.Srcset']);
const SANITISERS = new Set(['EscapeString', 'HTMLEscapeString', 'JSEscapeString', 'QueryEscape', 'PathEscape', 'Itoa', 'FormatInt', 'FormatFloat', 'Marshal', 'Sanitize', 'SanitizeBytes',
  // Results of I/O keyed by request data (file contents, query rows, fetched bodies) are not the request data itself.
  'ReadFile', 'ReadAll', 'ReadDir', 'Open', 'Query', 'QueryRow', 'Exec', 'Do', 'Get', 'Output', 'CombinedOutput']);
const NOT_HTML = /"Content-Type"\s*,\s*"(?:application\/json|text\/plain|application\/xml|text\/csv)/i;

/** Whether a writer expression is the handler's `http.ResponseWriter` (a parameter of that type, or gin's `c.Writer`). */
function isResponseWriter(ctx: RuleContext, node: SyntaxNode | undefined): boolean {
  if (!node) return false;
  const name = textOf(ctx.text, node);
  if (/^(?:c|ctx)\.Writer$/.test(name)) return true;
  const fn = enclosingFunction(node, ctx.language);
  const params = fn ? child(fn, 'parameters') : undefined;
  return /^\w+$/.test(name) && !!params && new RegExp(`\\b${name}\\s+http\\.ResponseWriter\\b`).test(textOf(ctx.text, params));
}

/** The printed arguments of an HTML-writing call, or none. */
function printed(ctx: RuleContext, call: QualifiedCall): readonly SyntaxNode[] {
  if (FPRINT.has(call.name)) return isResponseWriter(ctx, call.args[0]) ? call.args.slice(1) : [];
  if (WRITE_METHODS.has(call.method) && isResponseWriter(ctx, call.receiver)) return call.args.slice(0, 1);
  if (TRUSTED_TYPES.has(call.name)) return call.args.slice(0, 1);
  const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
  if (!/^(?:c|ctx)$/.test(receiver)) return [];
  // echo c.HTML(code, html) and c.HTMLBlob; gin c.Data(code, "text/html", bytes). gin's c.HTML(code, name, data) renders a template.
  if ((call.method === 'HTML' && call.args.length === 2) || call.method === 'HTMLBlob') return call.args.slice(1, 2);
  if (call.method === 'Data' && /text\/html/.test(textOf(ctx.text, call.args[1] ?? call.node))) return call.args.slice(2, 3);
  return [];
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const values = printed(ctx, call);
    if (values.length === 0 || (!TRUSTED_TYPES.has(call.name) && NOT_HTML.test(functionText(ctx, call.node)))) continue;
    const what = TRUSTED_TYPES.has(call.name) ? `\`${call.name}\`, which disables template escaping` : `the HTML response through \`${call.name}\``;
    for (const value of values) {
      const m = sink(ctx, call, value, { pattern: false, what: what, kind: 'html', sanitisers: SANITISERS });
      if (m) {
        out.push(m);
        break;
      }
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'go-xss',
  title: 'Go request data written into an HTML response',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.8,
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: GO,
  description: 'Request data is written to the `http.ResponseWriter` (`fmt.Fprintf(w, …)`, `w.Write`) or wrapped in `template.HTML`/`template.JS`, so it reaches the page without HTML escaping and a crafted link runs script in the victim\'s browser (reflected XSS).',
  remediation: 'Render HTML with `html/template` and pass plain strings (never `template.HTML` of input), escape with `html.EscapeString`, or answer with JSON and `Content-Type: application/json`.',
  docs: {
    summary:
      '`fmt.Fprintf`/`Fprint`/`Fprintln` and `io.WriteString` to an `http.ResponseWriter` parameter, `w.Write`, gin `c.Writer`, echo `c.HTML(code, html)`, gin `c.Data(code, "text/html", …)`, and `template.HTML`/`JS`/`HTMLAttr` conversions of request data. `html.EscapeString`, `template.HTMLEscapeString`, `strconv` formatting and a JSON or plain-text `Content-Type` stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'go',
        bad: 'func hello(w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("name")\n\tfmt.Fprintf(w, "<h1>Hello %s</h1>", name)\n}',
        good: 'func hello(w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("name")\n\tfmt.Fprintf(w, "<h1>Hello %s</h1>", html.EscapeString(name))\n}',
      },
    ],
  },
  match,
  triggers: [all([...unqualified(FPRINT), ...WRITE_METHODS], WRITER_TYPES), ...unqualified(TRUSTED_TYPES), ...CONTEXT_METHODS],
});
