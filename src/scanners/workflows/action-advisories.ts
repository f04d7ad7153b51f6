/**
 * Which OSV advisories (ecosystem "GitHub Actions", as GHSA publishes them) affect a `uses:`
 * reference, and the hits the known-vulnerable-action rule reports for them. Pure: the built-in
 * seed list (known-vulnerable.ts, in the file scanner) and the imported or online advisories
 * (advisory-check.ts, on the scan's main thread) go through the same matching.
 *
 * What a reference stands for:
 * - a version tag (`v4.1.2`, `4.1.2`, `v4`): that version; a tag that leaves parts out (`v4`, `v4.1`)
 *   follows the newest release of its line, so it is affected when that newest release is (a fix
 *   inside the line clears it; a `last_affected` inside the line does not, as no fix is known);
 * - a full commit SHA: affected when a record lists that commit (in `versions`, or as an
 *   `introduced`/`last_affected` event of a GIT range); otherwise the version in the `# vX.Y.Z`
 *   comment after it; without one, the version is unknown (reported as such when asked);
 * - a branch or any other ref: the newest release, so only advisories without a fix match.
 *
 * Ranges are read as OSV defines them (events sorted, `introduced` turns on, `fixed` turns off,
 * `last_affected` turns off after it, `limit` bounds), in SemVer-like order: `v` prefixes are
 * dropped, parts left out of an event are 0 (`41` is 41.0.0), a pre-release sorts before its
 * release, `"0"` before everything and an event that does not parse after everything.
 */
import type { Severity } from '../../core/findings.js';
import { groupAliases } from '../advisories/aliases.js';
import type { OsvAffected, OsvVulnerability } from '../advisories/osv-schema.js';
import { advisorySeverity } from '../advisories/severity.js';
import { GITHUB_ACTIONS_ECOSYSTEM } from '../advisories/source.js';
import { FULL_SHA } from './contexts.js';
import type { GithubFile } from './model.js';
import { startOf, type Str } from './parse.js';
import type { Hit } from './rule.js';
import { afterValue, parseActionRef, VERSION_COMMENT, type ActionRef } from './steps.js';
import { walkOne, type RuleHooks, type UsesVisit } from './visitor.js';

/** A version as written: numeric parts (1 to 3) and pre-release identifiers. */
export interface ActionVersion {
  readonly parts: readonly number[];
  readonly pre: readonly string[];
}

const VERSION = /^v?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/i;

/** `v4`, `4.1.2`, `v1.0.0-beta.2`; undefined for anything else. */
export function parseActionVersion(text: string): ActionVersion | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  const parts = [m[1], m[2], m[3]].filter((p): p is string => p !== undefined).map(Number);
  return { parts, pre: m[4] === undefined ? [] : m[4].split('.') };
}

/** What a reference stands for, and where that came from. */
export interface ResolvedUse {
  readonly ref: ActionRef;
  /** Lower-case advisory package names that cover it: `owner/repo`, and `owner/repo/path` for an action in a folder. */
  readonly names: readonly string[];
  /** The commit, for a full-SHA pin. */
  readonly sha?: string;
  readonly version?: ActionVersion;
  /** 'tag' (the ref is a version), 'comment' (the `# vX` after a SHA), 'branch' (read as the newest release), 'unknown' (a SHA alone). */
  readonly basis: 'tag' | 'comment' | 'branch' | 'unknown';
}

/** The comment after a `uses:` value: `# v4.2.2`, Renovate's `# tag=v4.2.2`, `# pin @v4.2.2`, ratchet's `# ratchet:owner/repo@v4`. */
function commentVersion(wf: GithubFile, uses: Str): string | undefined {
  return COMMENT_VERSION.exec(afterValue(wf, uses))?.[1];
}

/** As written, build metadata (`+…`) included. */
const COMMENT_VERSION = new RegExp(String.raw`${VERSION_COMMENT}(v?\d[\w.+-]*)`);

export function resolveUse(wf: GithubFile, uses: Str): ResolvedUse | undefined {
  const ref = parseActionRef(uses.value);
  if (!ref) return undefined;
  const full = ref.name.toLowerCase();
  const names = full === ref.repo ? [ref.repo] : [ref.repo, full];
  if (FULL_SHA.test(ref.ref)) {
    const sha = ref.ref.toLowerCase();
    const written = commentVersion(wf, uses);
    // A comment with more after the version (`# v4.2.2-3-gabc`) still names v4.2.2.
    const version = written === undefined ? undefined : (parseActionVersion(written) ?? parseActionVersion(/^v?\d+(?:\.\d+){0,2}/.exec(written)?.[0] ?? ''));
    return version ? { ref, names, sha, version, basis: 'comment' } : { ref, names, sha, basis: 'unknown' };
  }
  const version = parseActionVersion(ref.ref);
  return version ? { ref, names, version, basis: 'tag' } : { ref, names, basis: 'branch' };
}

// ---- ordering ----

/** A point in version order: three numbers (Infinity for "the newest of the line") and a pre-release. */
interface Point {
  readonly nums: readonly [number, number, number];
  readonly pre: readonly string[];
}

type Key = { readonly kind: 'zero' } | { readonly kind: 'value'; readonly point: Point; readonly version: ActionVersion } | { readonly kind: 'infinite' };

function comparePre(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const p = a[i];
    const q = b[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

function comparePoints(a: Point, b: Point): number {
  for (let i = 0; i < 3; i++) {
    const x = a.nums[i] ?? 0;
    const y = b.nums[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return comparePre(a.pre, b.pre);
}

function compareKeys(a: Key, b: Key): number {
  if (a.kind === 'value' && b.kind === 'value') return comparePoints(a.point, b.point);
  const rank = (k: Key) => (k.kind === 'zero' ? 0 : k.kind === 'value' ? 1 : 2);
  return rank(a) - rank(b);
}

/** An event's version: parts left out are 0. */
function eventKey(text: string): Key {
  if (text === '0') return { kind: 'zero' };
  const version = parseActionVersion(text);
  if (!version) return { kind: 'infinite' };
  const nums = [0, 1, 2].map((i) => version.parts[i] ?? 0) as [number, number, number];
  return { kind: 'value', point: { nums, pre: version.pre }, version };
}

/** The newest release a reference can stand for: parts left out are unbounded. */
function usePoint(version: ActionVersion | undefined): Point {
  const nums = [0, 1, 2].map((i) => version?.parts[i] ?? Number.POSITIVE_INFINITY) as [number, number, number];
  return { nums, pre: version && version.parts.length === 3 ? version.pre : [] };
}

/** Whether an event version lies inside the line a partial reference names (`v4` and 4.2.0). */
function inLine(version: ActionVersion | undefined, key: Key): boolean {
  if (key.kind !== 'value') return false;
  const written = version?.parts ?? [];
  // A complete version is no line; a branch is not read as one either.
  if (written.length === 0 || written.length === 3) return false;
  return written.every((p, i) => key.version.parts[i] === p || (key.version.parts[i] === undefined && p === 0));
}

const asArray = <T>(value: readonly T[] | undefined | null): readonly T[] => (Array.isArray(value) ? (value as readonly T[]) : []);

const EVENT_TYPES = ['introduced', 'fixed', 'last_affected', 'limit'] as const;
type EventType = (typeof EVENT_TYPES)[number];

interface RangeEvent {
  readonly type: EventType;
  readonly text: string;
  readonly key: Key;
}

function events(range: unknown): RangeEvent[] {
  const out: RangeEvent[] = [];
  for (const e of asArray((range as { events?: readonly Record<string, unknown>[] } | null)?.events)) {
    if (!e || typeof e !== 'object') continue;
    const type = EVENT_TYPES.find((t) => typeof e[t] === 'string');
    if (!type) continue;
    const text = e[type] as string;
    out.push({ type, text, key: type === 'limit' && text.includes('*') ? { kind: 'infinite' } : eventKey(text) });
  }
  return out;
}

/** Whether a version range affects the newest release the reference stands for. */
function rangeAffects(list: readonly RangeEvent[], version: ActionVersion | undefined): boolean {
  const sorted = [...list].sort((a, b) => compareKeys(a.key, b.key));
  const at: Key = { kind: 'value', point: usePoint(version), version: version ?? { parts: [], pre: [] } };
  const limits = sorted.filter((e) => e.type === 'limit');
  if (limits.length > 0 && !limits.some((l) => compareKeys(at, l.key) < 0)) return false;
  let on = false;
  for (const e of sorted) {
    const c = compareKeys(at, e.key);
    if (e.type === 'introduced' && c >= 0) on = true;
    else if (e.type === 'fixed' && c >= 0) on = false;
    // A last affected release inside a floating tag's line: the tag may point at it, and no fix is known.
    else if (e.type === 'last_affected' && c > 0 && !inLine(version, e.key)) on = false;
  }
  return on;
}

/** The affected[] entries of a record for any of these (lower-case) action names. */
export function actionEntries(record: OsvVulnerability, names: readonly string[]): OsvAffected[] {
  return asArray(record?.affected).filter((entry): entry is OsvAffected => {
    const pkg = entry?.package;
    return pkg?.ecosystem === GITHUB_ACTIONS_ECOSYSTEM && typeof pkg.name === 'string' && names.includes(pkg.name.toLowerCase());
  });
}

const isWithdrawn = (r: OsvVulnerability): boolean => typeof r?.withdrawn === 'string' && r.withdrawn.trim() !== '';

/** How a record bears on a reference: affected through the commit or a version, or unknown (a SHA without a version). */
export type UseMatch = 'commit' | 'version' | 'unknown';

export function matchUse(record: OsvVulnerability, use: ResolvedUse): UseMatch | undefined {
  if (!record || isWithdrawn(record)) return undefined;
  const entries = actionEntries(record, use.names);
  if (entries.length === 0) return undefined;
  if (use.sha !== undefined) {
    const sha = use.sha;
    let fixedHere = false;
    for (const entry of entries) {
      if (asArray(entry.versions).some((v) => typeof v === 'string' && v.toLowerCase() === sha)) return 'commit';
      for (const range of asArray(entry.ranges)) {
        if (range?.type !== 'GIT') continue;
        for (const e of events(range)) {
          if (e.text.toLowerCase() !== sha) continue;
          if (e.type === 'introduced' || e.type === 'last_affected') return 'commit';
          if (e.type === 'fixed') fixedHere = true;
        }
      }
    }
    if (fixedHere) return undefined;
    if (use.basis === 'unknown') return 'unknown';
  }
  const version = use.version;
  for (const entry of entries) {
    const listed = asArray(entry.versions).filter((v): v is string => typeof v === 'string');
    if (listed.some((v) => v.toLowerCase() === use.ref.ref.toLowerCase())) return 'version';
    if (version && version.parts.length === 3) {
      // A complete version equals a listed one in version order (`v4.1.2` and `4.1.2`).
      const own = usePoint(version);
      if (listed.some((v) => {
        const key = eventKey(v);
        return key.kind === 'value' && comparePoints(key.point, own) === 0;
      })) return 'version';
    }
    for (const range of asArray(entry.ranges)) {
      if (range?.type !== 'SEMVER' && range?.type !== 'ECOSYSTEM') continue;
      if (rangeAffects(events(range), version)) return 'version';
    }
  }
  return undefined;
}

/** The lowest `fixed` above the reference's version in the ranges for this action (as written in the record). */
export function fixedAbove(record: OsvVulnerability, use: ResolvedUse): string | undefined {
  const at: Key = { kind: 'value', point: usePoint(use.version), version: use.version ?? { parts: [], pre: [] } };
  let best: RangeEvent | undefined;
  for (const entry of actionEntries(record, use.names)) {
    for (const range of asArray(entry.ranges)) {
      if (range?.type !== 'SEMVER' && range?.type !== 'ECOSYSTEM') continue;
      for (const e of events(range)) {
        if (e.type !== 'fixed' || e.key.kind !== 'value') continue;
        // Above the newest release the reference stands for (any fix for a commit of unknown version).
        const above = use.basis === 'unknown' || compareKeys(e.key, at) > 0;
        if (above && (!best || compareKeys(e.key, best.key) < 0)) best = e;
      }
    }
  }
  return best?.text;
}

/** The affected versions of a record for this action, in words (`before 4.1.3`, `4.0.0 to before 4.1.3`, `every version`). */
export function affectedInWords(record: OsvVulnerability, names: readonly string[]): string {
  const parts: string[] = [];
  for (const entry of actionEntries(record, names)) {
    for (const range of asArray(entry.ranges)) {
      if (range?.type !== 'SEMVER' && range?.type !== 'ECOSYSTEM') continue;
      const list = events(range).sort((a, b) => compareKeys(a.key, b.key));
      let from: string | undefined;
      for (const e of list) {
        if (e.type === 'introduced') from = e.text;
        else if (from !== undefined && (e.type === 'fixed' || e.type === 'last_affected')) {
          const lowText = from === '0' ? '' : `${from} to `;
          parts.push(e.type === 'fixed' ? `${lowText}before ${e.text}` : `${lowText}${e.text}`);
          from = undefined;
        }
      }
      if (from !== undefined) parts.push(from === '0' ? 'every version' : `${from} and later`);
    }
    const listed = asArray(entry.versions).filter((v): v is string => typeof v === 'string');
    if (listed.length > 0) parts.push(listed.length <= 4 ? listed.join(', ') : `${listed.slice(0, 4).join(', ')} and ${listed.length - 4} more`);
  }
  return [...new Set(parts)].join('; ') || 'versions the advisory lists';
}

// ---- hits ----

const GHSA_ID = /^GHSA(?:-[23456789cfghjmpqrvwx]{4}){3}$/;
const CVE_ID = /^CVE-\d{4}-\d+$/;
const SEVERITY_ORDER: readonly Severity[] = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const MAX_SUMMARY = 300;

/** The id a finding is keyed and titled by: the group's GHSA id (what the seed list uses), else its first id. */
export function advisoryKey(group: readonly OsvVulnerability[]): string {
  const ids = group.flatMap((r) => [r.id, ...asArray(r.aliases)]).filter((id): id is string => typeof id === 'string');
  return ids.filter((id) => GHSA_ID.test(id)).sort()[0] ?? group[0]?.id ?? 'unknown';
}

/** Where people read an advisory: GitHub's page for GHSA ids, OSV's for the others. */
const advisoryUrl = (id: string) => (GHSA_ID.test(id) ? `https://github.com/advisories/${id}` : `https://osv.dev/vulnerability/${encodeURIComponent(id)}`);

function summaryOf(group: readonly OsvVulnerability[]): string {
  for (const r of group) {
    const text = typeof r.summary === 'string' && r.summary.trim() ? r.summary : typeof r.details === 'string' ? (r.details.split(/(?<=\.)\s/)[0] ?? '') : '';
    const line = text.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
    if (line) return line.length > MAX_SUMMARY ? `${line.slice(0, MAX_SUMMARY - 1)}…` : line;
  }
  return 'a published vulnerability';
}

const versionText = (use: ResolvedUse) => (use.version ? `${use.version.parts.join('.')}${use.version.pre.length > 0 ? `-${use.version.pre.join('.')}` : ''}` : use.ref.ref);

export interface AdvisoryHitOptions {
  /** Report SHA pins without a version comment whose action has advisories (one LOW hit per reference). */
  readonly unknownVersions: boolean;
}

type RecordsFor = (names: readonly string[]) => readonly OsvVulnerability[];

/** How a group of alias records matches a reference: by its commit, by version, or only possibly (a SHA of unknown version). */
function groupMatch(group: readonly OsvVulnerability[], use: ResolvedUse): UseMatch | undefined {
  const matches = group.map((r) => matchUse(r, use));
  return matches.includes('commit') ? 'commit' : matches.includes('version') ? 'version' : matches.includes('unknown') ? 'unknown' : undefined;
}

/** The hit for an advisory that affects the reference (by commit or version). */
function affectedHit(uses: Str, use: ResolvedUse, group: readonly OsvVulnerability[], how: 'commit' | 'version', where: string): Hit {
  const id = advisoryKey(group);
  const others = [...new Set(group.flatMap((r) => [r.id, ...asArray(r.aliases)]))].filter((x): x is string => typeof x === 'string' && x !== id);
  const cves = others.filter((x) => CVE_ID.test(x));
  // The most severe view any record of the group gives (GHSA's rating or a CVSS vector).
  const severity = group
    .map((r) => advisorySeverity(r, actionEntries(r, use.names)[0]).severity)
    .reduce((a, b) => (SEVERITY_ORDER.indexOf(b) > SEVERITY_ORDER.indexOf(a) ? b : a));
  const fixes = group.map((r) => fixedAbove(r, use)).filter((f): f is string => f !== undefined);
  const fix = fixes.sort((a, b) => compareKeys(eventKey(a), eventKey(b)))[0];
  const also = cves.length > 0 ? ` (${cves.join(', ')})` : '';
  const what =
    how === 'commit'
      ? `is pinned to ${use.sha}, a commit ${id}${also} lists as affected`
      : use.basis === 'branch'
        ? `follows \`${use.ref.ref}\`, read as its newest release, which ${id}${also} affects with no fix known`
        : use.basis === 'comment'
          ? `is pinned to a commit whose comment names ${versionText(use)}, a release affected by ${id}${also}`
          : use.version && use.version.parts.length < 3
            ? `uses \`${use.ref.ref}\`, whose newest release is affected by ${id}${also}`
            : `at ${versionText(use)} is affected by ${id}${also}`;
  return {
    severity,
    confidence: how === 'commit' ? 1 : use.basis === 'tag' ? 0.9 : use.basis === 'comment' ? 0.8 : 0.6,
    offset: startOf(uses.node),
    description:
      `\`${use.ref.name}\` ${what}: ${summaryOf(group)}. ` +
      `Affected: ${affectedInWords(group[0] as OsvVulnerability, use.names)}.${fix ? ` Fixed in ${fix}.` : ' No fixed release is published.'}`,
    remediation: fix
      ? `Update ${use.ref.repo} to ${/^v/i.test(fix) ? fix : `v${fix}`} or later, pinned to that release's commit SHA with the version as a comment. See ${advisoryUrl(id)}.`
      : `No fixed release of ${use.ref.repo} is published for ${id}: replace the action or apply the advisory's workaround (${advisoryUrl(id)}).`,
    key: `${where}|${id}`,
  };
}

/** One LOW hit for a SHA pin without a version comment on an action with advisories. */
function unknownVersionHit(uses: Str, use: ResolvedUse, unknown: readonly (readonly OsvVulnerability[])[], where: string): Hit {
  const ids = unknown.map(advisoryKey).sort();
  const ranges = unknown.map((g) => `${advisoryKey(g)}: ${affectedInWords(g[0] as OsvVulnerability, use.names)}`);
  return {
    severity: 'LOW',
    confidence: 0.3,
    offset: startOf(uses.node),
    title: 'Action pinned to a commit of unknown version, with known vulnerabilities',
    description:
      `\`${use.ref.name}\` is pinned to ${use.sha} with no version comment, so Vigil cannot tell whether that commit is a vulnerable release. ` +
      `Advisories for ${use.ref.repo}: ${ranges.join('; ')}.`,
    remediation: `Check which release ${use.sha} is and compare it with ${ids.join(', ')}; then write the version after the SHA (\`# vX.Y.Z\`, as Dependabot and Renovate do) so later scans can check it.`,
    key: `${where}|unknown-version`,
  };
}

/**
 * Hits for one `uses:` that the records affect: one per advisory (records naming each other as
 * aliases are one advisory), keyed by job, step and the GHSA id.
 */
function useHits({ wf, uses, job, step }: UsesVisit, recordsFor: RecordsFor, options: AdvisoryHitOptions): Hit[] {
  const use = resolveUse(wf, uses);
  const records = use ? recordsFor(use.names) : [];
  if (!use || records.length === 0) return [];
  const where = `${job.id}|${step?.index ?? 'job'}`;
  const hits: Hit[] = [];
  const unknown: OsvVulnerability[][] = [];
  for (const group of groupAliases(records)) {
    const how = groupMatch(group, use);
    if (how === 'unknown') unknown.push(group);
    else if (how) hits.push(affectedHit(uses, use, group, how, where));
  }
  if (options.unknownVersions && unknown.length > 0) hits.push(unknownVersionHit(uses, use, unknown, where));
  return hits;
}

/** The known-vulnerable-action hooks over a source of records (the built-in seed, or the seed plus a database). */
export function advisoryHooks(recordsFor: RecordsFor, options: AdvisoryHitOptions): RuleHooks {
  return { github: { uses: (v) => useHits(v, recordsFor, options) } };
}

/** Every `uses:` of the file that the records affect (see useHits). */
export function advisoryHits(wf: GithubFile, recordsFor: RecordsFor, options: AdvisoryHitOptions): Hit[] {
  return walkOne(wf, advisoryHooks(recordsFor, options));
}
