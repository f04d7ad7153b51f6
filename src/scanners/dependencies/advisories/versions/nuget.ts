/**
 * NuGet versions (https://learn.microsoft.com/nuget/concepts/package-versioning):
 * SemVer 2.0.0 with an optional fourth (revision) number, missing parts read
 * as 0 (`1` = `1.0` = `1.0.0` = `1.0.0.0`), leading zeros ignored (`1.01` =
 * `1.1`), pre-release labels compared case-insensitively (`1.0.0-Beta` =
 * `1.0.0-beta`), and build metadata ignored. A leading `v` is tolerated.
 */
import { compareDigits, compareIdentifiers, compareStrings, stripZeros } from './digits.js';
import type { VersionOrdering } from './types.js';

export interface NuGetVersion {
  /** major, minor, patch, revision: digit strings without leading zeros. */
  readonly numbers: readonly [string, string, string, string];
  /** Lowercased pre-release labels (empty for a release). */
  readonly prerelease: readonly string[];
}

const ID = '[0-9A-Za-z-]+';
const NUGET_RE = new RegExp(`^\\s*v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:\\.(\\d+))?(?:-(${ID}(?:\\.${ID})*))?(?:\\+(${ID}(?:\\.${ID})*))?\\s*$`);

export function parseNuGet(version: string): NuGetVersion | undefined {
  if (typeof version !== 'string') return undefined;
  const m = NUGET_RE.exec(version);
  if (!m) return undefined;
  return {
    numbers: [stripZeros(m[1] ?? '0'), stripZeros(m[2] ?? '0'), stripZeros(m[3] ?? '0'), stripZeros(m[4] ?? '0')],
    prerelease: m[5] === undefined ? [] : m[5].toLowerCase().split('.').map((id) => (/^[0-9]+$/.test(id) ? stripZeros(id) : id)),
  };
}

export function compareParsedNuGet(a: NuGetVersion, b: NuGetVersion): number {
  for (let i = 0; i < 4; i++) {
    const c = compareDigits(a.numbers[i] ?? '0', b.numbers[i] ?? '0');
    if (c !== 0) return c;
  }
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  return compareIdentifiers(a.prerelease, b.prerelease, compareStrings);
}

export const nugetOrdering: VersionOrdering<NuGetVersion> = {
  name: 'NuGet',
  parse: parseNuGet,
  compare: compareParsedNuGet,
};
