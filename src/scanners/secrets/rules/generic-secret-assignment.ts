import { bareValuesAllowed, isCatalogue, isGeneratedPath, isPublicClientName, isSecretName, lookalike } from '../generic.js';
import { shannonEntropy } from '../heuristics.js';
import { isKubernetesSecret, MANIFEST_PATH, secretEntryAt } from '../kubernetes.js';
import { defineRule } from '../rule.js';
import { enclosingHeaders } from '../sections.js';

/**
 * `password = "…"`, `secret: '…'`, `api_key => "…"`, `DB_PASS=…` and the like,
 * with a value that looks random enough to be a credential. A catch-all, tuned
 * for precision: lower severity and confidence than the specific rules, and
 * silent where a specific rule already reported the same value. Bare
 * (unquoted) values count only where they are literals: settings files,
 * Dockerfiles, shell, and `NAME=value` lines. The look-alikes it rejects are
 * in generic.ts.
 */
export default defineRule({
  id: 'generic-secret-assignment',
  title: 'Hard-coded secret',
  severity: 'MEDIUM',
  confidence: 0.55,
  generic: true,
  // One keyword for every secret word the name part of the pattern can hold (startsAtName needs that):
  // `pass` and `auth` also occur inside other words (compass, author), where the name check rejects them.
  keywords: [
    'pass',
    'pwd',
    'secret',
    'token',
    'api_key',
    'apikey',
    'api-key',
    'api.key',
    'access_key',
    'accesskey',
    'access-key',
    'access.key',
    'auth',
    'private_key',
    'privatekey',
    'private-key',
    'private.key',
    'credential',
  ],
  startsAtName: true,
  // The value ends where a value ends: a longer one (a Sealed Secrets ciphertext) is not reported by its first 200 characters.
  pattern:
    /(?<![\w.-])(?<pre>["'`]?)(?<name>[A-Za-z0-9_.-]{0,60}(?:password|passwd|passphrase|pass|pwd|secret|token|api[_.-]?key|access[_.-]?key|auth[_.-]?key|private[_.-]?key|credentials?|auth)[A-Za-z0-9_.-]{0,40})(?<close>["'`]?)\s{0,4}(?::=|=>|=|:)\s{0,4}(?<q>["'`]?)(?<secret>[^"'`\s\\(){}[\],;<>]{8,200})(?![^"'`\s\\(){}[\],;<>])\k<q>(?<after>[([{]?)/i,
  validate: (secret, { groups, line, path, text, offset }) => {
    const name = groups.name ?? '';
    const bare = !groups.q;
    // A bare value followed by `(`, `[` or `{` is a call or an index: code, not a literal.
    if (bare && (groups.after || !bareValuesAllowed(path, line))) return false;
    // "Password:" inside a string literal is a label, not a key: a quoted name must be closed before the separator.
    if (groups.pre && !groups.close) return false;
    if (!isSecretName(name.replace(/[.-]/g, '_')) || secret.toLowerCase() === name.toLowerCase()) return false;
    if (isGeneratedPath(path, line)) return false;
    // Catalogue values are words; only something plainly machine-made counts there.
    if (isCatalogue(path) && (secret.length < 16 || !/[0-9]/.test(secret) || shannonEntropy(secret) < 4)) return false;
    if (lookalike(secret, line, bare) !== undefined) return false;
    // A Kubernetes Secret's data: value is base64: the manifest rule judges it decoded ("my-client-secret" is no secret).
    if (MANIFEST_PATH.test(path) && isKubernetesSecret(text) && secretEntryAt(text, offset)?.encoded === true) return false;
    // A client-side id under its provider's section (`datadog:` / `  client_token: pub…`, `"Mixpanel": {` / `"ProjectToken": …`),
    // or a value encrypted for the repository on purpose (a SealedSecret's `encryptedData:`).
    return !enclosingHeaders(text, offset).some((parent) => isPublicClientName(`${parent}_${name}`) || /^encrypted[_-]?data$/i.test(parent));
  },
  description:
    'A value that looks like a password, token or key is assigned in code or configuration. Anyone who can read the repository can use it.',
  remediation:
    'Move the value to an environment variable or a secret manager and read it at run time. If it was ever real, rotate it and remove it from git history.',
  docs: {
    summary:
      'Passwords, secrets, tokens and API keys assigned to a secret-named key, when the value is random-looking: quoted anywhere, bare in settings files, Dockerfiles, shell and `NAME=value` lines. Digests, UUIDs, public keys, placeholders, references, words and generated files are not reported.',
    bad: [
      'DB_PASSWORD = "r8T#kq2' + '!Vx9mLp"',
      "const apiKey = 'f3a9c1e7b2d84a6c" + "9e0f1a2b3c4d5e6f';",
      'client_secret: "Qz7wXv3' + 'Lk9Tp2Rn8"',
      'DB_PASS=Hq7Lm2V' + 'b9Kp4Wn',
      'export SERVICE_AUTH_TOKEN=' + 'k3Jf9QmZ2xPw7Rt',
    ],
    good: [
      'password = "password"',
      '"secretlint": "bin/secretlint.js"',
      '$e.createElement("label",{htmlFor:"auth_password"},"Password:"),$?$e.createElement("code",null," ******")',
      'mode = useToken ? "client_credentials" : "clientCredentials"',
      "settings: { password: 'real-secret-6-levels' }",
      "'Lock-Token': 'urn:uuid:a515cfa4-5da4-22e1-f5b5-00a0451e6bf7'",
      "password: '#/components/schemas/password'",
      'def sign(self, private_key: "_RSAPrivateKey", data: bytes) -> bytes:',
      'const passwordField = "user-password-input";',
      'DB_PASSWORD = os.environ["DB_PASSWORD"]',
      'token_url = "https://auth.example.com/token"',
      'password: "${DB_PASSWORD}"',
      "secret = 'changeme'",
      'const tokenType = "Bearer";',
      'const password = getPassword2(user);',
      'api_token = settings.API_TOKEN_2',
      'password_sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"',
      '"integrity": "sha512-' + 'Qz7wXv3Lk9Tp2Rn8Hq7Lm2Vb9Kp4Wn8Rt3Yh6Jd1Fs5Gc0Xz8Ta4Qe2Ur6Iw=="',
      'api_key: 3f7a9c2e-5b1d-4e8f-a6c0-9d2b7e4f1a8c',
      'public_key = "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE4rW"',
      'password: %(db_password)s',
      'token = {{ vault_token }}',
      'auth_token = xxxxxxxxxxxxxxxx',
      'passwordPattern = /^(?=.*\\d)[A-Za-z\\d]{8,}$/',
      'bypass = compass2go1',
    ],
  },
});
