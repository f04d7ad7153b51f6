import { textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, PHP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { guardedBefore } from '../function-model/guards.js';
import { hasFixedOrigin, leadingText, sink } from '../helpers.js';

const SANITISERS = new Set(['urlencode', 'rawurlencode', 'http_build_query']);

const HEADER_PREFIX = /^\s*(?:location\s*:|refresh\s*:\s*\d+\s*;\s*url=)\s*/i;
const GUARD = /in_array\s*\(|preg_match\s*\(|parse_url\s*\(|strpos\s*\(|str_starts_with\s*\(|wp_validate_redirect|allowed|whitelist|allowlist/i;
const REDIRECT_FUNCTIONS = new Set(['redirect', 'wp_redirect']);

/** The redirect target of a call, with the text prefix to skip before the URL, or undefined. */
function target(ctx: RuleContext, call: QualifiedCall): { value: SyntaxNode | undefined; prefix?: RegExp } | undefined {
  const name = call.name.toLowerCase();
  if (!call.receiver && !call.isNew) {
    if (name === 'header' && HEADER_PREFIX.test(leadingText(ctx, call.args[0]))) return { value: call.args[0], prefix: HEADER_PREFIX };
    if (REDIRECT_FUNCTIONS.has(name)) return { value: call.args[0] };
    return undefined;
  }
  if (call.isNew) return /(?:^|\\)RedirectResponse$/.test(call.name) ? { value: call.args[0] } : undefined;
  const receiver = call.receiver ? textOf(ctx.text, call.receiver) : '';
  // Laravel redirect()->to()/away(), Redirect::to()/away(); Symfony/CakePHP $this->redirect().
  if ((call.method === 'to' || call.method === 'away') && /^(?:redirect\(\)|\\?Redirect)$/.test(receiver)) return { value: call.args[0] };
  if (call.method === 'redirect' && receiver === '$this') return { value: call.args[0] };
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const t = target(ctx, call);
    if (!t?.value || hasFixedOrigin(ctx, t.value, t.prefix) || guardedBefore(ctx, call.node, t.value, GUARD)) continue;
    const m = sink(ctx, call, t.value, { pattern: false, what: `the redirect target of \`${textOf(ctx.text, call.callee)}\``, kind: 'url', sanitisers: SANITISERS });
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'php-open-redirect',
  title: 'PHP redirect to a URL from untrusted data',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-601',
  owasp: OWASP.accessControl,
  languages: PHP,
  description: 'The application redirects to a location taken from the request (`header("Location: …")`, framework redirects), so links on its trusted domain can send users to phishing sites.',
  remediation: 'Redirect only to relative paths you validate (a single leading `/`, not `//`) or to hosts on an allow-list (`parse_url` + `in_array`); in WordPress use `wp_safe_redirect`; otherwise fall back to a fixed page.',
  docs: {
    summary:
      '`header("Location: …")` and `Refresh: …; url=` headers, Laravel `redirect($url)`/`redirect()->to()`/`away()`/`Redirect::to()`, Symfony `new RedirectResponse()` and `$this->redirect()`, CodeIgniter `redirect()`, WordPress `wp_redirect()` whose target comes from request data. A constant prefix fixing a local path or origin, and `in_array`/`preg_match`/`parse_url` checks stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$next = $_GET['next'];\nheader('Location: ' . $next);\nexit;",
        good: "<?php\n$next = $_GET['next'];\nheader('Location: /account.php?tab=' . urlencode($next));\nexit;",
      },
    ],
  },
  match,
  triggers: [anyCase(['header', ...REDIRECT_FUNCTIONS, 'RedirectResponse'])],
});
