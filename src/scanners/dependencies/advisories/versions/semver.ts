/**
 * SemVer 2.0.0 precedence (https://semver.org/#spec-item-11), as OSV evaluates
 * `SEMVER` ranges and the npm and crates.io ecosystems.
 *
 * Like osv.dev (osv/semver_index.py `coerce`), parsing is lenient where the
 * meaning is unambiguous: a leading `v` is dropped, a missing minor or patch
 * is 0 (`1.2` = `1.2.0`), leading zeros in numbers are ignored and an empty
 * pre-release identifier is read as `-`. Build metadata is accepted and never
 * affects precedence.
 */
import { compareDigits, compareIdentifiers, isDigits, stripZeros } from './digits.js';
import type { VersionOrdering } from './types.js';

export interface SemVer {
  /** Digit strings without leading zeros. */
  readonly major: string;
  readonly minor: string;
  readonly patch: string;
  /** Dot-separated pre-release identifiers (numeric ones without leading zeros); empty for a release. */
  readonly prerelease: readonly string[];
  readonly build: readonly string[];
}

const SEMVER_RE = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]*))?(?:\+([0-9A-Za-z.-]*))?$/;

export function parseSemver(version: string): SemVer | undefined {
  if (typeof version !== 'string') return undefined;
  const m = SEMVER_RE.exec(version);
  if (!m) return undefined;
  const pre = m[4];
  const build = m[5];
  return {
    major: stripZeros(m[1] ?? '0'),
    minor: stripZeros(m[2] ?? '0'),
    patch: stripZeros(m[3] ?? '0'),
    prerelease: pre === undefined ? [] : pre.split('.').map((id) => (id === '' ? '-' : isDigits(id) ? stripZeros(id) : id)),
    build: build === undefined ? [] : build.split('.').map((id) => (id === '' ? '-' : id)),
  };
}

export function compareParsedSemver(a: SemVer, b: SemVer): number {
  const core = compareDigits(a.major, b.major) || compareDigits(a.minor, b.minor) || compareDigits(a.patch, b.patch);
  if (core !== 0) return core;
  // A pre-release has lower precedence than the release.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  return compareIdentifiers(a.prerelease, b.prerelease);
}

export const semverOrdering: VersionOrdering<SemVer> = {
  name: 'SemVer',
  parse: parseSemver,
  compare: compareParsedSemver,
};
