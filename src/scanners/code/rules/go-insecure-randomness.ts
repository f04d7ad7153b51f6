import { namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';
import { literal } from '../prefilter.js';
import { randomMatch } from '../function-model/purpose.js';
import { resolve, strip } from '../helpers.js';

/** Import paths of math/rand, v1 and v2. */
const MATH_RAND = new Set(['math/rand', 'math/rand/v2']);

/** Local names of math/rand (v1 and v2) in this file. */
function mathRandNames(ctx: RuleContext): Set<string> {
  const names = new Set<string>();
  for (const spec of ctx.nodes.of('import_spec')) {
    const [first, second] = namedChildren(spec);
    const path = textOf(ctx.text, second ?? first ?? spec).replace(/"/g, '');
    if (MATH_RAND.has(path)) names.add(second && first ? textOf(ctx.text, first) : 'rand');
  }
  return names;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const packages = mathRandNames(ctx);
  if (packages.size === 0) return out;
  const isPackage = (name: string) => packages.has(name);
  for (const call of ctx.calls) {
    if (!call.receiver || /^(?:New|NewSource|NewPCG|NewChaCha8|Seed)$/.test(call.method)) continue;
    const receiver = textOf(ctx.text, call.receiver);
    // rand.Intn(…), or r.Intn(…) on r := rand.New(…).
    const generator = isPackage(receiver) ? receiver : textOf(ctx.text, resolve(ctx, call.receiver)).split('.')[0] ?? '';
    if (!isPackage(generator) || (!isPackage(receiver) && !/\.New\s*\(/.test(textOf(ctx.text, resolve(ctx, call.receiver))))) continue;
    const holder = call.method === 'Read' && call.args[0] && strip(call.args[0]).type === 'identifier' ? strip(call.args[0]) : undefined;
    const m = randomMatch(ctx, call.node, `math/rand.${call.method}`, holder);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'go-insecure-randomness',
  title: 'Go predictable random value used as a secret or identifier',
  severity: 'MEDIUM',
  confidence: 0.6,
  taintConfidence: 0.9,
  cwe: 'CWE-330',
  owasp: OWASP.cryptography,
  languages: GO,
  description: 'A token, password, key or session value is generated with `math/rand`, whose output is predictable (seeded from a small state, or deterministic before Go 1.20).',
  remediation: 'Use `crypto/rand`: `rand.Read(buf)` encoded with `base64.RawURLEncoding`, `rand.Int(rand.Reader, max)` for numbers, or `rand.Text()` (Go 1.24).',
  docs: {
    summary:
      'Functions of `math/rand` and `math/rand/v2` (`Intn`, `Int63`, `Read`, `Float64`, …, and methods of a `rand.New(…)` generator), respecting import aliases so `crypto/rand` is never reported, when the value, or the variable it is copied into next, is named like a token, password, key, secret, nonce, salt or session (MEDIUM), or like an id, code or PIN (LOW).',
    examples: [
      {
        language: 'go',
        bad: 'import "math/rand"\n\nfunc newSessionToken() string {\n\tb := make([]byte, 32)\n\trand.Read(b)\n\treturn hex.EncodeToString(b)\n}',
        good: 'import "crypto/rand"\n\nfunc newSessionToken() string {\n\tb := make([]byte, 32)\n\trand.Read(b)\n\treturn hex.EncodeToString(b)\n}',
      },
    ],
  },
  match,
  triggers: [literal([...MATH_RAND])],
});
