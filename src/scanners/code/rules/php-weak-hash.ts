import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { weakHashMatch, WEAK_HASH } from '../function-model/crypto.js';
import { constantString } from '../helpers.js';

/** Functions hashing their first argument with the algorithm they are named after. */
const DIGESTS = new Set(['md5', 'sha1']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew) continue;
    const name = call.name.toLowerCase();
    let algorithm: string | undefined;
    let input = call.args[0];
    if (DIGESTS.has(name)) algorithm = name;
    else if (name === 'hash') {
      algorithm = constantString(ctx, call.args[0]);
      input = call.args[1];
    }
    if (!algorithm || !input || !WEAK_HASH.test(algorithm)) continue;
    const m = weakHashMatch(ctx, call.node, algorithm, [input]);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'php-weak-hash',
  title: 'PHP password or request data hashed with MD5 or SHA-1',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.8,
  cwe: 'CWE-328',
  owasp: OWASP.cryptography,
  languages: PHP,
  description: 'A password or request value is hashed with `md5()`, `sha1()` or `hash(\'md5\'|\'sha1\', …)`. These hashes are fast, unsalted here and broken, so stolen password hashes are cracked in hours and digests can be forged.',
  remediation: 'Store passwords with `password_hash($password, PASSWORD_DEFAULT)` (bcrypt or Argon2) and check them with `password_verify`; use `hash(\'sha256\', …)` or `hash_hmac` for other integrity checks.',
  docs: {
    summary:
      '`md5()`, `sha1()` and `hash(\'md5\'|\'sha1\'|\'md4\', …)` of a password (argument, receiving variable or function named so; HIGH) or of request data (MEDIUM). Checksums, cache keys and file names derived from other data are not reported.',
    examples: [
      {
        language: 'php',
        bad: "<?php\n$pass = $_POST['password'];\n$hash = md5($pass);\n$stmt = $db->prepare('UPDATE users SET password = ? WHERE id = ?');\n$stmt->execute([$hash, $id]);",
        good: "<?php\n$pass = $_POST['password'];\n$hash = password_hash($pass, PASSWORD_DEFAULT);\n$stmt = $db->prepare('UPDATE users SET password = ? WHERE id = ?');\n$stmt->execute([$hash, $id]);",
      },
    ],
  },
  match,
  triggers: [anyCase([...DIGESTS, 'hash'])],
});
