/**
 * OSV affected-range evaluation (https://ossf.github.io/osv-schema/#evaluation),
 * offline, with the same answers as the OSV API:
 *
 * - a version is affected when it is listed verbatim in `affected[].versions`
 *   or lies in any `SEMVER` / `ECOSYSTEM` range (`GIT` ranges hold commits and
 *   never match a version);
 * - a range's events are sorted by version (stable for ties) and walked:
 *   `introduced` ≤ v turns it on, `fixed` ≤ v turns it off, `last_affected` < v
 *   turns it off; `limit` events, when present, require v < some limit;
 * - as in osv.dev, `"0"` sorts before every version, and an event version the
 *   ordering cannot read (or a `limit` of `"*"`) sorts after every version;
 * - withdrawn records affect nothing.
 *
 * Records come from outside: every function here tolerates missing or odd
 * fields and never throws. A version that does not parse is affected only
 * when listed verbatim.
 */
import type { OsvAffected, OsvRange, OsvVulnerability } from '../../advisories/osv-schema.js';
import { ECOSYSTEMS, type Ecosystem } from '../types.js';
import { orderingFor, SEMVER_ORDERING, type VersionOrdering } from './versions/index.js';

/** OSV ecosystem string (e.g. "PyPI", "npm", "Maven", "crates.io"; ignore a ":suffix" such as "Debian:11" only if it names our ecosystem) → ours, or undefined. */
export function ecosystemFromOsv(osv: string): Ecosystem | undefined {
  if (typeof osv !== 'string') return undefined;
  const known = (s: string): Ecosystem | undefined => ECOSYSTEMS.find((e) => e === s);
  const exact = known(osv);
  if (exact) return exact;
  const colon = osv.indexOf(':');
  return colon > 0 ? known(osv.slice(0, colon)) : undefined;
}

/** Name as compared: PyPI PEP 503 normalised (lowercase, runs of -_. → -), Packagist and NuGet (case-insensitive ids) lowercase, others as is. */
export function normalisePackageName(ecosystem: Ecosystem, name: string): string {
  if (typeof name !== 'string') return '';
  if (ecosystem === 'PyPI') return name.toLowerCase().replace(/[-_.]+/g, '-');
  if (ecosystem === 'Packagist' || ecosystem === 'NuGet') return name.toLowerCase();
  return name;
}

const asArray = <T>(value: readonly T[] | undefined | null): readonly T[] => (Array.isArray(value) ? (value as readonly T[]) : []);

/** The affected[] entries of a record that name this package. */
export function affectedEntries(vuln: OsvVulnerability, ecosystem: Ecosystem, name: string): OsvAffected[] {
  const wanted = normalisePackageName(ecosystem, name);
  return asArray(vuln?.affected).filter((entry): entry is OsvAffected => {
    const pkg = entry?.package;
    if (!pkg || typeof pkg.name !== 'string') return false;
    return ecosystemFromOsv(pkg.ecosystem) === ecosystem && normalisePackageName(ecosystem, pkg.name) === wanted;
  });
}

// ---- keys: a parsed version, or one of the two ends OSV defines ----

type Key = { readonly kind: 'zero' } | { readonly kind: 'value'; readonly value: unknown } | { readonly kind: 'infinite' };

const ZERO: Key = { kind: 'zero' };
const INFINITE: Key = { kind: 'infinite' };

function eventKey(ordering: VersionOrdering, version: string): Key {
  if (version === '0') return ZERO;
  const value = ordering.parse(version);
  return value === undefined ? INFINITE : { kind: 'value', value };
}

function compareKeys(ordering: VersionOrdering, a: Key, b: Key): number {
  if (a.kind !== 'value' || b.kind !== 'value') {
    const rank = (k: Key): number => (k.kind === 'zero' ? 0 : k.kind === 'value' ? 1 : 2);
    return rank(a) - rank(b);
  }
  return ordering.compare(a.value, b.value);
}

type EventType = 'introduced' | 'fixed' | 'last_affected' | 'limit';

interface RangeEvent {
  readonly type: EventType;
  readonly version: string;
  readonly key: Key;
}

const EVENT_TYPES: readonly EventType[] = ['introduced', 'fixed', 'last_affected', 'limit'];

/** The ordering a range is evaluated in, or undefined for GIT and unknown types. */
function rangeOrdering(range: OsvRange, ecosystem: Ecosystem): VersionOrdering | undefined {
  if (range?.type === 'SEMVER') return SEMVER_ORDERING;
  if (range?.type === 'ECOSYSTEM') return orderingFor(ecosystem);
  return undefined;
}

/** The range's events sorted by version (stable, so ties keep the record's order). */
function sortedEvents(range: OsvRange, ordering: VersionOrdering): RangeEvent[] {
  const events: RangeEvent[] = [];
  for (const e of asArray(range?.events)) {
    if (!e || typeof e !== 'object') continue;
    const type = EVENT_TYPES.find((t) => typeof e[t] === 'string');
    if (!type) continue;
    const version = e[type] as string;
    const key = type === 'limit' && version.includes('*') ? INFINITE : eventKey(ordering, version);
    events.push({ type, version, key });
  }
  return events.sort((a, b) => compareKeys(ordering, a.key, b.key));
}

function beforeLimits(v: Key, events: readonly RangeEvent[], ordering: VersionOrdering): boolean {
  const limits = events.filter((e) => e.type === 'limit');
  return limits.length === 0 || limits.some((l) => compareKeys(ordering, v, l.key) < 0);
}

/** IncludedInRanges for one range; v is already parsed in the range's ordering. */
function rangeAffects(events: readonly RangeEvent[], v: Key, ordering: VersionOrdering): boolean {
  if (!beforeLimits(v, events, ordering)) return false;
  let vulnerable = false;
  for (const e of events) {
    const c = compareKeys(ordering, v, e.key);
    if (e.type === 'introduced' && c >= 0) vulnerable = true;
    else if (e.type === 'fixed' && c >= 0) vulnerable = false;
    else if (e.type === 'last_affected' && c > 0) vulnerable = false;
  }
  return vulnerable;
}

interface EvaluatedRange {
  readonly ordering: VersionOrdering;
  readonly events: readonly RangeEvent[];
  /** The queried version in this range's ordering, when it parses. */
  readonly version?: Key;
}

function evaluatedRanges(entries: readonly OsvAffected[], ecosystem: Ecosystem, version?: string): EvaluatedRange[] {
  const out: EvaluatedRange[] = [];
  for (const entry of entries) {
    for (const range of asArray(entry.ranges)) {
      const ordering = rangeOrdering(range, ecosystem);
      if (!ordering) continue;
      const events = sortedEvents(range, ordering);
      if (version === undefined) {
        out.push({ ordering, events });
        continue;
      }
      const parsed = ordering.parse(version);
      out.push(parsed === undefined ? { ordering, events } : { ordering, events, version: { kind: 'value', value: parsed } });
    }
  }
  return out;
}

const isWithdrawn = (vuln: OsvVulnerability): boolean => typeof vuln?.withdrawn === 'string' && vuln.withdrawn.trim() !== '';

/** Whether this exact version is affected (withdrawn records: never). SEMVER ranges use SemVer ordering, ECOSYSTEM ranges the ecosystem's ordering, GIT ranges cannot match a version (only the explicit versions list can). */
export function isVersionAffected(vuln: OsvVulnerability, ecosystem: Ecosystem, name: string, version: string): boolean {
  if (!vuln || isWithdrawn(vuln) || typeof version !== 'string') return false;
  const entries = affectedEntries(vuln, ecosystem, name);
  if (entries.some((entry) => isListed(asArray(entry.versions), ecosystem, version))) return true;
  return evaluatedRanges(entries, ecosystem, version).some((r) => r.version !== undefined && rangeAffects(r.events, r.version, r.ordering));
}

/**
 * Whether `version` is in a record's `versions` list: verbatim, or equal in the
 * ecosystem's own ordering (PEP 440 `0.5` is `0.5.0`, NuGet `1.0` is `1.0.0.0`).
 */
function isListed(listed: readonly unknown[], ecosystem: Ecosystem, version: string): boolean {
  if (listed.includes(version)) return true;
  const ordering = orderingFor(ecosystem);
  const own = ordering?.parse(version);
  if (!ordering || own === undefined) return false;
  return listed.some((v) => {
    if (typeof v !== 'string') return false;
    const other = ordering.parse(v);
    return other !== undefined && ordering.compare(own, other) === 0;
  });
}

/** Sorts version strings ascending in the ecosystem's ordering (SemVer as a fallback); unreadable ones last, in input order. */
function sortVersions(ecosystem: Ecosystem, versions: readonly string[]): string[] {
  const ordering = orderingFor(ecosystem);
  const keyed = versions.map((v) => {
    const own = ordering?.parse(v);
    if (own !== undefined && ordering) return { v, ordering, value: own };
    const semver = SEMVER_ORDERING.parse(v);
    return semver !== undefined ? { v, ordering: SEMVER_ORDERING, value: semver } : { v };
  });
  return keyed
    .sort((a, b) => {
      if (!a.ordering || !b.ordering) return (a.ordering ? 0 : 1) - (b.ordering ? 0 : 1);
      if (a.ordering !== b.ordering) return a.ordering === ordering ? -1 : 1;
      return a.ordering.compare(a.value, b.value);
    })
    .map((k) => k.v);
}

/** Every `fixed` version for this package, ascending in the right ordering, deduplicated. */
export function fixedVersions(vuln: OsvVulnerability, ecosystem: Ecosystem, name: string): string[] {
  if (!vuln) return [];
  const fixed = new Set<string>();
  for (const range of evaluatedRanges(affectedEntries(vuln, ecosystem, name), ecosystem)) {
    for (const e of range.events) if (e.type === 'fixed') fixed.add(e.version);
  }
  return sortVersions(ecosystem, [...fixed]);
}

/** The lowest `fixed` version greater than `version` in a range that affects `version`, else undefined. */
export function lowestFixedAbove(vuln: OsvVulnerability, ecosystem: Ecosystem, name: string, version: string): string | undefined {
  if (!vuln || isWithdrawn(vuln) || typeof version !== 'string') return undefined;
  const candidates: string[] = [];
  for (const range of evaluatedRanges(affectedEntries(vuln, ecosystem, name), ecosystem, version)) {
    const v = range.version;
    if (v === undefined || !rangeAffects(range.events, v, range.ordering)) continue;
    for (const e of range.events) {
      if (e.type === 'fixed' && e.key.kind === 'value' && compareKeys(range.ordering, e.key, v) > 0) candidates.push(e.version);
    }
  }
  return sortVersions(ecosystem, [...new Set(candidates)])[0];
}
