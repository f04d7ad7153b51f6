import { assignedName, enclosingFunction, child, namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { mentionsPassword, stringLiteral } from '../helpers.js';

const WEAK = /^(?:md[245]|sha-?1|ripemd(?:160)?)$/i;
const PY_WEAK = new Set(['hashlib.md5', 'hashlib.sha1', 'hashlib.md4', 'Crypto.Hash.MD5.new', 'Crypto.Hash.SHA1.new']);

/** Whether the hash is about a password: its input, the variable it lands in or the function around it says so. */
function aboutPasswords(ctx: RuleContext, node: SyntaxNode, input: SyntaxNode | undefined): boolean {
  if (input && mentionsPassword(textOf(ctx.text, input))) return true;
  // crypto.createHash('md5').update(password).digest('hex'): look up the chain.
  for (let p = node.parent, i = 0; p && i < 6; p = p.parent, i++) {
    if (p.type === 'call_expression' || p.type === 'call') {
      const args = child(p, 'arguments');
      if (args && mentionsPassword(textOf(ctx.text, args))) return true;
    }
  }
  const name = assignedName(ctx.text, node, ctx.profile);
  if (name !== undefined && mentionsPassword(name)) return true;
  const fn = enclosingFunction(node, ctx.language);
  const fnName = fn ? child(fn, 'name') : undefined;
  return !!fnName && mentionsPassword(textOf(ctx.text, fnName));
}

/** A call of a broken hash: the call, the algorithm, and the input when the call shows it. */
export interface WeakHashCall {
  readonly node: SyntaxNode;
  readonly algorithm: string;
  readonly input: SyntaxNode | undefined;
}

/** The broken hashes of a file (MD5, SHA-1, MD4, RIPEMD), about passwords or not. */
export function weakHashCalls(ctx: RuleContext): WeakHashCall[] {
  const out: WeakHashCall[] = [];
  for (const call of ctx.calls) {
    let algorithm: string | undefined;
    let input: SyntaxNode | undefined;
    if (ctx.language === 'python') {
      if (PY_WEAK.has(call.qualified)) algorithm = call.qualified.split('.').at(-1) === 'new' ? call.qualified.split('.').at(-2) : call.qualified.split('.').at(-1);
      else if (call.qualified === 'hashlib.new') algorithm = stringLiteral(ctx, call.args[0]);
      input = call.qualified === 'hashlib.new' ? call.args[1] : call.args[0];
    } else if (call.qualified === 'crypto.createHash' || call.qualified === 'createHash') algorithm = stringLiteral(ctx, call.args[0]);
    else if (/^(?:md5|sha1|crypto-js\.(?:MD5|SHA1)|CryptoJS\.(?:MD5|SHA1))$/.test(call.qualified)) {
      algorithm = call.method;
      input = call.args[0];
    }
    if (!algorithm || !WEAK.test(algorithm.replace(/^Crypto\.Hash\./, ''))) continue;
    out.push({ node: call.node, algorithm, input: input ?? updatedWith(ctx, call.node) });
  }
  return out;
}

/** `crypto.createHash('md5').update(data)`: the data, the first argument of the `update` right after. */
function updatedWith(ctx: RuleContext, node: SyntaxNode): SyntaxNode | undefined {
  const member = node.parent;
  const call = member?.parent;
  if (member?.type !== 'member_expression' || (call?.type !== 'call_expression' && call?.type !== 'call')) return undefined;
  const property = child(member, 'property');
  if (!property || textOf(ctx.text, property) !== 'update') return undefined;
  const args = child(call, 'arguments');
  return args ? namedChildren(args)[0] : undefined;
}

/** The detail of a finding: which hash is used on a password. */
export const weakHashDetail = (algorithm: string): string => `${algorithm.toUpperCase()} is used on what looks like a password.`;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const h of weakHashCalls(ctx)) if (aboutPasswords(ctx, h.node, h.input)) out.push({ node: h.node, detail: weakHashDetail(h.algorithm) });
  return out;
}

export const rule = defineRule({
  id: 'weak-password-hash',
  title: 'Password hashed with a fast, broken hash',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-916',
  owasp: OWASP.cryptography,
  languages: JS_AND_PYTHON,
  description: 'MD5 or SHA-1 is used to hash a password. Both are fast and unsalted here, so stolen hashes are cracked with precomputed tables or GPUs in hours.',
  remediation: 'Hash passwords with a slow, salted password hash: bcrypt, scrypt (`crypto.scrypt`), Argon2, or PBKDF2 with a high iteration count (`hashlib.pbkdf2_hmac`, `argon2-cffi`, `passlib`).',
  docs: {
    summary:
      '`crypto.createHash(\'md5\'|\'sha1\')`, crypto-js `MD5`/`SHA1`, Python `hashlib.md5`/`sha1`/`new(\'md5\')` when the input, the variable receiving the digest or the enclosing function is named like a password. A helper another file calls with a password (`security.hash(clearTextPassword)`, `passwordHash = hash(pw)`) is reported where it hashes its parameter, naming the callers (the repository pass). Other uses of these hashes (checksums, cache keys, ETags) are not reported.',
    examples: [
      {
        language: 'javascript',
        bad: "const crypto = require('crypto');\nfunction savePassword(user, password) {\n  user.passwordHash = crypto.createHash('md5').update(password).digest('hex');\n}",
        good: "const crypto = require('crypto');\nfunction savePassword(user, password) {\n  const salt = crypto.randomBytes(16);\n  user.passwordHash = crypto.scryptSync(password, salt, 64).toString('hex');\n}",
      },
      {
        language: 'python',
        bad: "import hashlib\n\ndef hash_password(password):\n    return hashlib.sha1(password.encode()).hexdigest()",
        good: "import hashlib, os\n\ndef hash_password(password):\n    salt = os.urandom(16)\n    return hashlib.pbkdf2_hmac('sha256', password.encode(), salt, 600_000).hex()",
      },
    ],
  },
  match,
  triggers: {
    // mentionsPassword: the words password, passwd, passphrase, pwd, pass, pw, credential(s).
    js: [all(['createHash', 'md5', 'sha1', 'MD5', 'SHA1'], /pass|pw|credential/i)],
    python: [all(['hashlib', 'Crypto'], /pass|pw|credential/i)],
  },
});
