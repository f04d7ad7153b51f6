import { unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { assignedValues, stringLiteral } from '../helpers.js';

/** A string literal, directly or through a variable assigned one. */
export function assignedLiteral(ctx: RuleContext, node: SyntaxNode | undefined): string | undefined {
  if (!node) return undefined;
  const n = unwrap(node, ctx.profile);
  const direct = stringLiteral(ctx, n);
  if (direct !== undefined) return direct;
  if (n.type === 'identifier') {
    const def = assignedValues(ctx, n).at(-1);
    return def ? stringLiteral(ctx, def) : undefined;
  }
  return undefined;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const python = ctx.language === 'python';
    const q = call.qualified;
    const hit = python ? q === 'jwt.encode' || q === 'jwt.decode' : /^(?:jsonwebtoken|jwt)\.(?:sign|verify)$/.test(q);
    if (!hit) continue;
    const keyArg = call.args[1] ?? call.kwargs.get('key');
    const secret = assignedLiteral(ctx, keyArg);
    if (secret === undefined) continue;
    out.push({ node: call.node, secrets: [secret], detail: secret.length < 32 ? `The signing key is a ${secret.length}-character constant in the source.` : 'The signing key is a constant in the source.' });
  }
  return out;
}

export const rule = defineRule({
  id: 'jwt-hardcoded-secret',
  title: 'JWT signed with a hard-coded secret',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-798',
  owasp: OWASP.authentication,
  languages: JS_AND_PYTHON,
  description: 'The HMAC key that signs or verifies JSON Web Tokens is a string literal in the code: anyone with the source (or a guess of a weak value) can mint valid tokens.',
  remediation: 'Load a long random key from a secret store or environment variable (`process.env.JWT_SECRET`, `os.environ["JWT_SECRET"]`), rotate the exposed one, or sign with an asymmetric key.',
  docs: {
    summary: 'jsonwebtoken `sign`/`verify` and PyJWT `encode`/`decode` whose key argument is a string literal or a variable assigned one in the same file.',
    examples: [
      {
        language: 'javascript',
        bad: "const jwt = require('jsonwebtoken');\nconst token = jwt.sign({ sub: user.id }, 'secret123', { expiresIn: '1h' });",
        good: "const jwt = require('jsonwebtoken');\nconst token = jwt.sign({ sub: user.id }, process.env.JWT_SECRET, { expiresIn: '1h' });",
      },
      {
        language: 'python',
        bad: "import jwt\n\nSECRET = 'changeme'\ntoken = jwt.encode({'sub': user_id}, SECRET, algorithm='HS256')",
        good: "import jwt, os\n\ntoken = jwt.encode({'sub': user_id}, os.environ['JWT_SECRET'], algorithm='HS256')",
      },
    ],
  },
  match,
  triggers: {
    js: ['jsonwebtoken', 'jwt'],
    python: ['jwt'],
  },
});
