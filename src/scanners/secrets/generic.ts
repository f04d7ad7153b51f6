/**
 * What the generic detector knows: which names hold secrets, which files hold
 * bare (unquoted) values, and the values that only look like credentials —
 * digests, UUIDs, public keys, placeholders, references, words. Shared by the
 * `generic-secret-assignment` rule and by prompt redaction.
 */
import { isPlaceholder, shannonEntropy } from './heuristics.js';

/** The secret words a name may hold. `pass`, `pwd` and `auth` must stand as words of their own. */
export const SECRET_NAME_WORD =
  /password|passwd|passphrase|pass|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|credentials?|auth/i;

/** The same, for walking through a name (shared: callers reset `lastIndex`). */
const SECRET_NAME_WORDS = new RegExp(SECRET_NAME_WORD.source, 'gi');

/** Last words of names that hold something about a secret rather than the secret itself. */
const NOT_A_SECRET_WORD = new Set(
  (
    'name type field label id url uri path file dir header param length len min max policy hint prompt regex pattern format env var ' +
    'enabled required expire expires expiry ttl count prefix suffix endpoint placeholder input form error message msg title text ' +
    'description keyid version mode kind class style icon selector event route column table hash hashed digest checksum sha sha1 sha256 ' +
    'sha512 md5 fingerprint rounds cert certificate provider method strategy scope user username issuer audience location store storage ' +
    'helper command cmd filename timeout size retries rotation reset confirm confirmation changed updated created limit flow grant ' +
    'service driver mechanism algorithm alg encoding expiration lifetime duration interval check validation validator strength ' +
    'complexity visible visibility toggle show hide reveal button btn link page view screen dialog modal ref reference source exchange ' +
    'request response callback handler'
  ).split(' '),
);

/** The last word of a name: after the last separator or CamelCase boundary, lower case, without a plural s. */
function lastWord(name: string): string {
  const word = /(?:[A-Z]?[a-z0-9]+|[A-Z0-9]+)$/.exec(name.replace(/[_.\-\s]+$/, ''))?.[0] ?? '';
  const lower = word.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}

/**
 * Names whose "token" or "key" is a client-side identifier that providers
 * publish in every web page by design: Mixpanel and PostHog project tokens,
 * Amplitude and Segment browser keys, Rollbar post_client_item tokens, Algolia
 * search-only keys, Datadog client tokens, reCAPTCHA/Turnstile site keys,
 * Stripe publishable keys, LaunchDarkly client-side ids.
 */
const PUBLIC_CLIENT_NAME =
  /mixpanel[_.-]?(?:project[_.-]?)?token|amplitude[_.-]?(?:api[_.-]?)?key|segment[_.-]?write[_.-]?key|rollbar[_.-]?(?:client|post[_.-]?client[_.-]?item)[_.-]?(?:access[_.-]?)?token|post[_.-]?client[_.-]?item|algolia[_.-]?search[_.-]?(?:only[_.-]?)?(?:api[_.-]?)?key|(?:datadog|dd)[_.-]?client[_.-]?token|(?:recaptcha|turnstile|hcaptcha)[_.-]?site[_.-]?key|publishable[_.-]?key|client[_.-]?side[_.-]?id|posthog[_.-]?(?:project[_.-]?)?(?:api[_.-]?)?(?:key|token)/i;

/** Whether a key's last word says it holds something about a secret or an identifier, not a secret (`description`, `api_url`). */
export function namesSomethingElse(name: string): boolean {
  return NOT_A_SECRET_WORD.has(lastWord(name));
}

/** Whether a key name (with its section's name before it: `datadog_client_token`) names a client-side identifier. */
export function isPublicClientName(name: string): boolean {
  return PUBLIC_CLIENT_NAME.test(name);
}

/** Whether a key name names a secret: a secret word that ends it or starts one of its words. */
export function isSecretName(name: string): boolean {
  if (NOT_A_SECRET_WORD.has(lastWord(name)) || /public|(?:^|[_.-])pub(?:$|[_.-])/i.test(name) || PUBLIC_CLIENT_NAME.test(name)) return false;
  const re = SECRET_NAME_WORDS;
  re.lastIndex = 0;
  for (let m = re.exec(name); m !== null; m = re.exec(name)) {
    const before = name.charAt(m.index - 1);
    const after = name.charAt(m.index + m[0].length);
    // The word starts the name, follows a separator or starts a CamelCase word…
    const starts = before === '' || /[_.\-\s]/.test(before) || (/[a-z0-9]/.test(before) && /[A-Z]/.test(m[0].charAt(0))) || /^(?:password|passwd|secret|token|credential)/i.test(m[0]);
    // …and ends it or is followed by a separator or a new CamelCase word (api_token_value, passwordHash — not tokenizer).
    const ends = after === '' || /[_.\-\s]/.test(after) || /[A-Z]/.test(after) || (/[0-9]/.test(after) && !/auth|pass/i.test(m[0]));
    if (starts && ends) return true;
  }
  return false;
}

/** Settings files, shell and Dockerfiles: there a bare value after `=`/`:` is a literal, not code. */
const BARE_VALUE_PATH =
  /\.(?:env|ini|cfg|conf|cnf|properties|ya?ml|toml|tfvars|sh|bash|zsh|ksh|envrc|xml|config|plist|npmrc|pypirc|netrc|service|desktop|gradle)$|(?:^|\/)(?:\.env(?:\.[\w.-]{1,40})?|[\w.-]{1,60}\.env|Dockerfile(?:\.[\w.-]{1,40})?|Containerfile|Procfile|\.?netrc|\.npmrc|\.pypirc|\.htaccess)$/i;
/** `NAME=value` as dotenv, shells, Dockerfiles and compose lists write it, in any file. */
const ENV_STYLE_LINE = /^[ \t]{0,16}(?:-[ \t]{1,4}|export[ \t]{1,4}|ENV[ \t]{1,4}|ARG[ \t]{1,4}|set[ \t]{1,4})?["']?[A-Z][A-Z0-9_]{1,80}=/;

export function bareValuesAllowed(path: string, line: string): boolean {
  return BARE_VALUE_PATH.test(path) || ENV_STYLE_LINE.test(line);
}

/** Translation catalogues: their values are sentences and words of some language. */
const CATALOGUE_PATH =
  /(?:^|\/)(?:i18n|l10n|locales?|lang|langs|languages|translations?)\/|\.(?:po|pot|xliff|xlf|resx|strings|stringsdict|arb)$|(?:^|[/_.-])[a-z]{2,3}[_-](?:[A-Z]{2}|[A-Z][a-z]{3})\.(?:json|ya?ml|properties)$|(?:^|\/)(?:messages|strings|labels|translations?|resources?|bundle)(?:[_-][a-z]{2,3}(?:[_-][A-Z]{2})?)?\.properties$/;

export function isCatalogue(path: string): boolean {
  return CATALOGUE_PATH.test(path);
}

/** Files whose long lines are generated code or data. */
const LOCKFILE_PATH = /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.ya?ml|bun\.lock|Cargo\.lock|poetry\.lock|Pipfile\.lock|composer\.lock|Gemfile\.lock|go\.sum|packages\.lock\.json|mix\.lock|pubspec\.lock|Podfile\.lock|flake\.lock|uv\.lock)$/;
const MINIFIED_PATH = /[.-]min\.[cm]?js$|\.min\.css$|[.-]bundle\.[cm]?js$|\.chunk\.[cm]?js$/i;

export function isGeneratedPath(path: string, line: string): boolean {
  return LOCKFILE_PATH.test(path) || MINIFIED_PATH.test(path) || (line.length >= 1000 && /\.(?:[cm]?js|css|json)$/i.test(path));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Subresource and lockfile integrity values, digests with their algorithm. */
const INTEGRITY = /^(?:sha(?:1|224|256|384|512)|md5|blake2b?|xxh\d{0,3})[-:]/i;
/** Public keys and certificates. */
const PUBLIC_KEY = /^(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-|sk-ssh-|age1[0-9a-z]{20}|npub1|-----BEGIN (?:PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY|PGP PUBLIC)|MII[A-Za-z0-9+/]{0,4}(?:CgKCAQEA|IjANBgkqhkiG9w0BAQEF))/;
/** Digest-like hex lengths (MD5, SHA-1, SHA-256, SHA-512). */
const DIGEST_HEX = /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64}|[0-9a-f]{128})$/i;
const CHECKSUM_CONTEXT = /\b(?:sha\d{0,3}|md5|hash|digest|checksum|integrity|fingerprint|commit|revision|rev|etag|sum)\b|sha\d{1,3}|checksum|digest/i;
/** Templates, interpolations and stand-ins that placeholders.ts does not already know. */
const TEMPLATE = /\$\{|\$\(|\{\{|\}\}|\{%|%\(|%[sd]\b|#\{|@@|^__[\w-]{1,60}__$|^%[\w.]{1,60}%$|^[xX*•.#_-]{4,}$|^(?:x{3,}|X{3,})|x{4,}|X{4,}|^(?:none|null|nil|undefined|true|false|yes|no|on|off|empty|secret|password|token|string|required|optional|default|unset|tbd|n\/a)$/i;
/** A reference to something else: dotted names, calls, indexing, constants. */
const REFERENCE = /^[A-Za-z_$][\w$]{0,80}(?:\.[A-Za-z_$][\w$]{0,80}){1,10}$|^(?:self|this|cls|ctx|context|config|settings|env|secrets|vars|params|props|options|opts|args|process|os|System|Environment|ENV|Rails|app|request|req)[.[:]/;

/**
 * Why a value assigned to a secret name is not a credential, or undefined when it may be one.
 * `line` gives checksum context; `bare` marks an unquoted value.
 */
export function lookalike(value: string, line: string, bare: boolean): string | undefined {
  // Non-ASCII means words of a language, not a token.
  if (/[^\x21-\x7e]/.test(value)) return 'words';
  if (isPlaceholder(value) || TEMPLATE.test(value)) return 'placeholder';
  // YAML anchors, aliases and tags.
  if (bare && /^[&*!|>]/.test(value)) return 'reference';
  if (REFERENCE.test(value)) return 'reference';
  if (UUID.test(value)) return 'uuid';
  if (INTEGRITY.test(value)) return 'digest';
  if (DIGEST_HEX.test(value) && CHECKSUM_CONTEXT.test(line.replace(value, ' '))) return 'digest';
  if (PUBLIC_KEY.test(value)) return 'public key';
  if (value.includes('://') || /^(?:\.{1,2}|~)?\/|^[#?]/.test(value) || /^[\w.-]+(?:\/[\w.-]+)+$/.test(value) || /^[a-z]{2,10}:/i.test(value)) return 'path or url';
  // Values that describe themselves: "real-secret-6-levels", "password-for-30001", "qwerty!@#…".
  if (/pass(?:word|wd)|secret|token|credential|api_?key|qwerty|12345|abcdef/i.test(value)) return 'self-describing';
  // Words and identifiers without digits ("clientCredentials", "_RSAPrivateKey"): names, not secrets.
  if (/^[A-Za-z_$][A-Za-z_$.-]*$/.test(value) && (value.length < 24 || shannonEntropy(value) < 4)) return 'identifier';
  // Words joined by separators ("not-a-real-key", "Hello_World_2"): prose.
  if (/^(?:[A-Za-z]{2,20}[ _.-]){2,}[A-Za-z0-9]{0,20}$/.test(value) && !/[A-Z].*[0-9]|[0-9].*[A-Z]/.test(value)) return 'words';
  // snake_case and kebab-case names, words with a version digit or two ("google_oauth2_state", "app-v2-prod").
  if (/^[a-z]{1,20}\d{0,2}(?:[_.-][a-z]{1,20}\d{0,2}){1,8}$|^[A-Z]{1,20}\d{0,2}(?:[_.-][A-Z]{1,20}\d{0,2}){1,8}$/.test(value)) return 'words';
  // Numbers, versions and dates.
  if (/^[\d.:/+-]+$/.test(value) || /^v?\d{1,4}(?:\.\d{1,6}){1,3}(?:[-+][\w.]{1,40})?$/.test(value)) return 'number';
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  if (classes < 2 || shannonEntropy(value) < 3) return 'low entropy';
  // Unquoted, a value must look generated, not typed: longer, with digits.
  if (bare && (value.length < 10 || !/[0-9]/.test(value) || shannonEntropy(value) < 3.3)) return 'low entropy';
  return undefined;
}
