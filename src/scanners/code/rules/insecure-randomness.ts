import { assignedName, child, enclosingFunction, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { nameWords } from '../helpers.js';

const PY_RANDOM = new Set(['random.random', 'random.randint', 'random.randrange', 'random.choice', 'random.choices', 'random.getrandbits', 'random.sample', 'random.uniform']);
/** Words naming values that must be unguessable: secrets (MEDIUM) and identifiers or codes (LOW, they may be harmless). */
const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'secret', 'token', 'nonce', 'salt', 'otp', 'csrf', 'xsrf', 'session', 'key', 'apikey', 'auth', 'reset', 'credential', 'passphrase', 'signature']);
const ID_WORDS = new Set(['id', 'uuid', 'guid', 'sid', 'code', 'invite', 'verification', 'verify', 'pin', 'coupon', 'voucher']);

/** The name the random value ends up in: a variable, a property, or the function returning it. */
function purpose(ctx: RuleContext, node: SyntaxNode): string | undefined {
  const assigned = assignedName(ctx.text, node, ctx.profile);
  if (assigned) return assigned;
  const fn = enclosingFunction(node, ctx.language);
  if (!fn) return undefined;
  const name = child(fn, 'name');
  if (name) return textOf(ctx.text, name);
  const holder = fn.parent?.type === 'variable_declarator' ? child(fn.parent, 'name') : fn.parent?.type === 'pair' ? child(fn.parent, 'key') : undefined;
  return holder ? textOf(ctx.text, holder) : undefined;
}

/**
 * Whether the variable holding the random value is later, in the same function, stored as a
 * cookie value (`set_cookie(name, value)`, `res.cookie(name, value)`) or into a session
 * (`session[key] = value`, `req.session.token = value`): then it is a credential whatever its name.
 */
function storedAsCredential(ctx: RuleContext, call: SyntaxNode, name: string): string | undefined {
  const fn = enclosingFunction(call, ctx.language);
  const after = ctx.text.slice(call.end, fn ? fn.end : ctx.text.length);
  const v = name.replace(/\$/g, '\\$');
  if (new RegExp(`\\b(?:set_cookie|cookie|setCookie)\\s*\\(\\s*[^,()]+,\\s*${v}\\b`).test(after)) return 'as a cookie value';
  if (new RegExp(`\\b\\w*session\\w*(?:\\s*\\[[^\\]]{1,80}\\]|\\.\\w+)\\s*=\\s*${v}\\b`, 'i').test(after)) return 'in the session';
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const weak = ctx.language === 'python' ? PY_RANDOM.has(call.qualified) : call.name === 'Math.random';
    if (!weak) continue;
    const name = purpose(ctx, call.node);
    if (!name) continue;
    const words = nameWords(name);
    const stored = /^[A-Za-z_$][\w$]*$/.test(name) ? storedAsCredential(ctx, call.node, name) : undefined;
    const secret = words.some((w) => SECRET_WORDS.has(w)) || stored !== undefined;
    if (!secret && !words.some((w) => ID_WORDS.has(w))) continue;
    if (stored) {
      out.push({ node: call.node, detail: `\`${call.name}\` produces \`${name}\`, which is then stored ${stored}: a value an attacker can predict then identifies the user.` });
      continue;
    }
    out.push({ node: call.node, ...(secret ? {} : { severity: 'LOW' as const, confidence: 0.4 }), detail: `\`${call.name}\` produces the value of \`${name.length > 40 ? `${name.slice(0, 37)}...` : name}\`, which should be unpredictable.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'insecure-randomness',
  title: 'Predictable random value used as a secret or identifier',
  severity: 'MEDIUM',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-338',
  owasp: OWASP.cryptography,
  languages: JS_AND_PYTHON,
  description: 'A token, password, code or identifier is generated with a non-cryptographic generator (`Math.random`, Python `random`), whose output can be predicted from a few observed values.',
  remediation: 'Use a cryptographically secure generator: `crypto.randomBytes`, `crypto.randomUUID`, `crypto.getRandomValues`; Python `secrets.token_urlsafe`, `secrets.choice`, `uuid.uuid4`.',
  docs: {
    summary:
      '`Math.random()` and Python `random.*` when the value lands in a variable, property or function named like a token, password, secret, key, nonce, salt, OTP, CSRF value or session (MEDIUM, 0.6), or like an id, code, PIN or coupon (LOW, 0.4), and, whatever its name, when the variable is then stored as a cookie value or in the session (MEDIUM). Random numbers for anything else (animations, sampling, jitter) are not reported.',
    examples: [
      {
        language: 'javascript',
        bad: 'function createResetToken() {\n  return Math.random().toString(36).slice(2);\n}',
        good: "const crypto = require('crypto');\nfunction createResetToken() {\n  return crypto.randomBytes(32).toString('hex');\n}",
      },
      {
        language: 'python',
        bad: "import random, string\n\ndef new_api_key():\n    return ''.join(random.choice(string.ascii_letters) for _ in range(32))",
        good: "import secrets\n\ndef new_api_key():\n    return secrets.token_urlsafe(32)",
      },
    ],
  },
  match,
  triggers: {
    js: [all('Math', 'random')],
    python: ['random'],
  },
});
