import { child, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { literal } from '../prefilter.js';
import { isFalseLiteral, stringLiteral } from '../helpers.js';

const JS_FLAGS = new Set(['httpOnly', 'secure']);
const PY_SETTINGS = /^(?:SESSION_COOKIE_SECURE|SESSION_COOKIE_HTTPONLY|CSRF_COOKIE_SECURE|CSRF_COOKIE_HTTPONLY|REMEMBER_COOKIE_SECURE|REMEMBER_COOKIE_HTTPONLY)$/;

/** Whether an options object configures a cookie: argument of `res.cookie(...)`, `session(...)`, `cookieSession(...)` or the value of a `cookie:` property. */
function isCookieOptions(ctx: RuleContext, object: SyntaxNode): boolean {
  const parent = object.parent;
  if (!parent) return false;
  if (parent.type === 'pair') {
    const key = child(parent, 'key');
    return !!key && /^['"]?cookie['"]?$/i.test(textOf(ctx.text, key));
  }
  if (parent.type === 'arguments') {
    const call = parent.parent;
    const fn = call ? child(call, 'function') : undefined;
    return !!fn && /(?:^|\.)(?:cookie|session|cookieSession|setCookie|serialize)$/.test(textOf(ctx.text, fn));
  }
  return false;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  if (ctx.language === 'python') {
    for (const call of ctx.calls) {
      if (call.method !== 'set_cookie' && call.method !== 'set_signed_cookie') continue;
      for (const flag of ['secure', 'httponly']) if (isFalseLiteral(ctx, call.kwargs.get(flag))) out.push({ node: call.node, detail: `The cookie is set with \`${flag}=False\`.` });
    }
    for (const assign of ctx.nodes.of('assignment')) {
      const left = child(assign, 'left');
      const right = child(assign, 'right');
      if (!left || !right || !isFalseLiteral(ctx, right)) continue;
      const name = left.type === 'identifier' ? textOf(ctx.text, left) : stringLiteral(ctx, child(left, 'subscript'));
      if (name && PY_SETTINGS.test(name)) out.push({ node: assign, detail: `\`${name} = False\`.` });
    }
    return out;
  }
  for (const pair of ctx.nodes.of('pair')) {
    const key = child(pair, 'key');
    const value = child(pair, 'value');
    if (!key || !value || !pair.parent) continue;
    const name = key.type === 'property_identifier' ? textOf(ctx.text, key) : stringLiteral(ctx, key);
    if (!name || !JS_FLAGS.has(name) || !isFalseLiteral(ctx, value)) continue;
    if (name === 'httpOnly' || isCookieOptions(ctx, pair.parent)) out.push({ node: pair, detail: `The cookie options set \`${name}: false\`.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'insecure-cookie',
  title: 'Cookie without HttpOnly or Secure',
  severity: 'MEDIUM',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-614',
  owasp: OWASP.misconfiguration,
  languages: JS_AND_PYTHON,
  description: 'A cookie (often the session cookie) is explicitly configured without `HttpOnly` (readable by any injected script) or without `Secure` (sent over plain HTTP).',
  remediation: 'Set `httpOnly: true` and `secure: true` (plus `sameSite`) on session and authentication cookies; in Django/Flask set `SESSION_COOKIE_SECURE = True` and `SESSION_COOKIE_HTTPONLY = True`.',
  docs: {
    summary:
      'Cookie options with `httpOnly: false`, or `secure: false` in `res.cookie(...)`, `express-session`/`cookie-session` options and `cookie: {…}` blocks; Python `set_cookie(..., secure=False | httponly=False)` and `SESSION_COOKIE_SECURE`/`…_HTTPONLY`/`CSRF_COOKIE_SECURE = False` settings.',
    examples: [
      {
        language: 'javascript',
        bad: "app.use(session({\n  secret: process.env.SESSION_SECRET,\n  cookie: { httpOnly: false, secure: false },\n}));",
        good: "app.use(session({\n  secret: process.env.SESSION_SECRET,\n  cookie: { httpOnly: true, secure: true, sameSite: 'lax' },\n}));",
      },
      {
        language: 'python',
        bad: "SESSION_COOKIE_SECURE = False\nSESSION_COOKIE_HTTPONLY = True",
        good: "SESSION_COOKIE_SECURE = True\nSESSION_COOKIE_HTTPONLY = True",
      },
    ],
  },
  match,
  triggers: {
    js: ['httpOnly', 'secure'],
    python: ['set_cookie', 'set_signed_cookie', literal(['SESSION_COOKIE_SECURE', 'SESSION_COOKIE_HTTPONLY', 'CSRF_COOKIE_SECURE', 'CSRF_COOKIE_HTTPONLY', 'REMEMBER_COOKIE_SECURE', 'REMEMBER_COOKIE_HTTPONLY'])],
  },
});
