import { child, textOf, unwrap } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { describeSource, flowOf, JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../helpers.js';

/** The server-side session: Flask `session` / `flask.session`, Django `request.session`, Express `req.session`. */
const PY_SESSION = /^(?:flask\.)?session$|^(?:self\.)?request\.session$/;
const JS_SESSION = /^(?:req|request|ctx)\.session$/;

/** `session['role'] = value`, `req.session.role = value`: the session object the assignment writes into. */
function sessionWrite(ctx: RuleContext, left: SyntaxNodeLike): boolean {
  const l = unwrap(left, ctx.profile);
  const object = child(l, 'value') ?? child(l, 'object');
  if (!object || !['subscript', 'subscript_expression', 'member_expression', 'attribute'].includes(l.type)) return false;
  const name = textOf(ctx.text, object).replace(/\s+/g, '');
  if (ctx.language === 'python') return PY_SESSION.test(name) && (name !== 'session' || /\bfrom\s+flask\s+import\b[^\n]*\bsession\b/.test(ctx.text));
  return JS_SESSION.test(name);
}

type SyntaxNodeLike = Parameters<typeof unwrap>[0];

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const assign of ctx.nodes.of('assignment', 'assignment_expression')) {
    const left = child(assign, 'left');
    const right = child(assign, 'right');
    if (!left || !right || !sessionWrite(ctx, left)) continue;
    const taint = flowOf(ctx, right, { kind: 'session' });
    if (taint) out.push({ node: assign, taint, detail: `Request data from ${describeSource(ctx, taint)} is stored in the session, where later code trusts it as server state.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'trust-boundary-violation',
  title: 'Request data stored in the session',
  severity: 'LOW',
  confidence: 0.5,
  taintConfidence: 0.6,
  cwe: 'CWE-501',
  owasp: OWASP.design,
  languages: JS_AND_PYTHON,
  description: 'A value from the request is written into the server-side session. Code that reads the session usually treats its entries as set by the application (a user id, a role, a validated flag), so unvalidated input there crosses a trust boundary.',
  remediation: 'Store only values the application derived or validated itself (look the user up, check the value against an allow-list or a strict pattern) and keep request data apart from session state.',
  docs: {
    summary: 'Flask `session[…] = …` (imported from flask), Django `request.session[…] = …` and Express/Koa `req.session.x = …` whose value carries request data. LOW: a finding to review, not an injection.',
    examples: [
      {
        language: 'python',
        bad: "from flask import request, session\n\n@app.route('/prefs', methods=['POST'])\ndef prefs():\n    session['role'] = request.form.get('role')\n    return 'saved'",
        good: "from flask import request, session\n\n@app.route('/prefs', methods=['POST'])\ndef prefs():\n    theme = request.form.get('theme')\n    session['theme'] = theme if theme in ('light', 'dark') else 'light'\n    return 'saved'",
      },
      {
        language: 'javascript',
        bad: "app.post('/login', (req, res) => {\n  req.session.userId = req.body.userId;\n  res.redirect('/');\n});",
        good: "app.post('/login', async (req, res) => {\n  const user = await users.verify(req.body.name, req.body.password);\n  req.session.userId = user.id;\n  res.redirect('/');\n});",
      },
    ],
  },
  match,
  triggers: {
    js: [all('session', JS_SERVER_SOURCE_TRIGGERS)],
    python: [all('session', PYTHON_SOURCE_TRIGGERS)],
  },
});
