import { child, textOf } from '../ast.js';
import { all } from '../prefilter.js';
import { OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { OPEN_REDIRECT_SINKS } from '../taint-sinks.js';
import { describeSource, flowOf, hasFixedOrigin, JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../helpers.js';

/** `location = …`, `window.location.href = …`: an assignment, not a call, so not a sink row. */
function locationAssignments(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (ctx.language === 'python') return out;
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    const value = child(assign, 'right');
    if (!left || !/^(?:window\.|document\.)?location(?:\.href)?$/.test(textOf(ctx.text, left)) || hasFixedOrigin(ctx, value)) continue;
    const taint = flowOf(ctx, value, { kind: 'url' });
    if (taint) out.push({ node: assign, taint, detail: `The redirect target comes from ${describeSource(ctx, taint)}.` });
  }
  return out;
}

export const rule = defineTaintRule(
  {
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
        'Express/Koa `res.redirect`/`ctx.redirect`, `Location` headers, `window.location` assignments and `location.assign/replace`; Flask/Django/FastAPI `redirect`, `HttpResponseRedirect`, `RedirectResponse`, when the target comes from request or URL data. Only proven flows are reported; allow-list checks stop them, as do host checks on the parsed URL (`urlparse(u).netloc in ALLOWED`, `new URL(u).hostname === …`, Django `url_has_allowed_host_and_scheme`) and a constant prefix that fixes the origin or a local path (`\'/search?q=\' + q`). Escaping for HTML does not (`html.escape` leaves a URL as it is), nor does a predicate, in this file or imported from another, that only tests whether the URL contains an allowed text (`url.includes(allowed)`).',
    },
    triggers: {
      js: [all(['redirect', /location/i], JS_SOURCE_TRIGGERS)],
      python: [all(['redirect', 'HttpResponseRedirect', 'HttpResponsePermanentRedirect', 'RedirectResponse'], PYTHON_SOURCE_TRIGGERS)],
    },
  },
  OPEN_REDIRECT_SINKS,
  locationAssignments,
);
