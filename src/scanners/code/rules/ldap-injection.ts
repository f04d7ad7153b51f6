import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, option } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

/** python-ldap search methods: `search_s(base, scope, filterstr)`. */
const PYTHON_LDAP = new Set(['search', 'search_s', 'search_st', 'search_ext', 'search_ext_s']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  // An LDAP client in the file (ldap3, python-ldap, ldapjs): `search` alone is too common a name.
  if (!/ldap/i.test(ctx.text)) return out;
  const python = ctx.language === 'python';
  for (const call of ctx.calls) {
    if (!call.receiver) continue;
    let filter;
    if (python) {
      if (call.method === 'search' && (call.args.length >= 2 || call.kwargs.has('search_filter'))) filter = argument(call, 1, 'search_filter') ?? call.kwargs.get('filterstr');
      if (PYTHON_LDAP.has(call.method) && call.args.length >= 3) filter = argument(call, 2, 'filterstr');
    } else if (call.method === 'search' && call.args.length >= 2) {
      // ldapjs: client.search(base, { filter: '(uid=…)' }, cb)
      filter = option(ctx, { ...call, args: call.args.slice(1, 2) }, 'filter');
    }
    const taint = filter ? ctx.taint.taintOf(filter, 'ldap') : undefined;
    if (taint) out.push({ node: call.node, taint, detail: `Request data from ${ctx.taint.describe(taint)} is part of the LDAP search filter.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'ldap-injection',
  title: 'LDAP search filter built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-90',
  owasp: OWASP.injection,
  languages: JS_AND_PYTHON,
  description: 'An LDAP search filter is assembled from request data without escaping, so `*`, `(`, `)` or `|` in the input can widen the search or bypass an authentication check.',
  remediation: 'Escape every value put into a filter (`ldap3.utils.conv.escape_filter_chars`, `ldap.filter.escape_filter_chars` / `filter_format`, ldapjs `EqualityFilter` objects) or check it against a strict pattern.',
  docs: {
    summary:
      'Python ldap3 `conn.search(base, filter)` and python-ldap `search`/`search_s`/`search_ext(_s)`, and ldapjs `client.search(base, { filter })`, whose filter carries request data, in files that use an LDAP client. Values passed through `escape_filter_chars` are not reported.',
    examples: [
      {
        language: 'python',
        bad: "import ldap3\n\n@app.route('/people')\ndef people():\n    uid = request.args.get('uid', '')\n    conn.search('ou=people,dc=example,dc=org', f'(uid={uid})')\n    return jsonify([str(e) for e in conn.entries])",
        good: "import ldap3\nfrom ldap3.utils.conv import escape_filter_chars\n\n@app.route('/people')\ndef people():\n    uid = escape_filter_chars(request.args.get('uid', ''))\n    conn.search('ou=people,dc=example,dc=org', f'(uid={uid})')\n    return jsonify([str(e) for e in conn.entries])",
      },
      {
        language: 'javascript',
        bad: "const ldap = require('ldapjs');\nconst client = ldap.createClient({ url: LDAP_URL });\napp.get('/people', (req, res) => {\n  client.search('ou=people,dc=example,dc=org', { filter: `(uid=${req.query.uid})`, scope: 'sub' }, (err, r) => r.on('end', () => res.end()));\n});",
        good: "const ldap = require('ldapjs');\nconst client = ldap.createClient({ url: LDAP_URL });\napp.get('/people', (req, res) => {\n  client.search('ou=people,dc=example,dc=org', { filter: '(objectClass=person)', scope: 'sub' }, (err, r) => r.on('end', () => res.end()));\n});",
      },
    ],
  },
  match,
  triggers: {
    js: [all('search', /ldap/i, JS_SERVER_SOURCE_TRIGGERS)],
    python: [all(['search', 'search_s', 'search_st', 'search_ext', 'search_ext_s'], /ldap/i, PYTHON_SOURCE_TRIGGERS)],
  },
});
