import { child, textOf, unwrap } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, hasFixedOrigin, stringArg } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

const PY_REDIRECTS = new Set(['flask.redirect', 'redirect', 'django.shortcuts.redirect', 'django.http.HttpResponseRedirect', 'HttpResponseRedirect', 'django.http.HttpResponsePermanentRedirect', 'fastapi.responses.RedirectResponse', 'starlette.responses.RedirectResponse', 'RedirectResponse']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const report = (node: Match['node'], value: Match['node'] | undefined) => {
    if (hasFixedOrigin(ctx, value)) return;
    const taint = ctx.taint.taintOf(value, 'url');
    if (taint) out.push({ node, taint, detail: `The redirect target comes from ${ctx.taint.describe(taint)}.` });
  };
  if (ctx.language === 'python') {
    for (const call of ctx.calls) if (PY_REDIRECTS.has(call.qualified)) report(call.node, argument(call, 0, 'location') ?? argument(call, 0, 'url') ?? argument(call, 0, 'redirect_to'));
    return out;
  }
  for (const call of ctx.calls) {
    if (!call.receiver) continue;
    const receiver = textOf(ctx.text, unwrap(call.receiver));
    if (call.method === 'redirect' && /^(?:res|response|reply|ctx)$/.test(receiver)) report(call.node, call.args.at(-1));
    else if ((call.method === 'setHeader' || call.method === 'header' || call.method === 'set') && /^(?:res|response|reply|ctx)$/.test(receiver) && stringArg(ctx, call.args[0])?.toLowerCase() === 'location') report(call.node, call.args[1]);
    else if ((call.method === 'assign' || call.method === 'replace') && /^(?:window\.)?location$/.test(receiver)) report(call.node, call.args[0]);
  }
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    if (left && /^(?:window\.|document\.)?location(?:\.href)?$/.test(textOf(ctx.text, left))) report(assign, child(assign, 'right'));
  }
  return out;
}

export const rule = defineRule({
  id: 'open-redirect',
  title: 'Redirect to a URL from untrusted data',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-601',
  owasp: OWASP.accessControl,
  languages: JS_AND_PYTHON,
  description: 'The application redirects to a location taken from the request, so links on its trusted domain can send users to phishing sites.',
  remediation: 'Redirect only to relative paths you validate (starts with a single `/`, not `//`) or to URLs on an allow-list of hosts; otherwise fall back to a fixed page.',
  docs: {
    summary:
      'Express/Koa `res.redirect`/`ctx.redirect`, `Location` headers, `window.location` assignments and `location.assign/replace`; Flask/Django/FastAPI `redirect`, `HttpResponseRedirect`, `RedirectResponse`, when the target comes from request or URL data. Only proven flows are reported; allow-list checks stop them, as do host checks on the parsed URL (`urlparse(u).netloc in ALLOWED`, `new URL(u).hostname === …`, Django `url_has_allowed_host_and_scheme`) and a constant prefix that fixes the origin or a local path (`\'/search?q=\' + q`). Escaping for HTML does not (`html.escape` leaves a URL as it is).',
    examples: [
      {
        language: 'javascript',
        bad: "app.get('/login/done', (req, res) => {\n  res.redirect(req.query.next);\n});",
        good: "const ALLOWED = ['/home', '/account'];\napp.get('/login/done', (req, res) => {\n  const next = req.query.next;\n  if (!ALLOWED.includes(next)) return res.redirect('/home');\n  res.redirect(next);\n});",
      },
      {
        language: 'python',
        bad: "@app.route('/login/done')\ndef done():\n    return redirect(request.args.get('next'))",
        good: "@app.route('/login/done')\ndef done():\n    target = request.args.get('next', '')\n    if target not in ALLOWED_TARGETS:\n        return redirect('/home')\n    return redirect(target)",
      },
    ],
  },
  match,
  triggers: {
    js: [all(['redirect', /location/i], JS_SOURCE_TRIGGERS)],
    python: [all(['redirect', 'HttpResponseRedirect', 'HttpResponsePermanentRedirect', 'RedirectResponse'], PYTHON_SOURCE_TRIGGERS)],
  },
});
