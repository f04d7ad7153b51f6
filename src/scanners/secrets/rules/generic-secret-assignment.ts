import { shannonEntropy } from '../heuristics.js';
import { defineRule } from '../rule.js';

/** Names that hold something about a secret rather than the secret itself. */
const NOT_A_SECRET_NAME =
  /(?:name|type|field|label|id|url|uri|path|file|dir|header|param|length|len|min|max|policy|hint|prompt|regex|pattern|format|env|var|enabled|required|expires?|expiry|ttl|count|prefix|suffix|endpoint|placeholder|input|form|error|message|msg|title|text|description|key_?id|version|mode|kind|class|style|icon|selector|event|route|column|table)s?$/i;

function characterClasses(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

/**
 * `password = "…"`, `secret: '…'`, `api_key => "…"` and the like, with a value
 * that looks random enough to be a credential. A catch-all, tuned for
 * precision: lower severity and confidence than the specific rules, and silent
 * where a specific rule already reported the same value.
 */
export default defineRule({
  id: 'generic-secret-assignment',
  title: 'Hard-coded secret',
  severity: 'MEDIUM',
  confidence: 0.55,
  generic: true,
  keywords: ['password', 'passwd', 'pwd', 'secret', 'token', 'api_key', 'apikey', 'api-key', 'access_key', 'accesskey', 'auth_key', 'private_key', 'credential'],
  pattern:
    /(?<pre>["'`]?)(?<name>[A-Za-z0-9_.-]{0,40}(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?)(?<suffix>[A-Za-z0-9_-]{0,30}))(?<close>["'`]?)\s{0,4}(?::=|=>|=|:)\s{0,4}(?<q>["'`])(?<secret>[^"'`\s\\(){}[\],;<>]{8,200})\k<q>/i,
  validate: (secret, { groups }) => {
    const name = groups.name ?? '';
    // "Password:" inside a string literal is a label, not a key: a quoted name must be closed before the separator.
    if (groups.pre && !groups.close) return false;
    // The keyword must end the name or start a new word in it: api_token_value, passwordHash — not secretlint, tokenizer.
    if (groups.suffix && !/^[_.-]|^[A-Z]/.test(groups.suffix)) return false;
    if (NOT_A_SECRET_NAME.test(name)) return false;
    if (secret.includes('://') || /^(?:\.{1,2}|~)?\/|^[#?]/.test(secret) || /^[\w.-]+(?:\/[\w.-]+)+$/.test(secret) || /^[a-z]{2,10}:/i.test(secret)) return false;
    // Values that describe themselves: "real-secret-6-levels", "password-for-30001", "qwerty!@#…".
    if (/pass(?:word|wd)|secret|token|qwerty|12345|abcdef/i.test(secret)) return false;
    // Words and identifiers without digits ("clientCredentials", "_RSAPrivateKey" as a quoted type): names, not secrets.
    if (/^[A-Za-z_$][A-Za-z_$.-]*$/.test(secret) && (secret.length < 24 || shannonEntropy(secret) < 4)) return false;
    if (secret.toLowerCase() === name.toLowerCase()) return false;
    return characterClasses(secret) >= 2 && shannonEntropy(secret) >= 3;
  },
  cwe: 'CWE-798',
  description:
    'A value that looks like a password, token or key is assigned in code or configuration. Anyone who can read the repository can use it.',
  remediation:
    'Move the value to an environment variable or a secret manager and read it at run time. If it was ever real, rotate it and remove it from git history.',
  docs: {
    summary: 'Passwords, secrets, tokens and API keys assigned as quoted literals, when the value is random-looking.',
    ng: ['DB_PASSWORD = "r8T#kq2' + '!Vx9mLp"', "const apiKey = 'f3a9c1e7b2d84a6c" + "9e0f1a2b3c4d5e6f';", 'client_secret: "Qz7wXv3' + 'Lk9Tp2Rn8"'],
    ok: [
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
    ],
  },
});
