import { assignedName, child, enclosingFunction, textOf } from '../ast.js';
import { namesDigestIdentifier } from '../function-model/crypto.js';
import { describeSource, flowOf, mentionsPassword } from '../helpers.js';
import type { SyntaxNode } from '../parser.js';
import { all } from '../prefilter.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { weakHashCalls, type WeakHashCall } from './weak-password-hash.js';

/** What a hash object built at `call` is fed: `h = hashlib.new('md5'); h.update(x)` and `createHash('md5').update(x)`. */
function hashedInputs(ctx: RuleContext, h: WeakHashCall): SyntaxNode[] {
  const inputs = h.input ? [h.input] : [];
  const name = assignedName(ctx.text, h.node, ctx.profile);
  if (name === undefined) return inputs;
  const fn = enclosingFunction(h.node, ctx.language);
  for (const call of ctx.calls) {
    if (call.method !== 'update' || !call.receiver || call.node.start < h.node.end || enclosingFunction(call.node, ctx.language) !== fn) continue;
    if (textOf(ctx.text, call.receiver) === name && call.args[0]) inputs.push(call.args[0]);
  }
  return inputs;
}

/** Names around the digest (the variable it lands in, the function) that say it is an identifier: an ETag, a cache key, a checksum. */
function benign(ctx: RuleContext, node: SyntaxNode): boolean {
  const names = [assignedName(ctx.text, node, ctx.profile) ?? ''];
  const fn = enclosingFunction(node, ctx.language);
  const fnName = fn ? child(fn, 'name') : undefined;
  if (fnName) names.push(textOf(ctx.text, fnName));
  return namesDigestIdentifier(names);
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const h of weakHashCalls(ctx)) {
    const inputs = hashedInputs(ctx, h);
    // Passwords are weak-password-hash's; identifiers (ETags, cache keys) are fine with any digest.
    if (inputs.some((i) => mentionsPassword(textOf(ctx.text, i))) || benign(ctx, h.node)) continue;
    for (const input of inputs) {
      const taint = flowOf(ctx, input, { kind: 'digest' });
      // Local flows only: a helper hashing its parameter is weak-password-hash's repository pass
      // when callers give it passwords; request data through helpers is left to review.
      if (!taint || ('entry' in taint && taint.entry !== undefined)) continue;
      out.push({ node: h.node, taint, detail: `${h.algorithm.toUpperCase()} hashes request data from ${describeSource(ctx, taint)}.` });
      break;
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'weak-hash',
  title: 'Request data hashed with a broken hash',
  severity: 'MEDIUM',
  confidence: 0.5,
  taintConfidence: 0.7,
  cwe: 'CWE-328',
  owasp: OWASP.cryptography,
  languages: JS_AND_PYTHON,
  description:
    'MD5 or SHA-1 digests data that comes from the request. Both are broken for collision resistance: a client can submit two different values with the same digest, so a digest used to sign, deduplicate or verify what it was given can be forged.',
  remediation: 'Use SHA-256 or better (`crypto.createHash(\'sha256\')`, `hashlib.sha256`), an HMAC with a secret key when the digest authenticates data, and a password hash (bcrypt, scrypt, Argon2) for passwords.',
  docs: {
    summary:
      '`crypto.createHash(\'md5\'|\'sha1\')`, crypto-js `MD5`/`SHA1`, Python `hashlib.md5`/`sha1`/`new(\'md5\')` (also fed later through `h.update(x)`) whose input is proven request data. Passwords are `weak-password-hash`\'s; digests stored under names that say they are identifiers (ETag, cache key, checksum, avatar) are not reported, as in the Go, Java, PHP and Ruby rules.',
    examples: [
      {
        language: 'python',
        bad: "@app.route('/sign', methods=['POST'])\ndef sign():\n    h = hashlib.new('md5')\n    h.update(request.form['document'].encode())\n    return h.hexdigest()",
        good: "@app.route('/sign', methods=['POST'])\ndef sign():\n    h = hashlib.new('sha256')\n    h.update(request.form['document'].encode())\n    return h.hexdigest()",
      },
      {
        language: 'javascript',
        bad: "app.post('/fingerprint', (req, res) => {\n  const digest = crypto.createHash('sha1').update(req.body.document).digest('hex');\n  res.json({ digest });\n});",
        good: "app.post('/fingerprint', (req, res) => {\n  const digest = crypto.createHash('sha256').update(req.body.document).digest('hex');\n  res.json({ digest });\n});",
      },
    ],
  },
  match,
  triggers: {
    js: [['createHash', 'md5', 'sha1', 'MD5', 'SHA1']],
    python: [all(['hashlib', 'Crypto'], /md5|sha1|MD5|SHA1|md4/)],
  },
});
