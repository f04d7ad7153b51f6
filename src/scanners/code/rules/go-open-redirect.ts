import { textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, GO, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { functionHasAll, guardedBefore } from '../function-model/guards.js';
import { constantString, hasFixedOrigin, sink } from '../helpers.js';

const SANITISERS = new Set(['QueryEscape', 'PathEscape']);

const GUARD = /HasPrefix\s*\(|allowed|whitelist|allowlist|isSafe|isValid|MatchString\s*\(/i;
const HOST_CHECK = [/url\.Parse\s*\(/, /\.(?:Host|IsAbs\(\)|Scheme)\b/];

/** `w.Header().Set("Location", …)`. */
const HEADER_METHODS = new Set(['Set', 'Add']);

function target(ctx: RuleContext, call: QualifiedCall): SyntaxNode | undefined {
  if (call.name === 'http.Redirect') return call.args[2];
  const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
  if (call.method === 'Redirect' && /^(?:c|ctx)$/.test(receiver)) return call.args[1];
  if (HEADER_METHODS.has(call.method) && /\.Header\(\)$/.test(receiver) && constantString(ctx, call.args[0])?.toLowerCase() === 'location') return call.args[1];
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const value = target(ctx, call);
    if (!value || hasFixedOrigin(ctx, value) || guardedBefore(ctx, call.node, value, GUARD) || functionHasAll(ctx, call.node, HOST_CHECK)) continue;
    const m = sink(ctx, call, value, { pattern: false, what: `the redirect target of \`${call.name}\``, kind: 'url', sanitisers: SANITISERS });
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'go-open-redirect',
  title: 'Go redirect to a URL from untrusted data',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-601',
  owasp: OWASP.accessControl,
  languages: GO,
  description: 'The handler redirects to a location taken from the request (`http.Redirect`, gin/echo `c.Redirect`, a `Location` header), so links on its trusted domain can send users to phishing sites.',
  remediation: 'Redirect only to relative paths you validate (parse with `url.Parse`, require an empty `Host` and a path starting with a single `/`) or to hosts on an allow-list; otherwise fall back to a fixed page.',
  docs: {
    summary:
      '`http.Redirect(w, r, target, code)`, gin/echo `c.Redirect(code, target)` and `w.Header().Set("Location", …)` whose target comes from request data. A constant prefix fixing a local path or origin, `strings.HasPrefix`/allow-list checks and `url.Parse` host checks stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'go',
        bad: 'func loginDone(w http.ResponseWriter, r *http.Request) {\n\tnext := r.URL.Query().Get("next")\n\thttp.Redirect(w, r, next, http.StatusFound)\n}',
        good: 'func loginDone(w http.ResponseWriter, r *http.Request) {\n\tnext := r.URL.Query().Get("next")\n\thttp.Redirect(w, r, "/account?tab="+url.QueryEscape(next), http.StatusFound)\n}',
      },
    ],
  },
  match,
  triggers: ['Redirect', all('Header', [...HEADER_METHODS])],
});
