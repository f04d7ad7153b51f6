import { namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { assignedValues, flowOf } from '../helpers.js';
import { all } from '../prefilter.js';

const JS_WRITES = new Set(['create', 'build', 'insert', 'insertMany', 'update', 'updateOne', 'updateMany', 'findByIdAndUpdate', 'findOneAndUpdate', 'upsert', 'bulkCreate', 'merge', 'save', 'set', 'assign']);
/** A whole request payload, not one field of it. */
const WHOLE_BODY = /^(?:req|request|ctx\.request|ctx)\.(?:body|query)$|^await\s+(?:req|request)\.json\(\)$/;
const PY_WHOLE = /^request\.(?:json|form|POST|data|get_json\(\)|args)$/;

function wholePayload(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 2) return false;
  const n = unwrap(node, ctx.profile);
  const t = textOf(ctx.text, n).replace(/\s+/g, ' ');
  if (WHOLE_BODY.test(t) || PY_WHOLE.test(t)) return true;
  if (n.type === 'identifier') {
    const def = assignedValues(ctx, n).at(-1);
    return def ? wholePayload(ctx, def, depth + 1) : false;
  }
  if (n.type === 'object') return namedChildren(n).some((c) => c.type === 'spread_element' && wholePayload(ctx, namedChildren(c)[0], depth + 1));
  if (n.type === 'dictionary_splat' || n.type === 'spread_element') return wholePayload(ctx, namedChildren(n)[0], depth + 1);
  return false;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (ctx.language === 'python') {
      const splat = call.node.children.find((c) => c.field === 'arguments')?.children.find((c) => c.type === 'dictionary_splat');
      if (splat && wholePayload(ctx, splat) && /^[A-Z]|\.(?:create|update|get_or_create|update_or_create|filter)$/.test(call.name)) {
        out.push({ node: call.node, taint: flowOf(ctx, splat, { kind: 'property' }), detail: `\`${call.name}\` receives every field of the request payload as keyword arguments.` });
      }
      continue;
    }
    const isModel = (call.isNew && /^[A-Z]/.test(call.name)) || (JS_WRITES.has(call.method) && call.receiver !== undefined);
    if (!isModel) continue;
    if (call.name === 'Object.assign' || call.method === 'assign') {
      if (call.args.slice(1).some((a) => wholePayload(ctx, a)) && !/^\{\s*\}$/.test(textOf(ctx.text, call.args[0] ?? call.node))) out.push({ node: call.node, detail: 'Every field of the request payload is copied onto an existing object.' });
      continue;
    }
    if (call.method === 'set' && !/^(?:res|response|ctx|app|headers|map|cache)/i.test(textOf(ctx.text, call.receiver ?? call.node))) {
      if (call.args.length === 1 && wholePayload(ctx, call.args[0])) out.push({ node: call.node, detail: 'Every field of the request payload is set on a model.' });
      continue;
    }
    const payloadArg = call.method.startsWith('findByIdAndUpdate') || call.method.startsWith('findOneAndUpdate') || call.method === 'updateOne' || call.method === 'updateMany' ? call.args[1] : call.args[0];
    const data = payloadArg ? unwrap(payloadArg, ctx.profile) : undefined;
    if (data && wholePayload(ctx, data)) {
      out.push({ node: call.node, taint: flowOf(ctx, data, { kind: 'property' }), detail: `\`${call.name.length > 40 ? call.method : call.name}\` receives the whole request payload, so clients can set fields such as \`role\` or \`isAdmin\`.` });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'mass-assignment',
  title: 'Model written from the whole request payload',
  severity: 'MEDIUM',
  confidence: 0.7,
  taintConfidence: 0.8,
  cwe: 'CWE-915',
  owasp: OWASP.accessControl,
  languages: JS_AND_PYTHON,
  description: 'A database model is created or updated from the entire request body, so clients can set fields they should not control (roles, ownership, prices, verification flags).',
  remediation: 'Pick the allowed fields explicitly (`const { name, email } = req.body`), or validate the payload with a schema that strips unknown keys before writing it.',
  docs: {
    summary:
      'ORM/ODM writes (`create`, `build`, `update*`, `findByIdAndUpdate`, `upsert`, `insert*`, `new Model(...)`, `Object.assign(model, …)`) given `req.body`/`req.query`/`ctx.request.body`/`await req.json()` as a whole (directly, through a variable or spread); Python model constructors and `objects.create/update/filter` called with `**request.json`/`**request.POST`.',
    examples: [
      {
        language: 'javascript',
        bad: "app.post('/users', async (req, res) => {\n  const user = await User.create(req.body);\n  res.status(201).json(user);\n});",
        good: "app.post('/users', async (req, res) => {\n  const { name, email } = req.body;\n  const user = await User.create({ name, email });\n  res.status(201).json(user);\n});",
      },
      {
        language: 'python',
        bad: "@app.route('/users', methods=['POST'])\ndef create_user():\n    user = User(**request.json)\n    db.session.add(user)\n    return jsonify(id=user.id)",
        good: "@app.route('/users', methods=['POST'])\ndef create_user():\n    data = request.json\n    user = User(name=data['name'], email=data['email'])\n    db.session.add(user)\n    return jsonify(id=user.id)",
      },
    ],
  },
  match,
  // `wholePayload` compares a node's whole text with WHOLE_BODY or PY_WHOLE, so one of those
  // member reads is in the file as written (no blank or comment inside it); their words are
  // looked up before the text is scanned for them.
  triggers: {
    js: [all(['req', 'request', 'ctx'], ['body', 'query', 'json'], /\b(?:req|request|ctx)\.(?:body|query|json)\b/)],
    python: [all('request', ['json', 'form', 'POST', 'data', 'get_json', 'args'], /\brequest\.(?:json|form|POST|data|get_json|args)\b/)],
  },
});
