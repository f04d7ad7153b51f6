import { child, namedChildren, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, JS_LANGUAGES, OWASP, type Match, type RuleContext } from '../rule.js';
import { assignedValues, flowOf, JS_SOURCE_TRIGGERS } from '../helpers.js';
import { all } from '../prefilter.js';

type Taint = NonNullable<Match['taint']>;

/**
 * A whole request object (`req.body`, `req.query`), not one of its fields: the client chooses its
 * keys. A member expression is one when it carries request data and its object does not (the
 * object is the request itself); a variable, when it was assigned one.
 */
function wholeRequestObject(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): Taint | undefined {
  if (!node || depth > 3) return undefined;
  const n = unwrap(node, ctx.profile);
  if (ctx.profile.kinds.members.has(n.type)) {
    const taint = flowOf(ctx, n, { kind: 'template' });
    const object = child(n, 'object');
    return taint && object && flowOf(ctx, object, { kind: 'template' }) === undefined ? taint : undefined;
  }
  if (ctx.profile.kinds.identifiers.has(n.type)) {
    for (const value of assignedValues(ctx, n)) {
      const found = wholeRequestObject(ctx, value, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (n.type === 'object') {
    // `{ ...req.body, theme }`: the spread brings the client's keys along.
    for (const part of namedChildren(n)) {
      if (!ctx.profile.kinds.spreads.has(part.type)) continue;
      const found = wholeRequestObject(ctx, namedChildren(part)[0], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  // `Object.assign({}, req.body)`.
  const call = ctx.calls.find((c) => c.node === n);
  if (call && call.name === 'Object.assign') {
    for (const arg of call.args.slice(1)) {
      const found = wholeRequestObject(ctx, arg, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    // Express `res.render`/`app.render`, Koa views' `ctx.render`: (view, locals[, callback]).
    if (call.method !== 'render' || call.receiver === undefined || call.args.length < 2) continue;
    const taint = wholeRequestObject(ctx, call.args[1]);
    if (taint) out.push({ node: call.node, taint, detail: `The template's data object is \`${taint.source}\` as the client sent it.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'template-object-injection',
  title: 'Template rendered with a request object as its data',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.85,
  cwe: 'CWE-73',
  owasp: OWASP.injection,
  languages: JS_LANGUAGES,
  description:
    'A view is rendered with the request body or query itself (or an object spread from it) as its data. View engines read their options from that object: the client can set `layout` (Handlebars) to read another file from the server, or `settings`/`view options` (EJS) to run code.',
  remediation: 'Pass only the fields the template needs, by name (`res.render(\'page\', { name: req.body.name })`), never the request object or a spread of it.',
  docs: {
    summary:
      'Express `res.render`/`app.render` and Koa `ctx.render` whose data argument is a request object as a whole (`req.body`, `req.query`, `req.params`, any request source of the taint tables), a variable assigned one, an object literal that spreads one, or `Object.assign({}, req.body)`. Single fields of the request passed by name are not reported.',
    examples: [
      {
        language: 'javascript',
        bad: "app.post('/done', (req, res) => {\n  res.render('result', { ...req.body, theme: 'dark' });\n});",
        good: "app.post('/done', (req, res) => {\n  res.render('result', { email: req.body.email, theme: 'dark' });\n});",
      },
      {
        language: 'typescript',
        bad: "router.get('/preview', (req: Request, res: Response) => {\n  const options = req.query;\n  res.render('preview', options);\n});",
        good: "router.get('/preview', (req: Request, res: Response) => {\n  res.render('preview', { title: String(req.query.title ?? '') });\n});",
      },
    ],
  },
  match,
  // The data argument must carry request data (`flowOf`), so the file names a request source too.
  triggers: { js: [all('render', JS_SOURCE_TRIGGERS)] },
});
