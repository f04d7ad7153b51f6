import { namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';
import { literal } from '../prefilter.js';
import { digestInputs, weakHashMatch } from '../function-model/crypto.js';

const HASH_WRITES = new Set(['Write', 'WriteString']);
/** Import paths of the weak hashes and their algorithm. */
const WEAK_IMPORTS = new Map([
  ['crypto/md5', 'md5'],
  ['crypto/sha1', 'sha1'],
]);

/** Local names of crypto/md5 and crypto/sha1 in this file (`md5`, or an alias). */
function weakPackages(ctx: RuleContext): Map<string, string> {
  const names = new Map<string, string>();
  for (const spec of ctx.nodes.of('import_spec')) {
    const [first, second] = namedChildren(spec);
    const path = textOf(ctx.text, second ?? first ?? spec).replace(/"/g, '');
    const algorithm = WEAK_IMPORTS.get(path);
    if (algorithm) names.set(second && first ? textOf(ctx.text, first) : algorithm, algorithm);
  }
  return names;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const packages = weakPackages(ctx);
  if (packages.size === 0) return out;
  for (const call of ctx.calls) {
    const [pkg, fn] = call.name.split('.');
    const algorithm = pkg ? packages.get(pkg) : undefined;
    if (!algorithm || (fn !== 'Sum' && fn !== 'New')) continue;
    const inputs = fn === 'Sum' ? call.args.slice(0, 1) : digestInputs(ctx, call.node, HASH_WRITES);
    const m = weakHashMatch(ctx, call.node, algorithm, inputs);
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'go-weak-hash',
  title: 'Go password or request data hashed with MD5 or SHA-1',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.8,
  cwe: 'CWE-328',
  owasp: OWASP.cryptography,
  languages: GO,
  description: 'A password or request value is hashed with `crypto/md5` or `crypto/sha1`. Both are fast and broken, so stolen password hashes are cracked quickly and digests can be forged.',
  remediation: 'Hash passwords with `golang.org/x/crypto/bcrypt`, `scrypt` or `argon2`; use `crypto/sha256` for other integrity checks and `crypto/hmac` with SHA-256 for keyed digests.',
  docs: {
    summary:
      '`md5.Sum`/`sha1.Sum` and `md5.New()`/`sha1.New()` fed with `Write`/`io.WriteString`, when the data is a password (argument, receiving variable or function named so; HIGH) or comes from the request (MEDIUM). Checksums and cache keys of other data are not reported.',
    examples: [
      {
        language: 'go',
        bad: 'import "crypto/md5"\n\nfunc hashPassword(password string) string {\n\tsum := md5.Sum([]byte(password))\n\treturn hex.EncodeToString(sum[:])\n}',
        good: 'import "golang.org/x/crypto/bcrypt"\n\nfunc hashPassword(password string) (string, error) {\n\thash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)\n\treturn string(hash), err\n}',
      },
    ],
  },
  match,
  triggers: [literal([...WEAK_IMPORTS.keys()])],
});
