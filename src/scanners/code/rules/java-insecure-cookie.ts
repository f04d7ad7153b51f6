import { textOf } from '../ast.js';
import { enclosingFunction } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { sensitiveCookie, storedUnder } from '../function-model/purpose.js';
import { constantString, isFalseLiteral, isTrueLiteral } from '../helpers.js';

const FLAGS = new Set(['setSecure', 'setHttpOnly']);
/** Spring's cookie builder (`ResponseCookie.from(…)`), as the receiver of `.secure(false)`. */
const SPRING_COOKIE = /ResponseCookie\b/;

/** Setter calls on the variable holding a cookie, in its function. */
function setters(ctx: RuleContext, creation: QualifiedCall, holder: string): QualifiedCall[] {
  const fn = enclosingFunction(creation.node, ctx.language);
  return ctx.calls.filter((c) => c.receiver && textOf(ctx.text, c.receiver) === holder && enclosingFunction(c.node, ctx.language) === fn && c.node.start > creation.node.start);
}

function cookieMatches(ctx: RuleContext, creation: QualifiedCall): Match[] {
  const out: Match[] = [];
  const holder = storedUnder(ctx, creation.node).variable;
  const calls = holder ? setters(ctx, creation, textOf(ctx.text, holder)) : [];
  const flag = (name: string) => calls.filter((c) => c.method === name);
  for (const c of calls) if (FLAGS.has(c.method) && isFalseLiteral(ctx, c.args[0])) out.push({ node: c.node, detail: `The cookie is created with \`${c.method}(false)\`.` });
  if (out.length > 0) return out;
  // A cookie being deleted (max age 0, empty value) carries nothing.
  const deleted = flag('setMaxAge').some((c) => textOf(ctx.text, c.args[0] ?? c.node) === '0') || /^(?:""|null)$/.test(textOf(ctx.text, creation.args[1] ?? creation.node));
  if (deleted) return out;
  const names = [constantString(ctx, creation.args[0]) ?? textOf(ctx.text, creation.args[0] ?? creation.node), holder ? textOf(ctx.text, holder) : ''];
  const sensitive = sensitiveCookie(names);
  if (flag('setSecure').length === 0) out.push({ node: creation.node, severity: sensitive ? 'MEDIUM' : 'LOW', confidence: sensitive ? 0.6 : 0.5, detail: 'The cookie is added without `setSecure(true)`, so it is also sent over plain HTTP.' });
  else if (sensitive && !flag('setHttpOnly').some((c) => !isFalseLiteral(ctx, c.args[0]) || isTrueLiteral(ctx, c.args[0]))) out.push({ node: creation.node, confidence: 0.6, detail: 'A session or credential cookie is added without `setHttpOnly(true)`, so injected script can read it.' });
  return out;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.isNew && /^(?:javax\.servlet\.http\.|jakarta\.servlet\.http\.)?Cookie$/.test(call.name) && call.args.length === 2) out.push(...cookieMatches(ctx, call));
    // Spring ResponseCookie.from(…).secure(false) / .httpOnly(false).
    else if ((call.method === 'secure' || call.method === 'httpOnly') && call.receiver && SPRING_COOKIE.test(textOf(ctx.text, call.receiver)) && isFalseLiteral(ctx, call.args[0])) {
      out.push({ node: call.node, detail: `The cookie is built with \`${call.method}(false)\`.` });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'java-insecure-cookie',
  title: 'Java cookie without Secure or HttpOnly',
  severity: 'MEDIUM',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-614',
  owasp: OWASP.misconfiguration,
  languages: JAVA,
  description: 'A servlet or Spring cookie is created with `setSecure(false)`/`setHttpOnly(false)`, or added without `setSecure(true)`, so it travels over plain HTTP; a session or credential cookie without `setHttpOnly(true)` is readable by injected script.',
  remediation: 'Call `cookie.setSecure(true)` and `cookie.setHttpOnly(true)` (Spring `ResponseCookie…secure(true).httpOnly(true).sameSite("Lax")`) before `addCookie`, or set `server.servlet.session.cookie.secure/http-only` for the session cookie.',
  docs: {
    summary:
      '`new Cookie(name, value)` followed by `setSecure(false)`/`setHttpOnly(false)` (MEDIUM), without any `setSecure` call (LOW; MEDIUM for session, token or remember-me cookies), or a session/credential cookie without `setHttpOnly(true)` (MEDIUM); Spring `ResponseCookie` builders with `secure(false)`/`httpOnly(false)`. Cookies being deleted (`setMaxAge(0)`, empty value) are not reported.',
    examples: [
      {
        language: 'java',
        bad: 'class Login {\n  void remember(HttpServletResponse response, String token) {\n    Cookie cookie = new Cookie("remember_token", token);\n    cookie.setSecure(false);\n    cookie.setHttpOnly(true);\n    response.addCookie(cookie);\n  }\n}',
        good: 'class Login {\n  void remember(HttpServletResponse response, String token) {\n    Cookie cookie = new Cookie("remember_token", token);\n    cookie.setSecure(true);\n    cookie.setHttpOnly(true);\n    response.addCookie(cookie);\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['Cookie', SPRING_COOKIE],
});
