import { textOf } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { MIN_RSA_BITS } from '../function-model/crypto.js';
import { constantString, constInt, resolve } from '../helpers.js';

/** Broken or legacy block/stream ciphers, by JCA transformation name. */
const WEAK_CIPHER = /^(?:DES|DESede|TripleDES|3DES|RC2|RC4|ARCFOUR|Blowfish|IDEA|RC5|PBEWith\w*(?:DES|RC2|RC4)\w*)(?:\/|$)/i;

/** Why a transformation is weak, or undefined. `RSA/ECB/…` is a JCA naming quirk (one block), not ECB mode. */
function weakness(transformation: string): string | undefined {
  if (WEAK_CIPHER.test(transformation)) return `\`${transformation}\` uses a broken or legacy cipher.`;
  if (/^AES$/i.test(transformation)) return '`AES` without a mode defaults to `AES/ECB/PKCS5Padding`, which encrypts equal blocks to equal ciphertext.';
  if (/\/ECB(?:\/|$)/i.test(transformation) && !/^RSA|^EC/i.test(transformation)) return `\`${transformation}\` uses ECB mode, which encrypts equal blocks to equal ciphertext.`;
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (/(?:^|\.)Cipher\.getInstance$/.test(call.name)) {
      const transformation = constantString(ctx, call.args[0]);
      const why = transformation ? weakness(transformation) : undefined;
      if (why) out.push({ node: call.node, detail: why });
    } else if (call.isNew && /(?:^|\.)NullCipher$/.test(call.name)) {
      out.push({ node: call.node, detail: '`NullCipher` does not encrypt at all.' });
    } else if (call.method === 'initialize' && call.receiver) {
      // KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA"); kpg.initialize(1024);
      const generator = textOf(ctx.text, resolve(ctx, call.receiver));
      const algorithm = /KeyPairGenerator\.getInstance\s*\(\s*"(RSA|DSA|DH|DiffieHellman)"/.exec(generator)?.[1];
      const bits = constInt(ctx, call.args[0]);
      if (algorithm && bits !== undefined && bits < MIN_RSA_BITS) out.push({ node: call.node, detail: `The ${algorithm} key is ${bits} bits long; at least ${MIN_RSA_BITS} are needed.` });
    } else if (call.isNew && /(?:^|\.)RSAKeyGenParameterSpec$/.test(call.name)) {
      const bits = constInt(ctx, call.args[0]);
      if (bits !== undefined && bits < MIN_RSA_BITS) out.push({ node: call.node, detail: `The RSA key is ${bits} bits long; at least ${MIN_RSA_BITS} are needed.` });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'java-weak-cipher',
  title: 'Java encryption with a broken cipher, ECB mode or a short key',
  severity: 'MEDIUM',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-327',
  owasp: OWASP.cryptography,
  languages: JAVA,
  description: 'Data is encrypted with a broken or legacy algorithm (DES, 3DES, RC2, RC4, Blowfish), in ECB mode (also the default of a bare `"AES"`), with `NullCipher`, or with an RSA/DSA/DH key shorter than 2048 bits, which offers little confidentiality today.',
  remediation: 'Use `Cipher.getInstance("AES/GCM/NoPadding")` with a random 12-byte IV per message (or ChaCha20-Poly1305), and generate RSA keys of at least 2048 bits (`kpg.initialize(3072)`) or use elliptic curves.',
  docs: {
    summary:
      '`Cipher.getInstance` with DES, DESede, RC2, RC4/ARCFOUR, Blowfish, PBE-with-DES/RC2/RC4, a bare `"AES"` or any `…/ECB/…` transformation (`RSA/ECB/…` excepted, it is not ECB), also through a constant; `new NullCipher()`; `KeyPairGenerator` RSA/DSA/DH `initialize(<2048)` and `RSAKeyGenParameterSpec(<2048, …)`.',
    examples: [
      {
        language: 'java',
        bad: 'class Vault {\n  byte[] seal(SecretKey key, byte[] data) throws GeneralSecurityException {\n    Cipher cipher = Cipher.getInstance("DES/CBC/PKCS5Padding");\n    cipher.init(Cipher.ENCRYPT_MODE, key);\n    return cipher.doFinal(data);\n  }\n}',
        good: 'class Vault {\n  byte[] seal(SecretKey key, byte[] iv, byte[] data) throws GeneralSecurityException {\n    Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");\n    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));\n    return cipher.doFinal(data);\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['Cipher', 'NullCipher', all('initialize', 'KeyPairGenerator'), 'RSAKeyGenParameterSpec'],
});
