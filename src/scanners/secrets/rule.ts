import { OWASP, type RuleDocs, type RuleMetadata } from '../../core/rules.js';

/**
 * One secrets detection rule: metadata, docs and the detector, side by side.
 * Rules are data; `detect.ts` is the only code that runs them.
 */
export interface SecretRuleDocs extends RuleDocs {
  /** File path the examples are scanned as; required when the rule has a pathPattern. */
  readonly path?: string;
}

export interface MatchContext {
  /** The whole line the match is on (capped in length). */
  readonly line: string;
  /** File path, POSIX, relative to the workspace root. */
  readonly path: string;
  /** The whole file text, for rules that need a neighbour (for example an AWS key id near a secret key). */
  readonly text: string;
  /** Offset of the secret in `text`. */
  readonly offset: number;
  /** The pattern's named groups for this match. */
  readonly groups: Readonly<Record<string, string | undefined>>;
}

/**
 * The shared metadata (title: some are exact contract values, see TITLES;
 * confidence: for a match that passed every check) and the matching fields.
 */
export interface SecretRule extends RuleMetadata<SecretRuleDocs> {
  /**
   * Lower-case literal strings; the rule runs only around places where one of
   * them occurs. Pick the most distinctive part of the format (a prefix, a host).
   * Empty only with a `pathPattern`: the rule then runs over the first 16 KB of
   * every file whose path matches (a key file that holds nothing but the key).
   */
  readonly keywords: readonly string[];
  /**
   * The detector. Must have a named group `secret` holding the sensitive value.
   * Flags other than `i`, `m`, `s`, `u` are ignored; `detect.ts` adds `g` and `d`.
   * Quantifiers must be bounded: every rule is checked for catastrophic backtracking.
   */
  readonly pattern: RegExp;
  /** Minimum Shannon entropy (bits per character) of the secret. */
  readonly minEntropy?: number;
  /** Extra structural check (checksum, decoded shape). Return false to drop the match. */
  readonly validate?: (secret: string, context: MatchContext) => boolean;
  /** Skip the generic placeholder filter (formats whose values may legitimately look repetitive). */
  readonly keepPlaceholders?: boolean;
  /**
   * The secret starts where a keyword occurs (a token prefix such as `ghp_`):
   * the pattern is tried only at keyword positions, once each, instead of over
   * the line. Much cheaper for short or common prefixes. A lookbehind at the
   * start of the pattern still sees the text before.
   */
  readonly anchored?: boolean;
  /**
   * The match starts where the name holding a keyword starts (`db_password = …`,
   * `"apiToken": …`): the detector walks back from the keyword over name
   * characters (`A-Z a-z 0-9 _ . -`) and at most one opening quote, and tries the
   * pattern there once, instead of over the whole line. The pattern must begin
   * with a lookbehind that rejects a name character before the match (so the
   * name's start is the only place a match can begin), and every word its name
   * part can hold must be covered by a keyword.
   */
  readonly startsAtName?: boolean;
  /**
   * Words naming the provider that the rule needs near a value, also accepted from the header of
   * the block the value is in (a YAML parent key, an INI/TOML section, a JSON or HCL object, an
   * XML parent element; see sections.ts). Default, for rules that are neither generic nor
   * anchored: the keywords that are plain words and not credential words (`twilio`, `sumo`).
   */
  readonly context?: readonly string[];
  /** The pattern may span lines (private key blocks); it is run on the text from the keyword's line onwards. */
  readonly multiline?: boolean;
  /**
   * A catch-all rule (for example `password = "…"`): its matches are dropped
   * where a specific rule found a secret on the same span.
   */
  readonly generic?: boolean;
  /**
   * When set, the rule runs only on files whose text matches: tested once per file, at the
   * rule's first keyword there (a `kind: Secret` manifest, a file that mentions `curl`).
   */
  readonly requires?: RegExp;
  /** When set, the rule runs only on files whose path matches (credential files recognised by name). */
  readonly pathPattern?: RegExp;
}

/** A rule as its file writes it: CWE and OWASP default to hard-coded credentials (CWE-798; A07 in 2021 and 2025). */
export type SecretRuleSpec = Omit<SecretRule, 'owasp' | 'cwe'> & { readonly owasp?: readonly string[]; readonly cwe?: string };

/** Titles that other features select on (POST /v1/fix/pr). Exact. */
export const TITLES = Object.freeze({
  awsAccessKey: 'AWS access key',
  githubToken: 'GitHub token',
  slackToken: 'Slack token',
  jwt: 'JWT token',
  envNotIgnored: '.env not in .gitignore',
});

/** Type-checks a rule file and fills the default CWE and OWASP categories. */
export function defineRule(rule: SecretRuleSpec): SecretRule {
  return { ...rule, cwe: rule.cwe ?? 'CWE-798', owasp: rule.owasp ?? OWASP.authentication };
}
