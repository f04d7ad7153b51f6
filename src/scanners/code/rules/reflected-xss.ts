import { child, enclosingFunction, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, ALL_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import { argument, isClientSource } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

const JS_SEND = new Set(['send', 'write', 'end']);
const RESPONSE_NAME = /^(?:res|response|resp|reply)$/;
const PY_RESPONSES = new Set(['make_response', 'flask.make_response', 'flask.Response', 'Response', 'django.http.HttpResponse', 'HttpResponse', 'fastapi.responses.HTMLResponse', 'HTMLResponse', 'starlette.responses.HTMLResponse']);
/** Object and JSON arguments are serialised as JSON by the framework, not HTML. */
const NOT_HTML = new Set(['object', 'array', 'dictionary', 'list', 'number', 'integer']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const report = (node: SyntaxNode, value: SyntaxNode | undefined, what: string) => {
    if (!value || NOT_HTML.has(unwrap(value).type)) return;
    const taint = ctx.taint.taintOf(value);
    if (taint && !isClientSource(taint.source)) out.push({ node, taint, detail: `Request data from ${ctx.taint.describe(taint)} is written into ${what} without HTML escaping.` });
  };
  if (ctx.language === 'python') {
    for (const call of ctx.calls) if (PY_RESPONSES.has(call.qualified)) report(call.node, argument(call, 0, 'content') ?? argument(call, 0, 'response'), `a \`${call.name}\` body`);
    // Flask and FastAPI route handlers returning a string built from request data.
    for (const ret of ctx.nodes.of('return_statement')) {
      const value = ret.children.find((c) => c.named);
      const fn = enclosingFunction(ret, ctx.language);
      if (!value || !fn || fn.parent?.type !== 'decorated_definition') continue;
      if (!/\.(?:route|get|post)\s*\(/.test(textOf(ctx.text, fn.parent))) continue;
      const v = unwrap(value);
      if (v.type === 'string' || v.type === 'binary_operator' || (v.type === 'call' && textOf(ctx.text, v).includes('.format('))) report(ret, value, 'the HTML response of a route');
    }
    return out;
  }
  for (const call of ctx.calls) {
    if (!call.receiver || !JS_SEND.has(call.method)) continue;
    const receiver = textOf(ctx.text, unwrap(call.receiver));
    const base = receiver.replace(/\.(?:status|type|set|header)\(.*$/s, '');
    if (!RESPONSE_NAME.test(base)) continue;
    if (/\.type\(\s*['"](?:json|text\/plain|application\/json)/.test(receiver)) continue;
    report(call.node, argument(call, 0), `\`${call.name.replace(/\(.*\)/s, '(…)')}\``);
  }
  // Koa: ctx.body = …
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    if (left && textOf(ctx.text, left) === 'ctx.body') report(assign, child(assign, 'right'), 'the Koa response body');
  }
  return out;
}

export const rule = defineRule({
  id: 'reflected-xss',
  title: 'Request data reflected into an HTML response',
  severity: 'HIGH',
  confidence: { pattern: 0.5, taint: 0.8 },
  cwe: 'CWE-79',
  owasp: OWASP.injection,
  languages: ALL_LANGUAGES,
  description: 'A response body is built from request data without HTML escaping, so a crafted link runs script in the victim\'s browser (reflected XSS).',
  remediation: 'Render HTML through a template engine with auto-escaping, escape values (`escape-html`, `html.escape`), or answer with JSON (`res.json`) and `Content-Type: application/json`.',
  docs: {
    summary:
      'Express/Fastify `res.send`/`res.write`/`res.end` and Koa `ctx.body` given request data as a string; Flask/Django/FastAPI responses (`make_response`, `Response`, `HttpResponse`, `HTMLResponse`) and route handlers returning strings built from request data. Objects (serialised as JSON) and escaped or numeric values are not reported.',
    examples: [
      {
        language: 'javascript',
        vulnerable: "app.get('/hello', (req, res) => {\n  res.send(`<h1>Hello ${req.query.name}</h1>`);\n});",
        safe: "const escapeHtml = require('escape-html');\napp.get('/hello', (req, res) => {\n  res.send(`<h1>Hello ${escapeHtml(req.query.name)}</h1>`);\n});",
      },
      {
        language: 'python',
        vulnerable: "@app.route('/hello')\ndef hello():\n    name = request.args.get('name', '')\n    return '<h1>Hello ' + name + '</h1>'",
        safe: "from markupsafe import escape\n\n@app.route('/hello')\ndef hello():\n    name = request.args.get('name', '')\n    return '<h1>Hello ' + escape(name) + '</h1>'",
      },
    ],
  },
  match,
  triggers: {
    js: [all(['res', 'response', 'resp', 'reply', 'ctx'], JS_SERVER_SOURCE_TRIGGERS)],
    python: [all(['make_response', 'Response', 'HttpResponse', 'HTMLResponse', all(/@/, /\.(?:route|get|post)\s*\(/)], PYTHON_SOURCE_TRIGGERS)],
  },
});
