import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

const PY_RE = new Set(['re.compile', 're.search', 're.match', 're.fullmatch', 're.findall', 're.finditer', 're.sub', 're.subn', 're.split', 'regex.compile', 'regex.search', 'regex.match']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const sink = ctx.language === 'python' ? PY_RE.has(call.qualified) : call.name === 'RegExp';
    if (!sink) continue;
    const pattern = argument(call, 0, 'pattern');
    const taint = ctx.taint.taintOf(pattern, 'regex');
    if (taint) out.push({ node: call.node, taint, detail: `The regular expression is built from ${ctx.taint.describe(taint)}.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'regex-injection',
  title: 'Regular expression built from untrusted data',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-1333',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'A regular expression is compiled from request data, so a client can submit a pattern with catastrophic backtracking (ReDoS) that blocks the process, or widen what the pattern matches.',
  remediation: 'Escape input before embedding it in a pattern (`escape-string-regexp`, `_.escapeRegExp`, `re.escape`), or use plain string search (`includes`, `in`).',
  docs: {
    summary: '`new RegExp(…)`/`RegExp(…)` and Python `re.*`/`regex.*` functions whose pattern comes from request data; escaping functions stop the flow.',
    examples: [
      {
        language: 'javascript',
        bad: "app.get('/search', (req, res) => {\n  const re = new RegExp(req.query.q, 'i');\n  res.json(items.filter((i) => re.test(i.name)));\n});",
        good: "const escapeStringRegexp = require('escape-string-regexp');\napp.get('/search', (req, res) => {\n  const re = new RegExp(escapeStringRegexp(req.query.q), 'i');\n  res.json(items.filter((i) => re.test(i.name)));\n});",
      },
      {
        language: 'python',
        bad: "@app.route('/search')\ndef search():\n    pattern = re.compile(request.args['q'])\n    return jsonify([i for i in ITEMS if pattern.search(i)])",
        good: "@app.route('/search')\ndef search():\n    pattern = re.compile(re.escape(request.args['q']))\n    return jsonify([i for i in ITEMS if pattern.search(i)])",
      },
    ],
  },
  match,
  triggers: {
    js: [all('RegExp', JS_SOURCE_TRIGGERS)],
    python: [all(['compile', 'search', 'match', 'fullmatch', 'findall', 'finditer', 'sub', 'subn', 'split'], PYTHON_SOURCE_TRIGGERS)],
  },
});
