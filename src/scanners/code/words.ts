/** Words of names and the SQL shape of text: engine-neutral helpers of the code rules (reached through helpers.ts). */
import { all, inStrings, type Trigger } from './prefilter.js';

/** The words of an identifier or expression text: `resetToken`, `reset_token`, `RESET-TOKEN` → `reset`, `token`. */
export const nameWords = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);

const PASSWORD_WORDS = new Set(['password', 'passwd', 'passphrase', 'pwd', 'pass', 'pw', 'credential', 'credentials']);

/** Whether a name or expression mentions a password. */
export const mentionsPassword = (text: string): boolean => nameWords(text).some((w) => PASSWORD_WORDS.has(w) || /^(?:password|passwd)/.test(w));

/**
 * Prefilter terms for SQL_TEXT: the keywords of one of its alternatives, in the text of string
 * literals (only a literal's text makes an argument's constant text). No leading `\b`: the
 * literal text joins string pieces with spaces, so a keyword right after an escape sequence
 * (`\nSELECT`) starts a word there but not in the source.
 */
export const SQL_KEYWORDS: readonly Trigger[] = Object.freeze([
  all(inStrings(/select\b/i), inStrings(/from\b/i)),
  all(inStrings(/insert\b/i), inStrings(/into\b/i)),
  all(inStrings(/update\b/i), inStrings(/set\b/i)),
  all(inStrings(/delete\b/i), inStrings(/from\b/i)),
  inStrings(/where\b/i),
  all(inStrings(/order\b/i), inStrings(/by\b/i)),
  inStrings(/values\b/i),
  all(inStrings(/drop\b/i), inStrings(/table\b/i)),
  all(inStrings(/create\b/i), inStrings(/table\b/i)),
  all(inStrings(/union\b/i), inStrings(/select\b/i)),
]);

export const SQL_TEXT = /\b(?:select\b[\s\S]*\bfrom|insert\s+into|update\b[\s\S]*\bset|delete\s+from|where\b|order\s+by|values\s*\(|drop\s+table|create\s+table|union\s+select)/i;
