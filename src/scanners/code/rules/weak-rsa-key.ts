import { textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { argument, option, stringLiteral } from '../helpers.js';

const MIN_BITS = 2048;

function bits(ctx: RuleContext, node: SyntaxNode | undefined): number | undefined {
  if (!node) return undefined;
  const n = unwrap(node, ctx.profile);
  if (n.type !== 'number' && n.type !== 'integer') return undefined;
  const value = Number(textOf(ctx.text, n).replace(/_/g, ''));
  return Number.isFinite(value) ? value : undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const q = call.qualified;
    let size: number | undefined;
    if (ctx.language === 'python') {
      if (/(?:^|\.)rsa\.generate_private_key$/.test(q) || /(?:^|\.)dsa\.generate_private_key$/.test(q)) size = bits(ctx, argument(call, 1, 'key_size') ?? call.kwargs.get('key_size'));
      else if (/^(?:Crypto|Cryptodome)\.PublicKey\.(?:RSA|DSA)\.generate$/.test(q)) size = bits(ctx, argument(call, 0, 'bits'));
      else if (q === 'rsa.newkeys') size = bits(ctx, argument(call, 0, 'nbits'));
    } else if ((q === 'crypto.generateKeyPairSync' || q === 'crypto.generateKeyPair') && /^(?:rsa|rsa-pss|dsa)$/.test(stringLiteral(ctx, call.args[0]) ?? '')) {
      size = bits(ctx, option(ctx, call, 'modulusLength'));
    } else if (call.isNew && (q === 'node-rsa' || call.name === 'NodeRSA')) size = bits(ctx, option(ctx, call, 'b'));
    if (size !== undefined && size < MIN_BITS) out.push({ node: call.node, detail: `The key is ${size} bits long.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'weak-rsa-key',
  title: 'RSA or DSA key shorter than 2048 bits',
  severity: 'MEDIUM',
  confidence: 0.9,
  taintConfidence: 0.9,
  cwe: 'CWE-326',
  owasp: OWASP.cryptography,
  languages: JS_AND_PYTHON,
  description: 'An RSA or DSA key pair is generated with fewer than 2048 bits; such keys are within reach of factoring and no longer accepted by current guidance.',
  remediation: 'Generate RSA keys of at least 2048 bits (3072 for data that must stay secret beyond 2030), or use elliptic-curve keys (Ed25519, P-256).',
  docs: {
    summary: 'Node `crypto.generateKeyPair(Sync)(\'rsa\'|\'dsa\', { modulusLength })`, node-rsa `new NodeRSA({ b })`; Python `cryptography` `rsa/dsa.generate_private_key(key_size=…)`, PyCryptodome `RSA.generate(bits)`, `rsa.newkeys(bits)` with a constant size below 2048.',
    examples: [
      {
        language: 'javascript',
        bad: "const crypto = require('crypto');\nconst { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });",
        good: "const crypto = require('crypto');\nconst { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 3072 });",
      },
      {
        language: 'python',
        bad: "from cryptography.hazmat.primitives.asymmetric import rsa\n\nkey = rsa.generate_private_key(public_exponent=65537, key_size=1024)",
        good: "from cryptography.hazmat.primitives.asymmetric import rsa\n\nkey = rsa.generate_private_key(public_exponent=65537, key_size=3072)",
      },
    ],
  },
  match,
  triggers: {
    js: ['generateKeyPairSync', 'generateKeyPair', 'NodeRSA', 'rsa'],
    python: ['generate_private_key', all(['RSA', 'DSA'], 'generate'), 'newkeys'],
  },
});
