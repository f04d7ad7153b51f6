/**
 * Go module versions (https://go.dev/ref/mod#versions). OSV spells them
 * without the `v` (`1.2.3`, `0.0.0-20191109021931-daa7c04131f5`); a `v` is
 * accepted too. Go orders module versions by SemVer precedence, which already
 * places pseudo-versions correctly:
 *
 * - `vX.0.0-yyyymmddhhmmss-abcdef123456` (no earlier tag) sorts below `vX.0.0`;
 * - `vX.Y.(Z+1)-0.yyyymmddhhmmss-abcdef123456` sorts above `vX.Y.Z` and below `vX.Y.(Z+1)`;
 * - `vX.Y.Z-pre.0.yyyymmddhhmmss-abcdef123456` sorts above `vX.Y.Z-pre`;
 *
 * and `+incompatible` is build metadata, ignored for precedence.
 * As in osv.dev, `1` and `1.2` read as `1.0.0` and `1.2.0`.
 */
import { compareParsedSemver, parseSemver, type SemVer } from './semver.js';
import type { VersionOrdering } from './types.js';

/** golang.org/x/mod/module pseudo-version shape (with the `v` optional, as OSV drops it). */
const PSEUDO_RE = /^v?[0-9]+\.(?:0\.0-|\d+\.\d+-(?:[^+]*\.)?0\.)\d{14}-[A-Za-z0-9]+(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export function isPseudoVersion(version: string): boolean {
  return PSEUDO_RE.test(version);
}

export function parseGo(version: string): SemVer | undefined {
  return parseSemver(version);
}

export const goOrdering: VersionOrdering<SemVer> = {
  name: 'Go',
  parse: parseGo,
  compare: compareParsedSemver,
};
