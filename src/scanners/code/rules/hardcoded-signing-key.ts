import { textOf, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { usesFunctionModel } from '../parser.js';
import { defineRule, OWASP, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { assignedLiteral } from './jwt-hardcoded-secret.js';
import { assignedValues, stringLiteral } from '../helpers.js';

/**
 * Calls that take an HMAC or JWT signing key, per language, and the position of the key. JWT
 * signing in JavaScript (`jwt.sign`) and Python (`jwt.encode`) is the jwt-hardcoded-secret rule's.
 */
interface KeySink {
  readonly test: (call: QualifiedCall) => boolean;
  readonly key: number;
  readonly what: string;
}

const SINKS: Readonly<Record<string, readonly KeySink[]>> = Object.freeze({
  javascript: [{ test: (c) => c.qualified === 'crypto.createHmac' || c.method === 'createHmac', key: 1, what: 'HMAC key of `createHmac`' }],
  python: [
    { test: (c) => c.qualified === 'hmac.new' || c.qualified === 'hmac.digest' || c.qualified === 'hmac.HMAC', key: 0, what: 'HMAC key of `hmac.new`' },
    { test: (c) => /(?:^|\.)(?:URLSafeTimedSerializer|URLSafeSerializer|TimestampSigner|Signer|Serializer)$/.test(c.qualified) && c.qualified.startsWith('itsdangerous'), key: 0, what: 'secret key of an itsdangerous signer' },
  ],
  java: [
    { test: (c) => c.isNew && c.method === 'SecretKeySpec', key: 0, what: 'key bytes of `SecretKeySpec`' },
    { test: (c) => /^HMAC(?:256|384|512)$/.test(c.method) && /Algorithm$/.test(c.name.replace(/\.HMAC\d+$/, '')), key: 0, what: 'HMAC secret of java-jwt `Algorithm`' },
    { test: (c) => c.method === 'hmacShaKeyFor', key: 0, what: 'key of jjwt `Keys.hmacShaKeyFor`' },
    { test: (c) => c.method === 'setSigningKey' || c.method === 'signWith', key: -1, what: 'signing key of jjwt' },
    // Spring Security signs remember-me cookies with an HMAC of this key.
    { test: (c) => c.method === 'key' && /\.rememberMe\(\)\.key$/.test(c.name), key: 0, what: 'key that signs Spring Security remember-me cookies' },
    { test: (c) => c.isNew && /^(?:TokenBased|PersistentTokenBased)RememberMeServices$/.test(c.method), key: 0, what: 'key that signs Spring Security remember-me cookies' },
  ],
  go: [
    { test: (c) => c.name === 'hmac.New', key: 1, what: 'HMAC key of `hmac.New`' },
    { test: (c) => c.method === 'SignedString', key: 0, what: 'signing key of `SignedString`' },
    // Session cookie stores authenticate their cookies with an HMAC of this key (gorilla/sessions, gin-contrib/sessions).
    { test: (c) => /(?:^|\.)NewCookieStore$/.test(c.name) || c.name === 'cookie.NewStore', key: 0, what: 'authentication key of a session cookie store' },
    { test: (c) => /(?:^|\.)NewFilesystemStore$/.test(c.name), key: 1, what: 'authentication key of a session store' },
  ],
  php: [
    { test: (c) => c.name === 'hash_hmac' || c.name === 'hash_hmac_file', key: 2, what: 'HMAC key of `hash_hmac`' },
    { test: (c) => /(?:^|\\)JWT(?:::|\.)encode$/.test(c.name), key: 1, what: 'signing key of `JWT::encode`' },
  ],
  ruby: [
    { test: (c) => /OpenSSL::HMAC\.(?:hexdigest|digest|base64digest)$/.test(c.name), key: 1, what: 'HMAC key of `OpenSSL::HMAC`' },
    { test: (c) => /^JWT\.(?:encode|decode)$/.test(c.name), key: 1, what: 'signing key of `JWT`' },
  ],
});

/** A constant byte string: `"k".getBytes()`, `[]byte("k")`, `Buffer.from('k')`, `'k'.encode()`, a literal, or a variable assigned one. */
function constantKey(ctx: RuleContext, node: SyntaxNode | undefined, depth = 0): string | undefined {
  if (!node || depth > 3) return undefined;
  const n = unwrap(node, ctx.profile);
  if (!usesFunctionModel(ctx.language)) {
    const direct = assignedLiteral(ctx, n);
    if (direct !== undefined) return direct;
  } else {
    const direct = stringLiteral(ctx, n);
    if (direct !== undefined) return direct;
    if (n.type === 'identifier' || n.type === 'variable_name') {
      const values = assignedValues(ctx, n);
      return values.length === 1 ? constantKey(ctx, values[0], depth + 1) : undefined;
    }
  }
  const text = textOf(ctx.text, n);
  // Wrappers that turn a literal into bytes: `[]byte("k")`, `Buffer.from('k')`, `"k".getBytes(UTF_8)`, `'k'.encode()`.
  const m = text.length < 300 ? WRAPPED.exec(text) : null;
  if (m && !/\$\{|#\{/.test(m[2] ?? '')) return m[2];
  return stringLiteral(ctx, n);
}

const WRAPPED = /^(?:\[\]byte\s*\(\s*|Buffer\.from\s*\(\s*|new\s+TextEncoder\(\)\.encode\s*\(\s*|(?=["'`]))(["'`])((?:(?!\1)[^\\]|\\.){0,200})\1\s*(?:\)|,[^()]*\)|\.\s*(?:getBytes|encode)\s*\([^()]*\))$/;

function match(ctx: RuleContext): Match[] {
  const sinks = SINKS[ctx.language === 'typescript' || ctx.language === 'tsx' ? 'javascript' : ctx.language] ?? [];
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const sink = sinks.find((s) => s.test(call));
    if (!sink) continue;
    const arg = sink.key === -1 ? call.args.at(-1) : (call.args[sink.key] ?? call.kwargs.get('key') ?? call.kwargs.get('secret_key'));
    const key = constantKey(ctx, arg);
    if (key === undefined || key.length === 0) continue;
    out.push({ node: call.node, secrets: [key], detail: `The ${sink.what} is a ${key.length}-character constant in the source.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'hardcoded-signing-key',
  title: 'HMAC or token signing key hard-coded in the source',
  severity: 'HIGH',
  confidence: 0.8,
  taintConfidence: 0.9,
  cwe: 'CWE-321',
  owasp: OWASP.cryptography,
  languages: Object.freeze(['javascript', 'typescript', 'tsx', 'python', 'java', 'go', 'php', 'ruby']),
  description: 'A key that signs or authenticates data (an HMAC key, a JWT secret, a signed-cookie secret) is written in the source, so anyone who reads the code or the built artefact can forge signatures.',
  remediation: 'Load the key from a secret store or an environment variable at start-up, generate it randomly (at least 32 bytes), and rotate the one in the code: it is already public to everyone with the repository.',
  docs: {
    summary:
      'Node `crypto.createHmac(alg, \'literal\')`; Python `hmac.new(b\'literal\', …)` and itsdangerous signers; Java `new SecretKeySpec("literal".getBytes(), …)`, java-jwt `Algorithm.HMAC256("literal")`, jjwt `Keys.hmacShaKeyFor`/`signWith`/`setSigningKey`, Spring Security remember-me keys (`http.rememberMe().key("literal")`, `new TokenBasedRememberMeServices("literal", …)`); Go `hmac.New(sha256.New, []byte("literal"))`, `token.SignedString([]byte("literal"))` and session cookie stores (gorilla `sessions.NewCookieStore`/`NewFilesystemStore`, gin-contrib `cookie.NewStore`); PHP `hash_hmac(alg, $data, \'literal\')` and `JWT::encode($p, \'literal\', …)`; Ruby `OpenSSL::HMAC.hexdigest(alg, \'literal\', data)` and `JWT.encode/decode`. Keys given directly or through a variable assigned a literal.',
    examples: [
      {
        language: 'javascript',
        bad: "const crypto = require('crypto');\nfunction sign(data) {\n  return crypto.createHmac('sha256', 'pa4qacea4VK9t9nGv7yZtwmj').update(data).digest('hex');\n}",
        good: "const crypto = require('crypto');\nfunction sign(data) {\n  return crypto.createHmac('sha256', process.env.HMAC_KEY).update(data).digest('hex');\n}",
      },
      {
        language: 'python',
        bad: "import hashlib\nimport hmac\n\ndef sign(message):\n    return hmac.new(b'change-me', message, hashlib.sha256).hexdigest()",
        good: "import hashlib\nimport hmac\nimport os\n\ndef sign(message):\n    return hmac.new(os.environ['HMAC_KEY'].encode(), message, hashlib.sha256).hexdigest()",
      },
      {
        language: 'php',
        bad: "<?php\nfunction sign($data) {\n    return hash_hmac('sha256', $data, 'mysecret');\n}",
        good: "<?php\nfunction sign($data) {\n    return hash_hmac('sha256', $data, getenv('HMAC_KEY'));\n}",
      },
      {
        language: 'ruby',
        bad: "def sign(data)\n  OpenSSL::HMAC.hexdigest('SHA256', 'rubysecret', data)\nend",
        good: "def sign(data)\n  OpenSSL::HMAC.hexdigest('SHA256', ENV.fetch('HMAC_KEY'), data)\nend",
      },
      {
        language: 'go',
        bad: 'package auth\n\nfunc Sign(msg []byte) []byte {\n\tmac := hmac.New(sha256.New, []byte("s3cr3t-key"))\n\tmac.Write(msg)\n\treturn mac.Sum(nil)\n}',
        good: 'package auth\n\nfunc Sign(msg []byte) []byte {\n\tmac := hmac.New(sha256.New, []byte(os.Getenv("HMAC_KEY")))\n\tmac.Write(msg)\n\treturn mac.Sum(nil)\n}',
      },
      {
        language: 'java',
        bad: 'class Tokens {\n  String issue(String user) {\n    return JWT.create().withSubject(user).sign(Algorithm.HMAC256("changeit"));\n  }\n}',
        good: 'class Tokens {\n  String issue(String user) {\n    return JWT.create().withSubject(user).sign(Algorithm.HMAC256(System.getenv("JWT_KEY")));\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['createHmac', 'hmac', 'HMAC', 'SecretKeySpec', 'HMAC256', 'HMAC384', 'HMAC512', 'hmacShaKeyFor', 'setSigningKey', 'signWith', 'SignedString', 'rememberMe', 'TokenBasedRememberMeServices', 'PersistentTokenBasedRememberMeServices', 'NewCookieStore', 'NewFilesystemStore', 'NewStore', 'hash_hmac', 'hash_hmac_file', 'JWT', 'itsdangerous'],
});
