import { child, enclosingFunction, namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { REFLECTED_XSS_SINKS } from '../taint-sinks.js';
import { describeSource, flowOf, isClientSource, JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../helpers.js';

/*
 * The response writers are rows in taint-sinks.ts. What stays code: a Flask or FastAPI route
 * returning a string built from request data (which return is a response body, and whether a
 * returned variable only ever holds text), and Koa's `ctx.body = …` assignment.
 */

/** Object and JSON values are serialised as JSON by the framework, not HTML. */
const NOT_HTML = new Set(['object', 'array', 'dictionary', 'list', 'number', 'integer']);

function bodies(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const report = (node: SyntaxNode, value: SyntaxNode | undefined, what: string) => {
    if (!value || NOT_HTML.has(unwrap(value, ctx.profile).type)) return;
    const taint = flowOf(ctx, value, { kind: 'html' });
    if (taint && !isClientSource(taint.source)) out.push({ node, taint, detail: `Request data from ${describeSource(ctx, taint)} is written into ${what} without HTML escaping.` });
  };
  if (ctx.language === 'python') {
    // Flask and FastAPI route handlers returning a string built from request data.
    for (const ret of ctx.nodes.of('return_statement')) {
      const value = ret.children.find((c) => c.named);
      const fn = enclosingFunction(ret, ctx.language);
      if (!value || !fn || fn.parent?.type !== 'decorated_definition') continue;
      if (!/\.(?:route|get|post)\s*\(/.test(textOf(ctx.text, fn.parent))) continue;
      const v = unwrap(body(ctx, value) ?? value, ctx.profile);
      if (isPythonText(ctx, v) || (v.type === 'identifier' && builtAsText(ctx, fn, v))) report(ret, v, 'the HTML response of a route');
    }
    return out;
  }
  // Koa: ctx.body = …
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    if (left && textOf(ctx.text, left) === 'ctx.body') report(assign, child(assign, 'right'), 'the Koa response body');
  }
  return out;
}

/** Flask's `(body, status, headers)` tuples: only the first element is the body; headers are not HTML. */
function body(ctx: RuleContext, value: SyntaxNode | undefined): SyntaxNode | undefined {
  const v = value && unwrap(value, ctx.profile);
  if (v?.type === 'tuple' || v?.type === 'expression_list') return namedChildren(v)[0];
  return value;
}

/** A string literal, f-string, concatenation or `'…'.format(…)`: text, not an object Flask would serialise as JSON. */
function isPythonText(ctx: RuleContext, v: SyntaxNode): boolean {
  return v.type === 'string' || v.type === 'concatenated_string' || v.type === 'binary_operator' || (v.type === 'call' && textOf(ctx.text, v).includes('.format('));
}

/**
 * Whether a variable returned by a route handler holds text: every assignment to it in the
 * handler is text (`html = '<ul>'`, `html += f'<li>{x}</li>'`), so the response body is the
 * string assembled in it. A variable that is ever given an object, a list or a call's result
 * (which may be a dict Flask serialises as JSON) is not followed.
 */
function builtAsText(ctx: RuleContext, fn: SyntaxNode, variable: SyntaxNode): boolean {
  const name = textOf(ctx.text, variable);
  let seen = false;
  for (const a of ctx.nodes.of('assignment', 'augmented_assignment')) {
    if (a.start < fn.start || a.end > fn.end) continue;
    const left = child(a, 'left');
    const right = child(a, 'right');
    if (!left || !right || textOf(ctx.text, left) !== name) continue;
    if (enclosingFunction(a, ctx.language) !== fn) continue;
    if (!isPythonText(ctx, unwrap(right, ctx.profile)) && !(a.type === 'augmented_assignment' && right.type === 'identifier')) return false;
    seen = true;
  }
  return seen;
}

export const rule = defineTaintRule(
  {
    id: 'reflected-xss',
    title: 'Request data reflected into an HTML response',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.8,
    cwe: 'CWE-79',
    owasp: OWASP.injection,
    languages: JS_AND_PYTHON,
    description: 'A response body is built from request data without HTML escaping, so a crafted link runs script in the victim\'s browser (reflected XSS).',
    remediation: 'Render HTML through a template engine with auto-escaping, escape values (`escape-html`, `html.escape`), or answer with JSON (`res.json`) and `Content-Type: application/json`.',
    docs: {
      examples: [
        {
          language: 'python',
          bad: "@app.route('/hello')\ndef hello():\n    name = request.args.get('name', '')\n    return '<h1>Hello ' + name + '</h1>'",
          good: "from markupsafe import escape\n\n@app.route('/hello')\ndef hello():\n    name = request.args.get('name', '')\n    return '<h1>Hello ' + escape(name) + '</h1>'",
        },
      ],
      summary:
        'Express/Fastify `res.send`/`res.write`/`res.end` and Koa `ctx.body` given request data as a string; Flask/Django/FastAPI responses (`make_response`, `Response`, `HttpResponse`, `HTMLResponse`) and route handlers returning strings built from request data, directly or assembled in a variable first (`html += f\'<li>{name}</li>\'` … `return html`). Objects (serialised as JSON) and escaped or numeric values are not reported.',
    },
    triggers: {
      js: [all(['res', 'response', 'resp', 'reply', 'ctx'], JS_SERVER_SOURCE_TRIGGERS)],
      python: [all(['make_response', 'Response', 'HttpResponse', 'HTMLResponse', all(/@/, /\.(?:route|get|post)\s*\(/)], PYTHON_SOURCE_TRIGGERS)],
    },
  },
  REFLECTED_XSS_SINKS,
  bodies,
);
