import { child, textOf } from '../ast.js';
import { defineRule, OWASP, JS_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import { functionTypes } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { all } from '../prefilter.js';

const LOGOUT = /^(?:handle|on|do|user)?_?(?:log_?out|sign_?out)/i;
const CLEARS = /\b(?:localStorage|sessionStorage)\.(?:removeItem|clear)\s*\(|\b(?:localStorage|sessionStorage)\s*\[[^\]]+\]\s*=|document\.cookie\s*=|\bremoveCookie\s*\(|\bCookies\.remove\s*\(|\bdeleteCookie\s*\(/;
/** Anything that may tell the server: HTTP clients, SDK sign-out calls, a navigation to a logout endpoint, form submission. */
const SERVER = /\b(?:fetch|axios|ky|got|request|ajax|\$http|http|api|client|mutate|mutation|useMutation|submit|sendBeacon|revoke\w*|signOut|logout|logOut|signout|invalidate\w*|supabase|firebase|auth0|Auth|keycloak|msal|oidc)\b\s*[.(]|['"`][^'"`]*\/(?:api\/)?(?:auth\/)?(?:logout|signout|sign-out|log-out|session)\b/i;

function nameOf(ctx: RuleContext, fn: SyntaxNode): string {
  const own = child(fn, 'name');
  if (own) return textOf(ctx.text, own);
  const parent = fn.parent;
  if (parent?.type === 'variable_declarator' || parent?.type === 'pair' || parent?.type === 'public_field_definition') {
    const n = child(parent, 'name') ?? child(parent, 'key') ?? child(parent, 'property');
    return n ? textOf(ctx.text, n) : '';
  }
  if (parent?.type === 'assignment_expression') return textOf(ctx.text, child(parent, 'left') ?? parent).split('.').at(-1) ?? '';
  return '';
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const fn of ctx.nodes.of(...functionTypes(ctx.language))) {
    const name = nameOf(ctx, fn);
    if (!LOGOUT.test(name)) continue;
    const body = child(fn, 'body');
    if (!body) continue;
    const text = textOf(ctx.text, body);
    if (!CLEARS.test(text) || SERVER.test(text)) continue;
    out.push({ node: fn, detail: `\`${name}\` clears client-side storage but sends nothing to the server, so the session stays valid there.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'client-logout-only',
  title: 'Logout only clears client-side state',
  severity: 'MEDIUM',
  confidence: 0.4,
  taintConfidence: 0.5,
  cwe: 'CWE-613',
  owasp: OWASP.authentication,
  languages: JS_LANGUAGES,
  description: 'A logout handler removes the token or session from `localStorage`/`sessionStorage`/cookies in the browser but makes no request to the server, so a copied token or session id remains valid until it expires.',
  remediation: 'Call a server logout endpoint that revokes the session or refresh token (and clears the HttpOnly cookie) before clearing client state; keep access tokens short-lived.',
  docs: {
    summary: 'Functions named like `logout`/`signOut`/`handleLogout` whose body clears web storage or cookies and contains no HTTP call (`fetch`, `axios`, API client), SDK sign-out, form submission or navigation to a logout URL. Heuristic, hence the modest confidence.',
    examples: [
      {
        language: 'tsx',
        bad: "export function LogoutButton() {\n  const handleLogout = () => {\n    localStorage.removeItem('token');\n    navigate('/login');\n  };\n  return <button onClick={handleLogout}>Log out</button>;\n}",
        good: "export function LogoutButton() {\n  const handleLogout = async () => {\n    await fetch('/api/logout', { method: 'POST', credentials: 'include' });\n    localStorage.removeItem('token');\n    navigate('/login');\n  };\n  return <button onClick={handleLogout}>Log out</button>;\n}",
      },
    ],
  },
  match,
  triggers: [all(/log_?out|sign_?out/i, ['localStorage', 'sessionStorage', 'cookie', 'removeCookie', 'Cookies', 'deleteCookie'])],
});
