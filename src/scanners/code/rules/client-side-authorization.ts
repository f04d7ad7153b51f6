import { child, textOf, unwrap } from '../ast.js';
import { defineRule, OWASP, JS_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import type { SyntaxNode } from '../parser.js';
import { assignedValues, stringLiteral } from '../helpers.js';
import { all } from '../prefilter.js';

const STORAGE = /\b(?:localStorage|sessionStorage|document\.cookie|Cookies\.get|getCookie)\b/;
const PRIVILEGED = /^(?:admin|administrator|superuser|super_?admin|root|staff|moderator|owner|manager)$/i;
const FLAG = /^(?:is_?admin|is_?super_?user|is_?staff|is_?moderator|admin|is_?owner)$/i;

/** Whether an expression reads client storage, directly or through a local variable initialised from it. */
function fromStorage(ctx: RuleContext, node: SyntaxNode, depth = 0): boolean {
  const n = unwrap(node, ctx.profile);
  if (STORAGE.test(textOf(ctx.text, n))) return true;
  if (depth > 2) return false;
  if (n.type === 'identifier') {
    const def = assignedValues(ctx, n).at(-1);
    return def ? fromStorage(ctx, def, depth + 1) : false;
  }
  if (n.type === 'member_expression' || n.type === 'subscript_expression') {
    const obj = child(n, 'object');
    return obj ? fromStorage(ctx, obj, depth + 1) : false;
  }
  return false;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const bin of ctx.nodes.of('binary_expression')) {
    const left = child(bin, 'left');
    const right = child(bin, 'right');
    if (!left || !right) continue;
    const op = ctx.text.slice(left.end, right.start).trim();
    if (!['===', '==', '!==', '!='].includes(op)) continue;
    const [value, other] = stringLiteral(ctx, right) !== undefined ? [stringLiteral(ctx, right), left] : [stringLiteral(ctx, left), right];
    if (value === undefined || !PRIVILEGED.test(value) || !fromStorage(ctx, other)) continue;
    out.push({ node: bin, detail: `The \`${value}\` check reads a role the user controls in the browser.` });
  }
  for (const member of ctx.nodes.of('member_expression')) {
    const prop = child(member, 'property');
    const obj = child(member, 'object');
    if (!prop || !obj || !FLAG.test(textOf(ctx.text, prop))) continue;
    // Only reads used as conditions, not writes.
    const parent = member.parent;
    if (parent?.type === 'assignment_expression' && member.field === 'left') continue;
    if (!fromStorage(ctx, obj)) continue;
    out.push({ node: member, detail: `\`${textOf(ctx.text, prop)}\` is read from client-side storage the user can edit.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'client-side-authorization',
  title: 'Authorisation decided from client-side storage',
  severity: 'MEDIUM',
  confidence: 0.4,
  taintConfidence: 0.5,
  cwe: 'CWE-602',
  owasp: OWASP.accessControl,
  languages: JS_LANGUAGES,
  description: 'An admin or role check reads its answer from `localStorage`, `sessionStorage` or a readable cookie, values any user can edit in the browser console. If the server does not enforce the same rule, privileged features and data are open to everyone.',
  remediation: 'Enforce every authorisation decision on the server for each request; in the front end derive roles only from a server response (e.g. `/api/me`) and treat UI gating as cosmetic.',
  docs: {
    summary: 'Comparisons of values read from web storage or cookies with privileged role names (`localStorage.getItem(\'role\') === \'admin\'`), and `isAdmin`/`isStaff` flags read from storage (`JSON.parse(localStorage.getItem(\'user\')).isAdmin`). A front-end check may be backed by the server, hence the modest confidence.',
    examples: [
      {
        language: 'typescript',
        bad: "export function canSeeAdminPanel(): boolean {\n  const user = JSON.parse(localStorage.getItem('user') ?? '{}');\n  return user.isAdmin === true || localStorage.getItem('role') === 'admin';\n}",
        good: "export async function canSeeAdminPanel(): Promise<boolean> {\n  const me = await api.get<{ role: string }>('/api/me');\n  return me.role === 'admin';\n}",
      },
    ],
  },
  match,
  // Both reports need a storage read (STORAGE matches a node's text) and a privileged name: a PRIVILEGED
  // string or a FLAG property, each of which holds one of these words. STORAGE's own words come first:
  // a word is a set lookup, a pattern a scan of the text.
  triggers: [all(['localStorage', 'sessionStorage', 'cookie', 'Cookies', 'getCookie'], STORAGE, /admin|super_?user|root|staff|moderator|owner|manager/i)],
});
