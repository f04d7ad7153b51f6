/**
 * Precision filters shared by every secrets rule: entropy, placeholders,
 * variable references and documented example values.
 */

/** Shannon entropy in bits per character. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Words that mark a value as a stand-in rather than a credential. */
const PLACEHOLDER_WORDS = [
  'example',
  'placeholder',
  'changeme',
  'change_me',
  'change-me',
  'your_',
  'your-',
  'yourkey',
  'yourtoken',
  'yoursecret',
  'yourpassword',
  'insert',
  'redacted',
  'dummy',
  'sample',
  'replace',
  'xxxxxx',
  '******',
  '......',
  '<',
  '>',
  '{{',
  '}}',
  'fixme',
  'todo',
];

/** Any of PLACEHOLDER_WORDS, in any case: one regex instead of a loop of `includes`. */
const PLACEHOLDER_WORD = new RegExp(PLACEHOLDER_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');

/** Forms that reference a value kept elsewhere: ${VAR}, $VAR, process.env.X, os.environ[...], {{ secrets.X }}. */
const REFERENCE = /^(?:\$\{?[A-Za-z_][\w.]{0,100}\}?|%[A-Za-z_]\w{0,100}%|(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|env|ENV|secrets|vars|config|settings)\b.{0,100})$/;

/** A value whose characters are mostly one repeated or sequential run ("aaaa…", "1234…", "abcd…"). */
function looksSequentialOrRepeated(value: string): boolean {
  if (value.length < 8) return false;
  let repeated = 0;
  let sequential = 0;
  for (let i = 1; i < value.length; i++) {
    const d = value.charCodeAt(i) - value.charCodeAt(i - 1);
    if (d === 0) repeated++;
    else if (d === 1) sequential++;
  }
  return repeated / (value.length - 1) > 0.6 || sequential / (value.length - 1) > 0.6;
}

/** Whether `value` has at most `most` distinct characters (stops at the first one past it). */
function fewDistinct(value: string, most: number): boolean {
  const seen: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (seen.includes(code)) continue;
    if (seen.length === most) return false;
    seen.push(code);
  }
  return true;
}

/** True when the value is obviously not a real credential. */
export function isPlaceholder(value: string): boolean {
  if (PLACEHOLDER_WORD.test(value)) return true;
  if (REFERENCE.test(value)) return true;
  if (looksSequentialOrRepeated(value)) return true;
  // Six identical characters in a row: padding or a mask ("ghp_Personal…00000000"), almost never in a random value.
  if (/(.)\1{5}/.test(value)) return true;
  // Only a handful of distinct characters across a long value: a mask or a filler.
  if (value.length >= 12 && fewDistinct(value.toLowerCase(), 3)) return true;
  return false;
}

const TEST_PATH = /(?:^|\/)(?:tests?|__tests__|specs?|fixtures?|__fixtures__|testdata|test-data|mocks?|__mocks__|examples?|samples?|demo)(?:\/|$)|(?:^|[./_-])(?:test|spec|mock|fixture|example|sample)s?\.[A-Za-z0-9]+$/i;

/** Paths of tests, fixtures and examples: findings there keep their place but lose confidence. */
export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}

/** Confidence multiplier applied under test and example paths. */
export const TEST_PATH_CONFIDENCE_FACTOR = 0.5;
