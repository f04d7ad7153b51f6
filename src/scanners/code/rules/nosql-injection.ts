import { child, namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all, literal } from '../prefilter.js';
import { describeSource, flowOf, isDynamic, JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS, stringLiteral } from '../helpers.js';

const MONGO_METHODS = new Set([
  'find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'findOneAndRemove', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'countDocuments', 'count', 'exists', 'where', 'remove',
  'find_one', 'find_one_and_update', 'find_one_and_delete', 'update_one', 'update_many', 'delete_one', 'delete_many', 'count_documents',
]);
const LEGACY_METHODS = new Set(['update', 'findAndModify', 'replaceOne', 'replace_one', 'findOneAndUpdate']);
const MONGO_WORDS = [...MONGO_METHODS, ...LEGACY_METHODS];
const RAW_VALUE_TYPES = new Set(['member_expression', 'subscript_expression', 'identifier', 'shorthand_property_identifier', 'spread_element', 'attribute', 'subscript', 'call', 'await_expression']);
/**
 * Request data that is always a string, so it cannot carry an operator object: Express route
 * parameters and the request path; Flask/Django query-string and form values. (JSON bodies, Express
 * query strings parsed by qs and cookie-parser's `j:` cookies can all be objects.)
 */
const STRING_ONLY_SOURCE = /^(?:req|request)\.(?:params|path|originalUrl|url|hostname|ip)\b|^request\.(?:args|form|GET|POST|view_args)\b/;

/** `$where` values in a query object (JS object or Python dict). */
function whereClause(ctx: RuleContext, query: SyntaxNode): SyntaxNode | undefined {
  const q = unwrap(query, ctx.profile);
  if (q.type !== 'object' && q.type !== 'dictionary') return undefined;
  for (const pair of namedChildren(q)) {
    const key = child(pair, 'key');
    if (pair.type === 'pair' && key && (stringLiteral(ctx, key) ?? textOf(ctx.text, key)) === '$where') return child(pair, 'value');
  }
  return undefined;
}

function whereMatch(ctx: RuleContext, node: SyntaxNode, where: SyntaxNode): Match | undefined {
  const t = flowOf(ctx, where, { kind: 'code' });
  if (t) return { node, taint: t, detail: `A \`$where\` JavaScript clause is built from ${describeSource(ctx, t)}.` };
  if (isDynamic(ctx, where)) return { node, unproven: true, detail: 'A `$where` JavaScript clause is built at run time.' };
  return undefined;
}

/** `$where` clauses of query objects built apart from the call (a DAO's criteria helper), reported at the clause. */
function detachedWhereClauses(ctx: RuleContext, seen: ReadonlySet<number>): Match[] {
  const out: Match[] = [];
  for (const obj of ctx.nodes.of('object', 'dictionary')) {
    const where = whereClause(ctx, obj);
    if (!where || seen.has(where.start)) continue;
    const m = whereMatch(ctx, where.parent ?? where, where);
    if (m) out.push(m);
  }
  return out;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const seen = new Set<number>();
  for (const call of ctx.calls) {
    if (!call.receiver || call.isNew) continue;
    const query = call.args[0];
    if (!query) continue;
    const q = unwrap(query, ctx.profile);
    // The legacy driver's `update(filter, update, options)`: a filter object and an update document
    // (so a hash's `update(data)` is not taken for a query).
    const legacy = LEGACY_METHODS.has(call.method) && (q.type === 'object' || q.type === 'dictionary') && call.args.length >= 2;
    if (!MONGO_METHODS.has(call.method) && !legacy) continue;
    if (['arrow_function', 'function_expression', 'lambda', 'string', 'template_string', 'number', 'integer'].includes(q.type)) continue;
    const where = whereClause(ctx, q);
    if (where) {
      seen.add(where.start);
      const m = whereMatch(ctx, call.node, where);
      if (m) out.push(m);
      continue;
    }
    // The filter is request data as parsed (objects allowed), or holds it as a property value.
    const direct = flowOf(ctx, q, { kind: 'nosql' });
    if (!direct) continue;
    const values = q.type === 'object' || q.type === 'dictionary' ? namedChildren(q).map((p) => (p.type === 'pair' ? child(p, 'value') : p)) : [q];
    const cast = (v: SyntaxNode) => /^(?:String|str|Number|int|float|parseInt|parseFloat|Boolean|bool)\s*\(/.test(textOf(ctx.text, unwrap(v, ctx.profile)));
    const raw = values.some((v) => {
      if (!v || cast(v) || !RAW_VALUE_TYPES.has(unwrap(v, ctx.profile).type)) return false;
      const t = flowOf(ctx, v, { kind: 'nosql' });
      return t !== undefined && !STRING_ONLY_SOURCE.test(t.source);
    });
    if (raw) out.push({ node: call.node, taint: direct, detail: `The query filter contains request data from ${describeSource(ctx, direct)} as parsed, so an object such as \`{"$ne": null}\` can change the condition.` });
  }
  out.push(...detachedWhereClauses(ctx, seen));
  return out;
}

export const rule = defineRule({
  id: 'nosql-injection',
  title: 'MongoDB query built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.8,
  cwe: 'CWE-943',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'A MongoDB filter takes request data as parsed: JSON bodies and query strings can carry operators (`$ne`, `$gt`, `$regex`, `$where`) that turn an equality check into one that matches any document.',
  remediation: 'Cast values to the expected type (`String(...)`, `str(...)`) or validate them with a schema before querying; use `mongo-sanitize`/`express-mongo-sanitize`; never build `$where` clauses from input.',
  docs: {
    summary:
      'MongoDB/Mongoose/pymongo query methods (`find*`, `update*`, `delete*`, `count*`, and the legacy `update(filter, doc)` / `findAndModify` / `replaceOne` with a filter object) whose filter is request data or contains request values without a type cast, and `$where` clauses built from input or at run time, also in a query object built apart from the call (a criteria helper); a clause built at run time from values not proven to be request data is reported as MEDIUM.',
    examples: [
      {
        language: 'javascript',
        bad: "app.post('/login', async (req, res) => {\n  const user = await User.findOne({ name: req.body.name, password: req.body.password });\n  res.json({ ok: Boolean(user) });\n});",
        good: "app.post('/login', async (req, res) => {\n  const user = await User.findOne({ name: `${req.body.name}` });\n  res.json({ ok: Boolean(user && (await bcrypt.compare(String(req.body.password), user.hash))) });\n});",
      },
      {
        language: 'python',
        bad: "@app.route('/search')\ndef search():\n    return dumps(db.items.find({'$where': f\"this.owner == '{request.args['owner']}'\"}))",
        good: "@app.route('/search')\ndef search():\n    return dumps(db.items.find({'owner': str(request.args['owner'])}))",
      },
    ],
  },
  match,
  triggers: {
    js: [all(MONGO_WORDS, [literal('$where'), ...JS_SOURCE_TRIGGERS])],
    python: [all(MONGO_WORDS, [literal('$where'), ...PYTHON_SOURCE_TRIGGERS])],
  },
});
