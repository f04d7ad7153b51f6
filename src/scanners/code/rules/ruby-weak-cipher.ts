import { textOf } from '../ast.js';
import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { MIN_RSA_BITS, WEAK_OPENSSL_CIPHER } from '../function-model/crypto.js';
import { constantString, constInt } from '../helpers.js';

/** Every class matched below is `OpenSSL::Cipher…` or `OpenSSL::PKey…`. */
const WEAK_CLASSES = /^OpenSSL::Cipher::(?:DES|DES3|RC2|RC4|BF|CAST5|IDEA)\.new$/;
const ECB_ARGUMENT = /^(?::ECB|['"]ECB['"]|:ecb|['"]ecb['"])$/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.name === 'OpenSSL::Cipher.new' || call.name === 'OpenSSL::Cipher::Cipher.new') {
      const name = constantString(ctx, call.args[0]);
      if (name && WEAK_OPENSSL_CIPHER.test(name)) out.push({ node: call.node, detail: `The cipher \`${name}\` is broken, legacy or in ECB mode.` });
    } else if (WEAK_CLASSES.test(call.name)) {
      out.push({ node: call.node, detail: `\`${call.name.replace(/\.new$/, '')}\` is a broken or legacy cipher.` });
    } else if (/^OpenSSL::Cipher::AES(?:128|192|256)?\.new$/.test(call.name) && call.args.some((a) => ECB_ARGUMENT.test(textOf(ctx.text, a)))) {
      out.push({ node: call.node, detail: 'ECB mode encrypts equal blocks to equal ciphertext and leaks patterns.' });
    } else if (/^OpenSSL::PKey::(?:RSA|DSA)\.(?:new|generate)$/.test(call.name)) {
      const bits = constInt(ctx, call.args[0]);
      if (bits !== undefined && bits < MIN_RSA_BITS) out.push({ node: call.node, detail: `The key is ${bits} bits long; at least ${MIN_RSA_BITS} are needed.` });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-weak-cipher',
  title: 'Ruby encryption with a broken cipher, ECB mode or a short key',
  severity: 'MEDIUM',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-327',
  owasp: OWASP.cryptography,
  languages: RUBY,
  description: 'Data is encrypted with DES, 3DES, RC2, RC4, Blowfish or ECB mode through `OpenSSL::Cipher`, or an RSA/DSA key shorter than 2048 bits is generated; such encryption offers little confidentiality today.',
  remediation: 'Use `OpenSSL::Cipher.new(\'aes-256-gcm\')` with a random IV and the auth tag, or `ActiveSupport::MessageEncryptor`/RbNaCl; generate RSA keys of at least 2048 bits (`OpenSSL::PKey::RSA.new(3072)`).',
  docs: {
    summary: '`OpenSSL::Cipher.new` with a DES, 3DES, RC2, RC4, Blowfish, CAST, IDEA, SEED or `-ecb` name (also through a constant), `OpenSSL::Cipher::DES`/`RC4`/`BF`… classes, `OpenSSL::Cipher::AES.new(128, :ECB)`, and `OpenSSL::PKey::RSA.new`/`generate` with fewer than 2048 bits.',
    examples: [
      {
        language: 'ruby',
        bad: "def seal(data, key)\n  cipher = OpenSSL::Cipher.new('des-ede3-cbc')\n  cipher.encrypt\n  cipher.key = key\n  cipher.update(data) + cipher.final\nend",
        good: "def seal(data, key)\n  cipher = OpenSSL::Cipher.new('aes-256-gcm')\n  cipher.encrypt\n  cipher.key = key\n  iv = cipher.random_iv\n  iv + cipher.update(data) + cipher.final + cipher.auth_tag\nend",
      },
    ],
  },
  match,
  triggers: ['Cipher', 'PKey'],
});
