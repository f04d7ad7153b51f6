/**
 * The fake OSV's own notion of "affected", deliberately independent of the
 * production matcher (src/scanners/dependencies/advisories/match.ts): tests
 * comparing the two must not share a bug.
 *
 * Like the real API: an explicit `affected[].versions` list matches exactly;
 * SEMVER ranges (and every range of the SemVer ecosystems npm, Go, crates.io)
 * use SemVer 2.0.0 precedence; other ECOSYSTEM ranges use a plain dotted
 * comparison that is good enough for the fixtures (numeric segments compare
 * as numbers, a textual segment sorts before a numeric one: 2.0-beta9 < 2.0.1).
 * GIT ranges never match a version. Withdrawn records match nothing.
 */
import type { OsvAffected, OsvEvent, OsvRange, OsvVulnerability } from '../../../src/scanners/advisories/osv-schema.js';

const SEMVER_ECOSYSTEMS = new Set(['npm', 'Go', 'crates.io']);

interface SemVer {
  readonly core: readonly [number, number, number];
  readonly pre: readonly string[];
}

const SEMVER_RE = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parseSemver(text: string): SemVer | undefined {
  const m = SEMVER_RE.exec(text.trim());
  if (!m) return undefined;
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] === undefined ? [] : m[4].split('.') };
}

function comparePreIdentifier(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(a) - Number(b));
  if (an) return -1;
  if (bn) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SemVer 2.0.0 precedence; undefined when either side is not SemVer. */
export function compareSemver(a: string, b: string): number | undefined {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < 3; i++) {
    const d = x.core[i]! - y.core[i]!;
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre.length === 0 || y.pre.length === 0) return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const d = comparePreIdentifier(p, q);
    if (d !== 0) return d;
  }
  return 0;
}

/** Dotted comparison for the other ecosystems' fixtures (Maven, NuGet, RubyGems, Packagist, PyPI without a list). */
export function compareDotted(a: string, b: string): number {
  const split = (v: string) => v.toLowerCase().split(/[.\-_+]|(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)/).filter((s) => s !== '');
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    // A missing segment counts as 0; a textual segment (beta, rc) sorts before it.
    if (p === q) continue;
    const pn = p === undefined ? 0 : /^\d+$/.test(p) ? Number(p) : undefined;
    const qn = q === undefined ? 0 : /^\d+$/.test(q) ? Number(q) : undefined;
    if (pn !== undefined && qn !== undefined) {
      if (pn !== qn) return Math.sign(pn - qn);
      continue;
    }
    if (pn !== undefined) return 1;
    if (qn !== undefined) return -1;
    return p! < q! ? -1 : 1;
  }
  return 0;
}

function comparator(ecosystem: string, range: OsvRange): ((a: string, b: string) => number) | undefined {
  if (range.type === 'SEMVER' || (range.type === 'ECOSYSTEM' && SEMVER_ECOSYSTEMS.has(ecosystem))) {
    return (a, b) => compareSemver(a, b) ?? compareDotted(a, b);
  }
  if (range.type === 'ECOSYSTEM') return compareDotted;
  return undefined;
}

const eventVersion = (e: OsvEvent): string => e.introduced ?? e.fixed ?? e.last_affected ?? e.limit ?? '';

function inRange(ecosystem: string, range: OsvRange, version: string): boolean {
  const cmp = comparator(ecosystem, range);
  if (!cmp) return false;
  const events = [...range.events].sort((a, b) => {
    const av = eventVersion(a);
    const bv = eventVersion(b);
    if (av === '0') return bv === '0' ? 0 : -1;
    if (bv === '0') return 1;
    return cmp(av, bv);
  });
  let affected = false;
  for (const e of events) {
    if (e.introduced !== undefined && (e.introduced === '0' || cmp(version, e.introduced) >= 0)) affected = true;
    else if (e.fixed !== undefined && cmp(version, e.fixed) >= 0) affected = false;
    else if (e.last_affected !== undefined && cmp(version, e.last_affected) > 0) affected = false;
    else if (e.limit !== undefined && cmp(version, e.limit) >= 0) affected = false;
  }
  return affected;
}

/** How the real API compares names: PyPI per PEP 503, NuGet case-insensitively, others exactly. */
export function sameName(ecosystem: string, a: string, b: string): boolean {
  if (ecosystem === 'PyPI') return a.toLowerCase().replace(/[-_.]+/g, '-') === b.toLowerCase().replace(/[-_.]+/g, '-');
  if (ecosystem === 'NuGet') return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

function affectedEntry(entry: OsvAffected, ecosystem: string, name: string, version: string): boolean {
  if (entry.package?.ecosystem !== ecosystem || !sameName(ecosystem, entry.package.name, name)) return false;
  const v = ecosystem === 'Go' ? version.replace(/^v/, '') : version;
  if (entry.versions?.includes(v) === true) return true;
  return (entry.ranges ?? []).some((r) => inRange(ecosystem, r, v));
}

/** Whether the fake answers this record for (ecosystem, name, version). */
export function fakeAffects(record: OsvVulnerability, ecosystem: string, name: string, version: string): boolean {
  if (typeof record.withdrawn === 'string' && record.withdrawn !== '') return false;
  return (record.affected ?? []).some((entry) => affectedEntry(entry, ecosystem, name, version));
}

/** A query without a version: every record (not withdrawn) naming the package, as the real API answers it. */
export function fakeNames(record: OsvVulnerability, ecosystem: string, name: string): boolean {
  if (typeof record.withdrawn === 'string' && record.withdrawn !== '') return false;
  return (record.affected ?? []).some((entry) => entry.package?.ecosystem === ecosystem && sameName(ecosystem, entry.package.name, name));
}
