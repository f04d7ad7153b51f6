import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';
import { unqualified } from '../prefilter.js';
import { MIN_RSA_BITS } from '../function-model/crypto.js';
import { constInt } from '../helpers.js';

const WEAK_CONSTRUCTORS = new Set(['des.NewCipher', 'des.NewTripleDESCipher', 'rc4.NewCipher', 'blowfish.NewCipher', 'blowfish.NewSaltedCipher', 'cast5.NewCipher', 'tea.NewCipher', 'xtea.NewCipher']);
/** Key generators and the position of their bit size. */
const KEY_BITS_ARGUMENT = new Map([
  ['rsa.GenerateKey', 1],
  ['dsa.GenerateParameters', 1],
  ['rsa.GenerateMultiPrimeKey', 2],
]);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (WEAK_CONSTRUCTORS.has(call.name)) {
      out.push({ node: call.node, detail: `\`${call.name}\` creates a broken or legacy cipher.` });
      continue;
    }
    const position = KEY_BITS_ARGUMENT.get(call.name);
    const bitsArg = position === undefined ? undefined : call.args[position];
    const bits = constInt(ctx, bitsArg);
    if (bits !== undefined && bits < MIN_RSA_BITS) out.push({ node: call.node, detail: `The RSA key is ${bits} bits long; at least ${MIN_RSA_BITS} are needed.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'go-weak-cipher',
  title: 'Go encryption with a broken cipher or a short RSA key',
  severity: 'MEDIUM',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-327',
  owasp: OWASP.cryptography,
  languages: GO,
  description: 'Data is encrypted with DES, 3DES, RC4, Blowfish, CAST5 or TEA (`crypto/des`, `crypto/rc4`, `x/crypto`), or an RSA key shorter than 2048 bits is generated; such encryption offers little confidentiality today.',
  remediation: 'Use AES-GCM (`aes.NewCipher` + `cipher.NewGCM` with a random nonce) or `chacha20poly1305`, and generate RSA keys of at least 2048 bits (`rsa.GenerateKey(rand.Reader, 3072)`) or use Ed25519/ECDSA.',
  docs: {
    summary: '`des.NewCipher`, `des.NewTripleDESCipher`, `rc4.NewCipher`, `blowfish.NewCipher`, `cast5.NewCipher`, `tea`/`xtea.NewCipher`; `rsa.GenerateKey`/`GenerateMultiPrimeKey` with a constant size below 2048.',
    examples: [
      {
        language: 'go',
        bad: 'import "crypto/des"\n\nfunc seal(key, block []byte) []byte {\n\tc, _ := des.NewCipher(key)\n\tout := make([]byte, len(block))\n\tc.Encrypt(out, block)\n\treturn out\n}',
        good: 'import (\n\t"crypto/aes"\n\t"crypto/cipher"\n)\n\nfunc seal(key, nonce, data []byte) []byte {\n\tc, _ := aes.NewCipher(key)\n\tgcm, _ := cipher.NewGCM(c)\n\treturn gcm.Seal(nil, nonce, data, nil)\n}',
      },
    ],
  },
  match,
  triggers: unqualified([...WEAK_CONSTRUCTORS, ...KEY_BITS_ARGUMENT.keys()]),
});
