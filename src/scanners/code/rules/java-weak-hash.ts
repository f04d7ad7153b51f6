import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { digestInputs, weakHashMatch, WEAK_HASH } from '../function-model/crypto.js';
import { constantString } from '../helpers.js';

const DIGEST_METHODS = new Set(['update', 'digest']);
const GUAVA_METHODS = new Set(['hashString', 'hashBytes', 'hashUnencodedChars', 'putString', 'putBytes']);
/** Commons Codec DigestUtils shortcuts and their algorithm. */
const DIGEST_UTILS = /(?:^|\.)DigestUtils\.(md2|md5|sha1|sha|md2Hex|md5Hex|sha1Hex|shaHex)$/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    let algorithm: string | undefined;
    let inputs = call.args;
    if (/(?:^|\.)MessageDigest\.getInstance$/.test(call.name)) {
      algorithm = constantString(ctx, call.args[0]);
      inputs = digestInputs(ctx, call.node, DIGEST_METHODS);
    } else if (DIGEST_UTILS.test(call.name)) {
      algorithm = call.method.replace(/Hex$/, '');
    } else if (/(?:^|\.)Hashing\.(?:md5|sha1)$/.test(call.name)) {
      algorithm = call.method;
      inputs = digestInputs(ctx, call.node, GUAVA_METHODS);
    }
    if (!algorithm || !WEAK_HASH.test(algorithm)) continue;
    const m = weakHashMatch(ctx, call.node, algorithm, inputs);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'java-weak-hash',
  title: 'Java password or request data hashed with MD5 or SHA-1',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.8,
  cwe: 'CWE-328',
  owasp: OWASP.cryptography,
  languages: JAVA,
  description: 'MD5 or SHA-1 (`MessageDigest`, Commons Codec `DigestUtils`, Guava `Hashing`) is used on a password or on data from the request. Both are broken for collision resistance and fast, so password hashes are cracked quickly and digests can be forged.',
  remediation: 'Hash passwords with a slow, salted function (bcrypt, scrypt, Argon2 via Spring Security `PasswordEncoder`, or PBKDF2 with a high iteration count); use SHA-256 or better for other integrity checks and HMAC-SHA-256 for keyed digests.',
  docs: {
    summary:
      '`MessageDigest.getInstance("MD5"|"SHA-1"|"SHA"|"MD2"|"MD4")` (the name also through a constant), `DigestUtils.md5Hex`/`sha1Hex`/…, Guava `Hashing.md5()`/`sha1()`, when the hashed data is a password (input, receiving variable or method named so; HIGH) or comes from the request (MEDIUM). MD5 for ETags, cache keys and checksums of other data is not reported.',
    examples: [
      {
        language: 'java',
        bad: 'class Accounts {\n  String hashPassword(String password) throws Exception {\n    MessageDigest md = MessageDigest.getInstance("MD5");\n    return HexFormat.of().formatHex(md.digest(password.getBytes(StandardCharsets.UTF_8)));\n  }\n}',
        good: 'class Accounts {\n  String etag(byte[] body) throws Exception {\n    MessageDigest md = MessageDigest.getInstance("MD5");\n    return HexFormat.of().formatHex(md.digest(body));\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['MessageDigest', 'DigestUtils', 'Hashing'],
});
