import { namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, PHP, type Match, type RuleContext } from '../rule.js';
import { anyCase } from '../prefilter.js';
import { MIN_RSA_BITS, WEAK_OPENSSL_CIPHER } from '../function-model/crypto.js';
import { constantString, constInt, resolve } from '../helpers.js';

const MCRYPT = new Set(['encrypt', 'decrypt', 'module_open', 'cbc', 'ecb', 'cfb', 'ofb', 'generic', 'generic_init'].map((f) => `mcrypt_${f}`));
const OPENSSL = new Set(['openssl_encrypt', 'openssl_decrypt', 'openssl_seal', 'openssl_open']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.receiver || call.isNew) continue;
    const name = call.name.toLowerCase();
    if (MCRYPT.has(name)) {
      out.push({ node: call.node, detail: `\`${call.name}\` belongs to mcrypt, unmaintained since 2007 and removed in PHP 7.2; it pads with zeros and is mostly used with ECB or DES.` });
    } else if (OPENSSL.has(name)) {
      const method = constantString(ctx, call.args[name === 'openssl_seal' || name === 'openssl_open' ? 4 : 1]);
      if (method && WEAK_OPENSSL_CIPHER.test(method)) out.push({ node: call.node, detail: `The cipher \`${method}\` is broken, legacy or in ECB mode.` });
    } else if (name === 'openssl_pkey_new' && call.args[0]) {
      // openssl_pkey_new(['private_key_bits' => 1024, …]).
      const options = resolve(ctx, call.args[0]);
      for (const el of options.type === 'array_creation_expression' ? namedChildren(options) : []) {
        const [key, value] = namedChildren(el);
        const bits = key && /^['"]private_key_bits['"]$/.test(textOf(ctx.text, key)) ? constInt(ctx, value) : undefined;
        if (bits !== undefined && bits < MIN_RSA_BITS) out.push({ node: call.node, detail: `The key is ${bits} bits long; at least ${MIN_RSA_BITS} are needed.` });
      }
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'php-weak-cipher',
  title: 'PHP encryption with mcrypt, a broken cipher, ECB mode or a short key',
  severity: 'MEDIUM',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-327',
  owasp: OWASP.cryptography,
  languages: PHP,
  description: 'Data is encrypted with the removed mcrypt extension, with `openssl_encrypt` using DES, 3DES, RC2, RC4, Blowfish or ECB mode, or an RSA key shorter than 2048 bits is generated; such encryption offers little confidentiality today.',
  remediation: 'Use libsodium (`sodium_crypto_secretbox`, `sodium_crypto_aead_xchacha20poly1305_ietf_encrypt`) or `openssl_encrypt` with `aes-256-gcm` and a random IV and tag; generate RSA keys of at least 2048 bits.',
  docs: {
    summary: 'Any `mcrypt_encrypt`/`mcrypt_decrypt`/`mcrypt_module_open`/`mcrypt_generic` call; `openssl_encrypt`/`openssl_decrypt`/`openssl_seal` with a DES, 3DES, RC2, RC4, Blowfish, CAST, IDEA, SEED or `-ecb` method (also through a variable or constant); `openssl_pkey_new([\'private_key_bits\' => <2048])`.',
    examples: [
      {
        language: 'php',
        bad: "<?php\nfunction seal(string $data, string $key): string {\n    return openssl_encrypt($data, 'des-ede3-cbc', $key, 0, $iv);\n}",
        good: "<?php\nfunction seal(string $data, string $key): string {\n    $iv = random_bytes(12);\n    $ct = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $iv, $tag);\n    return base64_encode($iv . $tag . $ct);\n}",
      },
    ],
  },
  match,
  triggers: [anyCase([...MCRYPT, ...OPENSSL, 'openssl_pkey_new'])],
});
