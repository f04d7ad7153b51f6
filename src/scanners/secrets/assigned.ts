/**
 * Pattern builder for credentials that carry no prefix of their own: the value
 * counts only where it is assigned to a name that mentions the provider
 * (`MESSAGEBIRD_API_KEY=…`, `"sumo_access_key": "…"`, `require('messagebird')('…')`).
 * The provider name is the rule's keyword, so the regex runs only on lines
 * that mention it.
 */

/** Characters that may continue a value: a match that is followed by one is a slice of something longer. */
const VALUE_TAIL = '(?![A-Za-z0-9_+/=-])';
/** Names that hold an identifier or an address, not a credential: SNYK_ORG_ID, opsgenie_team_id, SENTRY_URL. */
const NOT_SECRET_NAME = '(?<![_.-](?:ids?|url|uri|host|region|user|username|name|email))';

/**
 * `names`: regex source of the provider names (alternation allowed, matched
 * case-insensitively). `value`: regex source of the value's own shape, with
 * bounded quantifiers. `keyWords`: regex source of words the key must also
 * contain after the provider name (`secret` where the provider's other keys
 * hold public ids). Between the name and the separator up to 32 more name
 * characters may follow (`_API_KEY`, `.secret`, `AccessToken`), but not a
 * last word that makes the value an identifier or address (`_ORG_ID`, `_URL`).
 */
export function assignedTo(names: string, value: string, keyWords?: string): RegExp {
  const nameTail = keyWords === undefined ? '[A-Za-z0-9_.-]{0,32}?' : `[A-Za-z0-9_.-]{0,20}?(?:${keyWords})[A-Za-z0-9_.-]{0,16}?`;
  const sameLine = `(?:${names})${nameTail}${NOT_SECRET_NAME}["'\\])]{0,3}\\s{0,4}(?::=|=>|=|:|\\()\\s{0,4}["'\`]?`;
  const section = SECTION.replace('NAMES', names).replace('KEYWORDS', keyWords ?? 'key|token|secret|password|credential');
  // Anchored at the start of the stretch the detector hands over (the keyword's line): a
  // multi-line rule then costs one attempt per line that names the provider, not a scan
  // of the next 16 KB for each of them.
  return new RegExp(`^[^\\n]{0,${LINE_REACH}}?(?:${sameLine}|${section})(?<secret>${value})${VALUE_TAIL}`, 'i');
}

/**
 * The provider's name heads a section and a credential-named key sits at most
 * two lines below it: a YAML parent key (`twilio:` / `  auth_token: …`) or a
 * TOML/INI section (`[twilio]` / `auth_token = "…"`). Rules built with
 * assignedTo are multi-line so that the key's line is in reach.
 */
const SECTION =
  `(?:NAMES)["'\\]]?[ \t]{0,4}:?[ \t]{0,4}\\r?\\n(?:[^\\n]{0,200}\\n)?(?:[^\\n]{0,200}\\n)?[ \t]{0,12}["']?` +
  `[A-Za-z0-9_.-]{0,24}?(?:KEYWORDS)[A-Za-z0-9_.-]{0,16}?${NOT_SECRET_NAME}["']?[ \t]{0,4}[:=][ \t]{0,4}["']?`;

/** How far into its line the provider's name may start. */
const LINE_REACH = 1000;

/**
 * For rules with their own same-line pattern: `^…(?:own|section)(?<secret>value)…`,
 * so the value is also found under a provider section. The rule must be multi-line.
 */
export function ownOrSection(own: string, names: string, keyWords: string, value: string, tail: string): RegExp {
  const section = SECTION.replace('NAMES', names).replace('KEYWORDS', keyWords);
  return new RegExp(`^[^\\n]{0,${LINE_REACH}}?(?:${own}|${section})(?<secret>${value})${tail}`, 'i');
}

/** Value shapes shared by several providers. */
export const SHAPES = Object.freeze({
  uuid: '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
});

/** Rejects pure hexadecimal values where the provider's format is mixed-case alphanumeric (a digest is not a token). */
export function notHexDigest(secret: string): boolean {
  return !/^[0-9a-f]+$/i.test(secret);
}

/** Requires both a letter and a digit: identifiers and words are not random tokens. */
export function lettersAndDigits(secret: string): boolean {
  return /[A-Za-z]/.test(secret) && /[0-9]/.test(secret);
}

/** Requires upper- and lower-case letters: the format is mixed-case, so a hex digest or an upper-case constant is not one. */
export function mixedCase(secret: string): boolean {
  return /[A-Z]/.test(secret) && /[a-z]/.test(secret);
}

/** Digits and both letter cases: formats drawn from the whole alphanumeric alphabet and long enough to hold all three. */
export function allCharacterClasses(secret: string): boolean {
  return lettersAndDigits(secret) && mixedCase(secret);
}

/**
 * A random-looking alphanumeric value: letters and digits, or both letter cases.
 * Formats drawn from the whole alphanumeric alphabet leave out digits now and
 * then (a 16-character one in about one case of sixteen), so both are accepted;
 * words and CONSTANT_NAMES are not.
 */
export function randomLooking(secret: string): boolean {
  return lettersAndDigits(secret) || mixedCase(secret);
}
