/**
 * Maven version order, as the POM reference specifies it
 * (https://maven.apache.org/pom.html#version-order-specification) and
 * osv.dev evaluates it (osv/ecosystems/maven.py):
 *
 * - the version is split into tokens at `.`, `-` and every digit/non-digit
 *   transition (a transition counts as `-`); an empty token is `0`;
 * - qualifiers are case-insensitive; `cr` = `rc`; `ga` = `final` = `release` = ``;
 *   `a`, `b`, `m` directly followed by a number mean `alpha`, `beta`, `milestone`;
 * - trailing null tokens (`0`, ``) are trimmed at the end and before each
 *   remaining `-`, so `1.0` = `1` = `1-ga` = `1.0.0`;
 * - tokens compare pairwise, the shorter version padded with nulls (`0` after a
 *   `.`, `` after a `-`): numbers numerically; qualifiers as
 *   alpha < beta < milestone < rc < snapshot < `` < sp < unknown (lexical);
 *   and by separator `.qualifier` = `-qualifier` < `-number` < `.number`.
 *
 * Two deliberate choices where osv.dev's helper departs from the written
 * rule: `.qualifier` and `-qualifier` are equal (osv.dev puts `.` first),
 * and a padding `0` meets a qualifier as the release qualifier `` (so
 * `1 < 1.sp` as in Maven itself).
 */
import { compareDigits, compareStrings, isDigits, stripZeros } from './digits.js';
import type { VersionOrdering } from './types.js';

interface MavenToken {
  /** `.` or `-` (the first token counts as `.`). */
  readonly prefix: '.' | '-';
  /** Lowercase qualifier, or a digit string without leading zeros. */
  readonly value: string;
  readonly numeric: boolean;
  /** A null added to pad the shorter version. */
  readonly pad?: boolean;
}

export interface MavenVersion {
  readonly tokens: readonly MavenToken[];
}

const KEYWORDS = ['alpha', 'beta', 'milestone', 'rc', 'snapshot', '', 'sp'];
const RELEASE_ALIASES = new Set(['ga', 'final', 'release']);
const SHORT_QUALIFIERS: Readonly<Record<string, string>> = { a: 'alpha', b: 'beta', m: 'milestone' };

function qualifierValue(raw: string, followedByNumber: boolean): string {
  const q = raw.toLowerCase();
  if (followedByNumber && SHORT_QUALIFIERS[q] !== undefined) return SHORT_QUALIFIERS[q];
  if (q === 'cr') return 'rc';
  if (RELEASE_ALIASES.has(q)) return '';
  return q;
}

export function parseMaven(version: string): MavenVersion | undefined {
  if (typeof version !== 'string' || version.trim() === '' || /\s/.test(version)) return undefined;
  const tokens: MavenToken[] = [];
  const parts = version.split(/([-.])/);
  for (let i = 0; i < parts.length; i += 2) {
    let prefix: '.' | '-' = i === 0 ? '.' : parts[i - 1] === '-' ? '-' : '.';
    const segment = parts[i] ?? '';
    const pieces = segment === '' ? ['0'] : (segment.match(/[0-9]+|[^0-9]+/g) ?? ['0']);
    pieces.forEach((piece, j) => {
      if (j > 0) prefix = '-';
      if (isDigits(piece)) tokens.push({ prefix, value: stripZeros(piece), numeric: true });
      else tokens.push({ prefix, value: qualifierValue(piece, j < pieces.length - 1), numeric: false });
    });
  }
  // Trim trailing nulls, then the nulls before each remaining hyphen, from the end to the start.
  let i = tokens.length - 1;
  while (i > 0) {
    const t = tokens[i];
    if (t && (t.numeric ? t.value === '0' : t.value === '')) {
      tokens.splice(i, 1);
      i--;
      continue;
    }
    while (i >= 0 && tokens[i]?.prefix !== '-') i--;
    i--;
  }
  return { tokens };
}

function compareQualifiers(a: string, b: string): number {
  const ia = KEYWORDS.indexOf(a);
  const ib = KEYWORDS.indexOf(b);
  if (ia === -1 && ib === -1) return compareStrings(a, b);
  const ra = ia === -1 ? KEYWORDS.length : ia;
  const rb = ib === -1 ? KEYWORDS.length : ib;
  return ra === rb ? 0 : ra < rb ? -1 : 1;
}

const separatorRank = (t: MavenToken): number => (!t.numeric ? 0 : t.prefix === '-' ? 1 : 2);

function compareTokens(l: MavenToken, r: MavenToken): number {
  if (!l.numeric && !r.numeric) return compareQualifiers(l.value, r.value);
  if (l.prefix === r.prefix) {
    if (l.numeric && r.numeric) return compareDigits(l.value, r.value);
    // A number beats a qualifier after the same separator; a padding 0 is the release.
    if (l.numeric) return l.pad ? compareQualifiers('', r.value) : 1;
    return r.pad ? compareQualifiers(l.value, '') : -1;
  }
  const d = separatorRank(l) - separatorRank(r);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

const padFor = (other: MavenToken): MavenToken =>
  other.prefix === '.' ? { prefix: '.', value: '0', numeric: true, pad: true } : { prefix: '-', value: '', numeric: false, pad: true };

export function compareParsedMaven(a: MavenVersion, b: MavenVersion): number {
  const n = Math.max(a.tokens.length, b.tokens.length);
  for (let i = 0; i < n; i++) {
    const x = a.tokens[i];
    const y = b.tokens[i];
    if (!x && !y) return 0;
    const c = compareTokens(x ?? padFor(y as MavenToken), y ?? padFor(x as MavenToken));
    if (c !== 0) return c;
  }
  return 0;
}

export const mavenOrdering: VersionOrdering<MavenVersion> = {
  name: 'Maven',
  parse: parseMaven,
  compare: compareParsedMaven,
};
