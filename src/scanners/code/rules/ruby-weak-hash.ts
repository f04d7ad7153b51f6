import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { digestInputs, weakHashMatch, WEAK_HASH } from '../function-model/crypto.js';
import { constantString } from '../helpers.js';

/** Every class matched below is `Digest::…` or `OpenSSL::Digest`. */
const CLASS_DIGEST = /^(?:OpenSSL::)?Digest::(MD5|SHA1|RMD160)\.(?:hexdigest|digest|base64digest)$/;
const NEW_DIGEST = /^(?:OpenSSL::)?Digest::(MD5|SHA1|RMD160)\.new$/;
const DIGEST_METHODS = new Set(['update', '<<', 'hexdigest', 'digest', 'base64digest']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    let algorithm: string | undefined;
    let inputs = call.args;
    const byClass = CLASS_DIGEST.exec(call.name) ?? NEW_DIGEST.exec(call.name);
    if (byClass?.[1]) algorithm = byClass[1];
    else if (/^(?:OpenSSL::Digest\.new|OpenSSL::Digest\.digest|OpenSSL::Digest\.hexdigest)$/.test(call.name)) {
      algorithm = constantString(ctx, call.args[0]);
      inputs = call.args.slice(1);
    }
    if (!algorithm || !WEAK_HASH.test(algorithm.replace(/^rmd160$/i, 'ripemd160'))) continue;
    if (call.method === 'new') inputs = digestInputs(ctx, call.node, DIGEST_METHODS);
    const m = weakHashMatch(ctx, call.node, algorithm, inputs);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-weak-hash',
  title: 'Ruby password or request data hashed with MD5 or SHA-1',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.8,
  cwe: 'CWE-328',
  owasp: OWASP.cryptography,
  languages: RUBY,
  description: 'A password or request value is hashed with `Digest::MD5`, `Digest::SHA1` or `OpenSSL::Digest` MD5/SHA-1. These hashes are fast and broken, so stolen password hashes are cracked quickly and digests can be forged.',
  remediation: 'Store passwords with `has_secure_password`/`BCrypt::Password.create` (or Argon2); use `Digest::SHA256` or `OpenSSL::HMAC` with SHA-256 for other integrity checks.',
  docs: {
    summary:
      '`Digest::MD5`/`SHA1` `hexdigest`/`digest`/`base64digest`, `Digest::MD5.new` fed with `update`/`<<`, `OpenSSL::Digest::MD5`/`SHA1` and `OpenSSL::Digest.new(\'md5\')`, when the data is a password (argument, receiving variable or method named so; HIGH) or comes from the request (MEDIUM). Checksums and cache keys of other data are not reported.',
    examples: [
      {
        language: 'ruby',
        bad: "class User < ApplicationRecord\n  def password=(password)\n    self.password_digest = Digest::MD5.hexdigest(password)\n  end\nend",
        good: "class User < ApplicationRecord\n  def password=(password)\n    self.password_digest = BCrypt::Password.create(password)\n  end\nend",
      },
    ],
  },
  match,
  triggers: ['Digest'],
});
