import { descendants, enclosingFunction, namedChildren, textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JS_AND_PYTHON, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { isFalseLiteral, option, stringLiteral } from '../helpers.js';

const isJwt = (ctx: RuleContext, call: QualifiedCall, method: string): boolean =>
  call.method === method && (call.qualified === `jsonwebtoken.${method}` || call.qualified === `jwt.${method}` || (ctx.language === 'python' && call.qualified === `jwt.${method}`));

/** Whether a list/array literal (or a string) names the `none` algorithm. */
function allowsNone(ctx: RuleContext, node: SyntaxNode | undefined): boolean {
  if (!node) return false;
  const n = unwrap(node, ctx.profile);
  const values = n.type === 'array' || n.type === 'list' || n.type === 'tuple' ? namedChildren(n) : [n];
  return values.some((v) => stringLiteral(ctx, v)?.toLowerCase() === 'none');
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (ctx.language === 'python') {
      if (call.qualified !== 'jwt.decode') continue;
      const options = call.kwargs.get('options');
      const verifyOff = options && [...descendants(options)].some((n) => n.type === 'pair' && /verify_signature/.test(textOf(ctx.text, n)) && isFalseLiteral(ctx, namedChildren(n)[1]));
      if (verifyOff || isFalseLiteral(ctx, call.kwargs.get('verify'))) out.push({ node: call.node, severity: 'HIGH', confidence: 0.85, detail: 'The token is decoded with signature verification turned off.' });
      else if (allowsNone(ctx, call.kwargs.get('algorithms'))) out.push({ node: call.node, severity: 'HIGH', confidence: 0.85, detail: 'The accepted algorithms include `none` (unsigned tokens).' });
      continue;
    }
    if (isJwt(ctx, call, 'verify')) {
      const algorithms = option(ctx, call, 'algorithms');
      if (allowsNone(ctx, algorithms)) out.push({ node: call.node, severity: 'HIGH', confidence: 0.85, detail: 'The accepted algorithms include `none` (unsigned tokens).' });
      else if (!algorithms && call.args.length >= 2) out.push({ node: call.node, severity: 'LOW', confidence: 0.5, detail: '`jwt.verify` is called without an `algorithms` list, so the token header chooses the algorithm (algorithm confusion when the key is a public key).' });
    } else if (isJwt(ctx, call, 'sign')) {
      if (allowsNone(ctx, option(ctx, call, 'algorithm'))) out.push({ node: call.node, severity: 'HIGH', confidence: 0.85, detail: 'Tokens are issued unsigned (`algorithm: \'none\'`).' });
    } else if (isJwt(ctx, call, 'decode')) {
      // decode() does not check the signature; only worrying when nothing in the same function verifies.
      const scope = enclosingFunction(call.node, ctx.language) ?? ctx.root;
      const verifies = ctx.calls.some((c) => c.method === 'verify' && c.node.start >= scope.start && c.node.end <= scope.end);
      if (!verifies) out.push({ node: call.node, severity: 'MEDIUM', confidence: 0.5, detail: '`jwt.decode` does not verify the signature; a decoded token must not be trusted for authentication.' });
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'jwt-insecure-verification',
  title: 'JWT accepted without a proper signature check',
  severity: 'HIGH',
  confidence: 0.7,
  taintConfidence: 0.9,
  cwe: 'CWE-347',
  owasp: OWASP.authentication,
  languages: JS_AND_PYTHON,
  description: 'JSON Web Tokens are accepted without verifying their signature with a fixed algorithm, so clients can forge tokens and claims.',
  remediation: 'Verify every token with `jwt.verify(token, key, { algorithms: [\'RS256\'] })` / `jwt.decode(token, key, algorithms=[\'RS256\'])`; never allow `none`, never turn off `verify_signature`, and use `decode` only for display.',
  docs: {
    summary:
      'jsonwebtoken `verify` accepting `none` (HIGH) or without an `algorithms` list (LOW), `sign` with `algorithm: \'none\'`, `decode` with no `verify` in the same function (MEDIUM); PyJWT `decode` with `options={"verify_signature": False}`, `verify=False` or `none` among the algorithms.',
    examples: [
      {
        language: 'javascript',
        bad: "const jwt = require('jsonwebtoken');\nfunction authenticate(req) {\n  return jwt.verify(req.headers.authorization, publicKey, { algorithms: ['RS256', 'none'] });\n}",
        good: "const jwt = require('jsonwebtoken');\nfunction authenticate(req) {\n  return jwt.verify(req.headers.authorization, publicKey, { algorithms: ['RS256'] });\n}",
      },
      {
        language: 'javascript',
        bad: "const jwt = require('jsonwebtoken');\nfunction currentUser(req) {\n  const claims = jwt.decode(req.cookies.session);\n  return claims.sub;\n}",
        good: "const jwt = require('jsonwebtoken');\nfunction currentUser(req) {\n  const claims = jwt.verify(req.cookies.session, process.env.JWT_SECRET, { algorithms: ['HS256'] });\n  return claims.sub;\n}",
      },
      {
        language: 'python',
        bad: "import jwt\n\ndef current_user(token):\n    claims = jwt.decode(token, options={'verify_signature': False})\n    return claims['sub']",
        good: "import jwt\n\ndef current_user(token):\n    claims = jwt.decode(token, PUBLIC_KEY, algorithms=['RS256'])\n    return claims['sub']",
      },
    ],
  },
  match,
  triggers: {
    js: ['jsonwebtoken', 'jwt'],
    python: ['jwt'],
  },
});
