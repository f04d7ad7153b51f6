import { child, textOf } from '../ast.js';
import { defineRule, OWASP, JS_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import { stringLiteral } from '../helpers.js';

const SENSITIVE = /token|jwt|auth|session|secret|passw|credential|api_?key|bearer|refresh/i;
const STORAGE = /^(?:window\.)?(?:localStorage|sessionStorage)$/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.method !== 'setItem' || !call.receiver || !STORAGE.test(textOf(ctx.text, call.receiver))) continue;
    const key = call.args[0];
    const value = call.args[1];
    const keyText = key ? (stringLiteral(ctx, key) ?? textOf(ctx.text, key)) : '';
    if (SENSITIVE.test(keyText) || (value && SENSITIVE.test(textOf(ctx.text, value)) && !/JSON\.stringify\(\s*\{/.test(textOf(ctx.text, value)))) {
      out.push({ node: call.node, detail: `A credential is stored under \`${keyText.slice(0, 40)}\` in web storage.` });
    }
  }
  for (const assign of ctx.nodes.of('assignment_expression')) {
    const left = child(assign, 'left');
    if (!left) continue;
    const l = textOf(ctx.text, left);
    const m = /^(?:window\.)?(?:localStorage|sessionStorage)(?:\.(\w+)|\[\s*['"`]([^'"`]+)['"`]\s*\])$/.exec(l);
    const name = m?.[1] ?? m?.[2];
    if (name && SENSITIVE.test(name)) out.push({ node: assign, detail: `A credential is stored under \`${name}\` in web storage.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'token-in-local-storage',
  title: 'Authentication token stored in web storage',
  severity: 'LOW',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-922',
  owasp: OWASP.authentication,
  languages: JS_LANGUAGES,
  description: 'A session token, JWT or other credential is kept in `localStorage`/`sessionStorage`, where any script running on the page (one XSS, one compromised dependency) can read and exfiltrate it.',
  remediation: 'Keep session credentials in `HttpOnly; Secure; SameSite` cookies set by the server, or in memory only, and keep web storage for non-sensitive data.',
  docs: {
    summary: '`localStorage`/`sessionStorage` `setItem` calls and property writes whose key (or stored value) is named like a token, JWT, session, secret, password or API key.',
    examples: [
      {
        language: 'typescript',
        bad: "export async function login(credentials: Credentials): Promise<void> {\n  const { accessToken } = await api.post('/login', credentials);\n  localStorage.setItem('access_token', accessToken);\n}",
        good: "export async function login(credentials: Credentials): Promise<void> {\n  // The server answers with an HttpOnly session cookie.\n  await api.post('/login', credentials);\n  localStorage.setItem('last_login', new Date().toISOString());\n}",
      },
    ],
  },
  match,
  triggers: ['localStorage', 'sessionStorage'],
});
