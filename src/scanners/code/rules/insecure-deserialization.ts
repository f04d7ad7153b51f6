import { textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument } from '../sinks.js';
import { all } from '../prefilter.js';
import { UNKNOWN } from '../constants.js';

const JS_SINKS = new Set(['node-serialize.unserialize', 'serialize-to-js.deserialize', 'funcster.deepDeserialize', 'cryo.parse']);
const PY_ALWAYS = new Set(['pickle.loads', 'pickle.load', 'cPickle.loads', 'cPickle.load', '_pickle.loads', 'dill.loads', 'dill.load', 'marshal.loads', 'marshal.load', 'shelve.open', 'jsonpickle.decode', 'yaml.unsafe_load', 'yaml.unsafe_load_all', 'pandas.read_pickle', 'torch.load', 'joblib.load']);
const SAFE_LOADERS = /SafeLoader|CSafeLoader|BaseLoader/;

/** Decoders that turn a value into bytes without reading anything else. */
const PURE_DECODERS = new Set([
  'base64.b64decode',
  'base64.urlsafe_b64decode',
  'base64.standard_b64decode',
  'base64.b32decode',
  'base64.b16decode',
  'base64.b85decode',
  'binascii.unhexlify',
  'binascii.a2b_base64',
  'bytes.fromhex',
  'codecs.decode',
  'zlib.decompress',
  'gzip.decompress',
]);
const PURE_METHODS = new Set(['encode', 'decode']);

/** Whether an expression only holds what the code itself wrote: a literal or proven constant, possibly decoded. */
function fromCode(ctx: RuleContext, node: SyntaxNode, depth: number): boolean {
  if (depth > 4) return false;
  if (ctx.taint.constantOf(node) !== UNKNOWN) return true;
  // Byte strings and strings with escapes are not folded as constants, but a literal is still the code's own.
  if (node.type === 'string' || node.type === 'concatenated_string') return !node.children.some((c) => c.type === 'interpolation');
  const call = ctx.calls.find((c) => c.node.start === node.start && c.node.end === node.end);
  if (!call) return false;
  const pure = PURE_DECODERS.has(call.qualified) || (call.receiver !== undefined && PURE_METHODS.has(call.method) && fromCode(ctx, call.receiver, depth + 1));
  return pure && call.args.every((a) => fromCode(ctx, a, depth + 1)) && [...call.kwargs.values()].every((a) => fromCode(ctx, a, depth + 1));
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const q = call.qualified;
    let hit = false;
    let what = `\`${call.name}\``;
    if (ctx.language === 'python') {
      if (PY_ALWAYS.has(q)) hit = true;
      else if (q === 'yaml.load' || q === 'yaml.load_all') {
        const loader = argument(call, 1, 'Loader');
        hit = !loader || !SAFE_LOADERS.test(textOf(ctx.text, loader));
        what = '`yaml.load` without `SafeLoader`';
      }
    } else hit = JS_SINKS.has(q) || (call.method === 'unserialize' && ctx.imports.modules.has('node-serialize'));
    if (!hit) continue;
    const data = argument(call, 0);
    const taint = ctx.taint.taintOf(data, 'deserialization');
    // Bytes the code itself holds (a literal, a value every path assigns from literals, or such a value decoded) are not outside data.
    if (!taint && data !== undefined && fromCode(ctx, data, 0)) continue;
    out.push(
      taint
        ? { node: call.node, taint, detail: `${what} deserialises request data from ${ctx.taint.describe(taint)}.` }
        : { node: call.node, detail: `${what} can run code embedded in the data; make sure the data never comes from outside.` },
    );
  }
  return out;
}

export const rule = defineRule({
  id: 'insecure-deserialization',
  title: 'Deserialisation that can execute code',
  severity: 'HIGH',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-502',
  owasp: OWASP.integrity,
  languages: JS_AND_PYTHON,
  description: 'A deserialiser that can instantiate arbitrary objects or run functions is used; whoever controls the serialised bytes runs code.',
  remediation: 'Exchange data as JSON (`JSON.parse`, `json.loads`), use `yaml.safe_load`, and never unpickle data that crossed a trust boundary; sign data you must deserialise.',
  docs: {
    summary:
      '`node-serialize` `unserialize` (and similar JS libraries that revive functions); Python `pickle`/`cPickle`/`dill`/`marshal` loads, `jsonpickle.decode`, `shelve`, `yaml.load` without `SafeLoader`, `yaml.unsafe_load`. Reported on sight (0.6), with 0.9 when request data reaches them.',
    examples: [
      {
        language: 'javascript',
        bad: "const serialize = require('node-serialize');\napp.get('/profile', (req, res) => {\n  const prefs = serialize.unserialize(Buffer.from(req.cookies.prefs, 'base64').toString());\n  res.json(prefs);\n});",
        good: "app.get('/profile', (req, res) => {\n  const prefs = JSON.parse(Buffer.from(req.cookies.prefs, 'base64').toString());\n  res.json(prefs);\n});",
      },
      {
        language: 'python',
        bad: "import yaml\n\ndef load_config(path):\n    with open(path) as fh:\n        return yaml.load(fh)",
        good: "import yaml\n\ndef load_config(path):\n    with open(path) as fh:\n        return yaml.safe_load(fh)",
      },
      {
        language: 'python',
        bad: "import pickle\n\n@app.route('/restore', methods=['POST'])\ndef restore():\n    state = pickle.loads(request.data)\n    return jsonify(state)",
        good: "import json\n\n@app.route('/restore', methods=['POST'])\ndef restore():\n    state = json.loads(request.data)\n    return jsonify(state)",
      },
    ],
  },
  match,
  triggers: {
    js: ['unserialize', 'deserialize', 'deepDeserialize', all('cryo', 'parse')],
    python: ['pickle', 'cPickle', '_pickle', 'dill', 'marshal', 'shelve', 'jsonpickle', 'yaml', 'pandas', 'torch', 'joblib'],
  },
});
