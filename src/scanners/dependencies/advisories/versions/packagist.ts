/**
 * Packagist (Composer) versions. A version is first normalised the way
 * Composer's VersionParser::normalize does — optional `v`, four numeric parts
 * (`1.2` → `1.2.0.0`), stability suffixes expanded (`a` → alpha, `b` → beta,
 * `rc` → RC, `p`/`pl` → patch, `stable` dropped), `-dev` kept, build metadata
 * dropped, date versions (`20240101`) accepted — and the normalised strings
 * are compared with PHP's version_compare, which orders suffixes
 * dev < alpha < beta < RC < (release) < patch/pl.
 *
 * Branch names (`dev-main`, `1.x-dev`) are not versions and do not parse.
 */
import { compareDigits } from './digits.js';
import type { VersionOrdering } from './types.js';

export interface PackagistVersion {
  /** Composer's normalised form, e.g. `1.2.0.0-beta1`. */
  readonly normalized: string;
  /** PHP version_compare parts of the normalised form. */
  readonly parts: readonly string[];
}

const MODIFIER = '[._-]?(?:(stable|beta|b|RC|alpha|a|patch|pl|p)((?:[.-]?\\d+)*)?)?([.-]?dev)?';
const CLASSICAL_RE = new RegExp(`^v?(\\d{1,5})(\\.\\d+)?(\\.\\d+)?(\\.\\d+)?${MODIFIER}$`, 'i');
const DATE_RE = new RegExp(`^v?(\\d{4}(?:[.:-]?\\d{2}){1,6}(?:[.:-]?\\d{1,3}){0,2})${MODIFIER}$`, 'i');

function expandStability(s: string): string {
  const lower = s.toLowerCase();
  switch (lower) {
    case 'a':
      return 'alpha';
    case 'b':
      return 'beta';
    case 'p':
    case 'pl':
      return 'patch';
    case 'rc':
      return 'RC';
    default:
      return lower;
  }
}

function withModifiers(base: string, stability: string | undefined, number: string | undefined, dev: string | undefined): string {
  let v = base;
  if (stability) {
    if (stability.toLowerCase() === 'stable') return v;
    v += `-${expandStability(stability)}${number ? number.replace(/^[.-]+/, '') : ''}`;
  }
  if (dev) v += '-dev';
  return v;
}

/** Composer's VersionParser::normalize for concrete versions, or undefined. */
export function normalizeComposerVersion(version: string): string | undefined {
  if (typeof version !== 'string') return undefined;
  let v = version.trim();
  const build = /^([^,\s+]+)\+[^\s]+$/.exec(v);
  if (build?.[1]) v = build[1];
  let m = CLASSICAL_RE.exec(v);
  if (m) {
    const base = `${m[1] ?? '0'}${m[2] ?? '.0'}${m[3] ?? '.0'}${m[4] ?? '.0'}`;
    return withModifiers(base, m[5], m[6], m[7]);
  }
  m = DATE_RE.exec(v);
  if (m) return withModifiers((m[1] ?? '').replace(/\D/g, '.'), m[2], m[3], m[4]);
  return undefined;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isAlnum = (c: string): boolean => /^[0-9A-Za-z]$/.test(c);

/** php_canonicalize_version: `-_+` become `.`, and a `.` goes between digits and non-digits. */
function phpCanonicalize(version: string): string {
  if (version === '') return '';
  let out = version[0] ?? '';
  let last = version[0] ?? '';
  for (const c of version.slice(1)) {
    const lastIsDigit = isDigit(last);
    const lastIsNonDigit = !lastIsDigit && last !== '.';
    const isSpecial = c === '-' || c === '_' || c === '+';
    if (isSpecial) {
      if (!out.endsWith('.')) out += '.';
    } else if ((lastIsNonDigit && isDigit(c)) || (lastIsDigit && !isDigit(c) && c !== '.')) {
      if (!out.endsWith('.')) out += '.';
      out += c;
    } else if (!isAlnum(c)) {
      if (!out.endsWith('.')) out += '.';
    } else {
      out += c;
    }
    last = c;
  }
  return out;
}

const SPECIAL_FORMS: readonly (readonly [string, number])[] = [
  ['dev', 0],
  ['alpha', 1],
  ['a', 1],
  ['beta', 2],
  ['b', 2],
  ['RC', 3],
  ['rc', 3],
  ['#', 4],
  ['pl', 5],
  ['p', 5],
];

/** PHP matches a special form by prefix (`patch` → `p`); anything else sorts lowest. */
function specialOrder(form: string): number {
  for (const [name, order] of SPECIAL_FORMS) if (form.startsWith(name)) return order;
  return -1;
}

function compareSpecial(a: string, b: string): number {
  const x = specialOrder(a);
  const y = specialOrder(b);
  return x === y ? 0 : x < y ? -1 : 1;
}

const RELEASE_MARK = '#';

function comparePhpParts(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    const xd = isDigit(x[0]);
    const yd = isDigit(y[0]);
    const c = xd && yd ? compareDigits(x.match(/^\d+/)?.[0] ?? '0', y.match(/^\d+/)?.[0] ?? '0') : !xd && !yd ? compareSpecial(x, y) : xd ? compareSpecial(RELEASE_MARK, y) : compareSpecial(x, RELEASE_MARK);
    if (c !== 0) return c;
  }
  if (a.length > n) return isDigit(a[n]?.[0]) ? 1 : comparePhpParts(a.slice(n), [RELEASE_MARK]);
  if (b.length > n) return isDigit(b[n]?.[0]) ? -1 : comparePhpParts([RELEASE_MARK], b.slice(n));
  return 0;
}

/** PHP's version_compare() on two strings. */
export function phpVersionCompare(a: string, b: string): number {
  const split = (v: string): string[] => phpCanonicalize(v).split('.').filter((p) => p !== '');
  return comparePhpParts(split(a), split(b));
}

export function parsePackagist(version: string): PackagistVersion | undefined {
  const normalized = normalizeComposerVersion(version);
  if (normalized === undefined) return undefined;
  return { normalized, parts: phpCanonicalize(normalized).split('.').filter((p) => p !== '') };
}

export function compareParsedPackagist(a: PackagistVersion, b: PackagistVersion): number {
  return comparePhpParts(a.parts, b.parts);
}

export const packagistOrdering: VersionOrdering<PackagistVersion> = {
  name: 'Packagist',
  parse: parsePackagist,
  compare: compareParsedPackagist,
};

