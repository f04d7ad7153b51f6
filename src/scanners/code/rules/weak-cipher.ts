import { textOf } from '../ast.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { stringLiteral } from '../helpers.js';

const WEAK_ALGORITHM = /(?:^|-)(?:des|des3|3des|des-ede3?|rc4|rc2|bf|blowfish|cast5?|idea|seed)(?:-|$)|-ecb$|^des|^rc[24]/i;
const PY_WEAK = /^(?:Crypto|Cryptodome)\.Cipher\.(?:DES|DES3|ARC4|ARC2|Blowfish|CAST|XOR)\.new$|^cryptography\.hazmat\.primitives\.ciphers\.(?:algorithms\.)?(?:ARC4|TripleDES|Blowfish|CAST5|IDEA|SEED)$|^(?:algorithms\.)?(?:ARC4|TripleDES|Blowfish|CAST5|IDEA|SEED)$/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const q = call.qualified;
    if (ctx.language === 'python') {
      if (PY_WEAK.test(q) && (q.includes('.') || ctx.imports.aliases.has(q.split('.')[0] ?? ''))) out.push({ node: call.node, detail: `\`${call.name}\` uses a broken or legacy cipher.` });
      else if (/(?:^|\.)modes\.ECB$|^ECB$/.test(q) || (/\.new$/.test(q) && call.args.some((a) => /\.MODE_ECB$/.test(textOf(ctx.text, a))))) out.push({ node: call.node, detail: 'ECB mode encrypts equal blocks to equal ciphertext and leaks patterns.' });
      continue;
    }
    if (q === 'crypto.createCipher' || q === 'crypto.createDecipher') {
      out.push({ node: call.node, detail: `\`${call.name}\` is deprecated: it derives the key with a single MD5 and uses no IV.` });
      continue;
    }
    if (q === 'crypto.createCipheriv' || q === 'crypto.createDecipheriv') {
      const algorithm = stringLiteral(ctx, call.args[0]);
      if (algorithm && WEAK_ALGORITHM.test(algorithm)) out.push({ node: call.node, detail: `The cipher \`${algorithm}\` is broken, legacy or in ECB mode.` });
      continue;
    }
    if (/^(?:crypto-js|CryptoJS)\.(?:DES|TripleDES|RC4|RC4Drop|Rabbit)\.encrypt$/.test(q)) out.push({ node: call.node, detail: `\`${call.name}\` uses a broken or legacy cipher.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'weak-cipher',
  title: 'Broken or legacy encryption',
  severity: 'MEDIUM',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-327',
  owasp: OWASP.cryptography,
  languages: JS_AND_PYTHON,
  description: 'Data is encrypted with a broken or legacy algorithm or mode (DES, 3DES, RC4, Blowfish, ECB) or with the deprecated `crypto.createCipher`, which offers little confidentiality today.',
  remediation: 'Use an authenticated cipher with a random IV/nonce: AES-256-GCM (`createCipheriv(\'aes-256-gcm\', key, iv)`) or ChaCha20-Poly1305; in Python `AESGCM`/`Fernet` from `cryptography`.',
  docs: {
    summary:
      'Node `crypto.createCipher`/`createDecipher` (no IV, MD5 key derivation), `createCipheriv` with DES/3DES/RC4/RC2/Blowfish/CAST/IDEA or ECB modes, crypto-js DES/TripleDES/RC4; Python PyCryptodome `DES`/`DES3`/`ARC4`/`Blowfish`, `cryptography` `TripleDES`/`ARC4`/`Blowfish`, and ECB mode.',
    examples: [
      {
        language: 'javascript',
        bad: "const crypto = require('crypto');\nfunction encrypt(text, key) {\n  const cipher = crypto.createCipheriv('des-ede3-cbc', key, iv);\n  return cipher.update(text, 'utf8', 'hex') + cipher.final('hex');\n}",
        good: "const crypto = require('crypto');\nfunction encrypt(text, key) {\n  const iv = crypto.randomBytes(12);\n  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);\n  return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);\n}",
      },
      {
        language: 'python',
        bad: "from Crypto.Cipher import AES\n\ndef encrypt(key, data):\n    return AES.new(key, AES.MODE_ECB).encrypt(data)",
        good: "from Crypto.Cipher import AES\n\ndef encrypt(key, data):\n    cipher = AES.new(key, AES.MODE_GCM)\n    return cipher.nonce + cipher.encrypt(data)",
      },
    ],
  },
  match,
  triggers: {
    js: ['createCipher', 'createDecipher', 'createCipheriv', 'createDecipheriv', all('encrypt', ['DES', 'TripleDES', 'RC4', 'RC4Drop', 'Rabbit'])],
    python: ['DES', 'DES3', 'ARC4', 'ARC2', 'Blowfish', 'CAST', 'XOR', 'TripleDES', 'CAST5', 'IDEA', 'SEED', 'ECB', 'MODE_ECB'],
  },
});
