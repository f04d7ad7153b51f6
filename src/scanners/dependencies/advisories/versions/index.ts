/**
 * Per-ecosystem version orderings, as OSV evaluates `affected[].ranges`:
 * `SEMVER` ranges always use SemVer 2.0.0 precedence, `ECOSYSTEM` ranges the
 * ecosystem's own rules. Pure and total: nothing here throws, and a string
 * that is not a version of the ordering compares as `undefined`.
 */
import type { Ecosystem } from '../../types.js';
import { goOrdering } from './go.js';
import { mavenOrdering } from './maven.js';
import { nugetOrdering } from './nuget.js';
import { packagistOrdering } from './packagist.js';
import { pep440Ordering } from './pep440.js';
import { rubygemsOrdering } from './rubygems.js';
import { semverOrdering } from './semver.js';
import type { VersionOrdering } from './types.js';

export type { VersionOrdering } from './types.js';
export { isPseudoVersion } from './go.js';
export { normalizeComposerVersion, phpVersionCompare } from './packagist.js';

const ORDERINGS: Readonly<Record<Ecosystem, VersionOrdering>> = {
  npm: semverOrdering,
  'crates.io': semverOrdering,
  Go: goOrdering,
  PyPI: pep440Ordering,
  Maven: mavenOrdering,
  RubyGems: rubygemsOrdering,
  Packagist: packagistOrdering,
  NuGet: nugetOrdering,
};

/** The ordering of an ecosystem's `ECOSYSTEM` ranges (undefined for an unknown ecosystem). */
export function orderingFor(ecosystem: Ecosystem): VersionOrdering | undefined {
  return Object.prototype.hasOwnProperty.call(ORDERINGS, ecosystem) ? ORDERINGS[ecosystem] : undefined;
}

/** The ordering of `SEMVER` ranges, whatever the ecosystem. */
export const SEMVER_ORDERING: VersionOrdering = semverOrdering;

function compareWith(ordering: VersionOrdering | undefined, a: string, b: string): number | undefined {
  if (!ordering) return undefined;
  const x = ordering.parse(a);
  const y = ordering.parse(b);
  if (x === undefined || y === undefined) return undefined;
  const c = ordering.compare(x, y);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/** -1, 0 or 1 in the ecosystem's ordering; undefined when either string does not parse. */
export function compareVersions(ecosystem: Ecosystem, a: string, b: string): number | undefined {
  return compareWith(orderingFor(ecosystem), a, b);
}

/** -1, 0 or 1 by SemVer 2.0.0 precedence; undefined when either string does not parse. */
export function compareSemver(a: string, b: string): number | undefined {
  return compareWith(semverOrdering, a, b);
}

export function isValidVersion(ecosystem: Ecosystem, v: string): boolean {
  return orderingFor(ecosystem)?.parse(v) !== undefined;
}
