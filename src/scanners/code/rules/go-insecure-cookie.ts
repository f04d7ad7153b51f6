import { child, enclosingFunction, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';
import { sensitiveCookie, storedUnder } from '../function-model/purpose.js';
import { constantString, isFalseLiteral, strip } from '../helpers.js';

/** gorilla/sessions, fiber and echo session option types: reported for explicit false flags only. */
const SESSION_OPTION_TYPES = ['Options', 'CookieConfig', 'SessionConfig', 'CookieStore'];
const SESSION_OPTIONS = new RegExp(`(?:^|\\.)(?:${SESSION_OPTION_TYPES.join('|')})$`);

/** Keyed fields of a composite literal (`http.Cookie{Name: …, Secure: true}`). */
function fields(ctx: RuleContext, literal: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const el of namedChildren(child(literal, 'body') ?? literal)) {
    if (el.type !== 'keyed_element') continue;
    const [key, value] = namedChildren(el);
    if (key && value) out.set(textOf(ctx.text, strip(key)), value);
  }
  return out;
}

/** `c.Secure = true` style assignments to the variable holding the cookie, later in its function. */
function assignedFlags(ctx: RuleContext, literal: SyntaxNode): Set<string> {
  const holder = storedUnder(ctx, literal.parent?.type === 'unary_expression' ? literal.parent : literal).variable;
  const flags = new Set<string>();
  if (!holder) return flags;
  const fn = enclosingFunction(literal, ctx.language);
  for (const a of ctx.nodes.of('assignment_statement')) {
    const m = new RegExp(`^${textOf(ctx.text, holder)}\\.(Secure|HttpOnly)\\s*=\\s*(\\w+)$`).exec(textOf(ctx.text, a).replace(/\s+/g, ' '));
    if (m?.[1] && enclosingFunction(a, ctx.language) === fn && a.start > literal.start) flags.add(m[2] === 'false' ? `!${m[1]}` : m[1]);
  }
  return flags;
}

function cookieMatches(ctx: RuleContext, literal: SyntaxNode): Match[] {
  const f = fields(ctx, literal);
  const explicit = ['Secure', 'HttpOnly'].filter((k) => isFalseLiteral(ctx, f.get(k)));
  if (explicit.length > 0) return [{ node: literal, detail: `The cookie sets ${explicit.map((k) => `\`${k}: false\``).join(' and ')}.` }];
  const later = assignedFlags(ctx, literal);
  if (later.has('!Secure') || later.has('!HttpOnly')) return [{ node: literal, detail: 'The cookie flags are set to false after it is built.' }];
  // Deleting a cookie (MaxAge < 0, empty value) carries nothing.
  if (/^-/.test(textOf(ctx.text, f.get('MaxAge') ?? literal)) || textOf(ctx.text, f.get('Value') ?? literal) === '""' || /^time\.Unix\(\s*0\s*,\s*0\s*\)$/.test(textOf(ctx.text, f.get('Expires') ?? literal))) return [];
  const name = f.get('Name');
  const sensitive = sensitiveCookie([name ? (constantString(ctx, name) ?? textOf(ctx.text, name)) : '']);
  if (!f.has('Secure') && !later.has('Secure')) return [{ node: literal, severity: sensitive ? 'MEDIUM' : 'LOW', confidence: sensitive ? 0.6 : 0.5, detail: 'The cookie is built without `Secure: true`, so it is also sent over plain HTTP.' }];
  if (sensitive && !f.has('HttpOnly') && !later.has('HttpOnly')) return [{ node: literal, confidence: 0.6, detail: 'A session or credential cookie is built without `HttpOnly: true`, so injected script can read it.' }];
  return [];
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const literal of ctx.nodes.of('composite_literal')) {
    const type = textOf(ctx.text, child(literal, 'type') ?? literal);
    if (type === 'http.Cookie') out.push(...cookieMatches(ctx, literal));
    else if (SESSION_OPTIONS.test(type)) {
      // gorilla/sessions Options, fiber/echo session configs: only explicit false flags.
      const f = fields(ctx, literal);
      const explicit = ['Secure', 'HttpOnly', 'CookieSecure', 'CookieHTTPOnly'].filter((k) => isFalseLiteral(ctx, f.get(k)));
      if (explicit.length > 0) out.push({ node: literal, detail: `The session cookie options set ${explicit.map((k) => `\`${k}: false\``).join(' and ')}.` });
    }
  }
  // gin: c.SetCookie(name, value, maxAge, path, domain, secure, httpOnly).
  for (const call of ctx.calls) {
    if (call.method !== 'SetCookie' || call.args.length !== 7 || !call.receiver || !/^(?:c|ctx)$/.test(textOf(ctx.text, call.receiver))) continue;
    const flags: [string, SyntaxNode | undefined][] = [['secure', call.args[5]], ['httpOnly', call.args[6]]];
    const explicit = flags.filter(([, v]) => isFalseLiteral(ctx, v)).map(([k]) => k);
    if (explicit.length > 0) out.push({ node: call.node, detail: `\`SetCookie\` is called with ${explicit.map((k) => `\`${k}\` false`).join(' and ')}.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'go-insecure-cookie',
  title: 'Go cookie without Secure or HttpOnly',
  severity: 'MEDIUM',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-614',
  owasp: OWASP.misconfiguration,
  languages: GO,
  description: 'An `http.Cookie`, gin `SetCookie` or session store is configured with `Secure`/`HttpOnly` false, or a cookie is built without `Secure: true`, so it travels over plain HTTP; a session or credential cookie without `HttpOnly` is readable by injected script.',
  remediation: 'Build cookies with `Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode` (gin: `c.SetCookie(…, true, true)`; gorilla `sessions.Options{Secure: true, HttpOnly: true}`).',
  docs: {
    summary:
      '`http.Cookie{…}` literals with `Secure: false`/`HttpOnly: false` (or set false afterwards; MEDIUM), without `Secure` (LOW; MEDIUM for session or token cookies), or a session/token cookie without `HttpOnly` (MEDIUM); gin `c.SetCookie` with a false `secure`/`httpOnly` argument and session `Options` literals with false flags. Cookies being deleted (`MaxAge: -1`, `Expires: time.Unix(0, 0)`, empty value) are not reported.',
    examples: [
      {
        language: 'go',
        bad: 'func login(w http.ResponseWriter, token string) {\n\thttp.SetCookie(w, &http.Cookie{Name: "session", Value: token, Path: "/", HttpOnly: false})\n}',
        good: 'func login(w http.ResponseWriter, token string) {\n\thttp.SetCookie(w, &http.Cookie{Name: "session", Value: token, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})\n}',
      },
    ],
  },
  match,
  triggers: ['Cookie', ...SESSION_OPTION_TYPES, 'SetCookie'],
});
