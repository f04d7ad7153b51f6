/**
 * Known-vulnerability findings: one per vulnerable (package, version,
 * advisory), where records that name each other as aliases count as one
 * advisory (a GHSA and a PYSEC record for the same CVE are one finding).
 */
import type { RawFinding } from '../../../core/findings.js';
import { OWASP, toRawFinding, type FindingRule } from '../../../core/rules.js';
import type { ExtractedPackage } from '../types.js';
import { affectedEntries, isVersionAffected, lowestFixedAbove } from './match.js';
import type { OsvVulnerability } from '../../advisories/osv-schema.js';
import { groupAliases } from '../../advisories/aliases.js';
import { advisorySeverity } from '../../advisories/severity.js';
import { compareVersions } from './versions/index.js';
import { compareText } from '../../../core/order.js';

export const KNOWN_VULNERABILITY_RULE = 'known-vulnerability';
/** The rule's defaults; each finding names its package, advisory, severity and fix. */
const KNOWN_VULNERABILITY: FindingRule = {
  id: KNOWN_VULNERABILITY_RULE,
  title: 'Known vulnerability',
  severity: 'MEDIUM',
  confidence: 0.95,
  owasp: OWASP.vulnerableComponents,
  description: 'A dependency version is affected by a published advisory.',
  remediation: 'Upgrade the package to a fixed version.',
};
const MAX_REFERENCES = 5;
const MAX_SUMMARY = 400;

/** The id shown to people: the record's own id when it is a CVE, else its first CVE alias, else its id. */
export function displayId(ids: readonly string[]): string {
  return ids.find((id) => /^CVE-\d{4}-\d+$/.test(id)) ?? ids[0] ?? 'unknown';
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function summaryOf(group: readonly OsvVulnerability[]): string {
  for (const r of group) if (typeof r.summary === 'string' && r.summary.trim()) return oneLine(r.summary).slice(0, MAX_SUMMARY);
  for (const r of group) {
    if (typeof r.details === 'string' && r.details.trim()) {
      const first = oneLine(r.details).split(/(?<=\.)\s/)[0] ?? '';
      return first.slice(0, MAX_SUMMARY);
    }
  }
  return 'Known vulnerability';
}

/**
 * Findings for one package version and the records that affect it.
 * `occurrence` is where the package was found (the finding points there);
 * `others` counts further places the same version appears.
 */
export function vulnerabilityFindings(occurrence: ExtractedPackage, version: string, records: readonly OsvVulnerability[], others = 0): RawFinding[] {
  const out: RawFinding[] = [];
  for (const group of groupAliases(records)) {
    const ids = [...new Set(group.flatMap((r) => [r.id, ...(r.aliases ?? [])]))].filter((id) => typeof id === 'string');
    const shown = displayId([...group.map((r) => r.id), ...ids]);
    // Severity: the most severe view any record of the group gives for this package.
    let best: ReturnType<typeof advisorySeverity> | undefined;
    const fixed: string[] = [];
    for (const r of group) {
      const entry = affectedEntries(r, occurrence.ecosystem, occurrence.name)[0];
      const s = advisorySeverity(r, entry);
      if (!best || rankOf(s) > rankOf(best)) best = s;
      const f = lowestFixedAbove(r, occurrence.ecosystem, occurrence.name, version);
      if (f !== undefined) fixed.push(f);
    }
    const severity = best ?? { severity: 'MEDIUM' as const, source: 'default' as const };
    // Records of one group may disagree on the fix: take the lowest version none of them calls affected.
    const fix = pickFix(fixed, group, occurrence);
    const references = [...new Set(group.flatMap((r) => (r.references ?? []).map((ref) => ref?.url).filter((u): u is string => typeof u === 'string')))].slice(0, MAX_REFERENCES);
    const aliases = ids.filter((id) => id !== shown);
    const score = severity.score !== undefined && severity.vector ? ` CVSS ${severity.score.toFixed(1)} (${severity.vector}).` : '';
    const where = occurrence.direct ? 'a direct dependency' : 'a transitive dependency';
    const elsewhere = others > 0 ? ` The same version appears in ${others} more place(s) in this repository.` : '';
    out.push(toRawFinding(KNOWN_VULNERABILITY, {
      category: 'supply_chain',
      scanner: 'supply_chain',
      severity: severity.severity,
      title: `${occurrence.name}@${version}: ${shown}`,
      description:
        `${summaryOf(group)}. ${occurrence.name} ${version} (${occurrence.ecosystem}, ${where}) is affected by ${shown}` +
        `${aliases.length > 0 ? ` (also ${aliases.join(', ')})` : ''}.${score}${elsewhere}` +
        `${references.length > 0 ? ` References: ${references.join(' ')}` : ''}`,
      evidence: `${occurrence.name}@${version}`,
      remediation: remediationText(occurrence, version, fix, shown),
      confidence: occurrence.version !== undefined ? 0.95 : 0.8,
      path: occurrence.path,
      line: occurrence.line,
      column: 1,
      fingerprintMaterial: `${occurrence.ecosystem}:${occurrence.name}@${version}:${shown}`,
    }));
  }
  return out;
}

const SEVERITY_ORDER = ['INFO', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
function rankOf(s: ReturnType<typeof advisorySeverity>): number {
  // A computed CVSS beats a database label beats the default at equal severity.
  const source = s.source === 'cvss' ? 0.2 : s.source === 'database' ? 0.1 : 0;
  return SEVERITY_ORDER.indexOf(s.severity) + source;
}

/** The lowest fix that no record of the group still calls affected; else the highest fix named. */
function pickFix(fixed: readonly string[], group: readonly OsvVulnerability[], pkg: ExtractedPackage): string | undefined {
  const unique = [...new Set(fixed)];
  const order = (a: string, b: string) => compareVersions(pkg.ecosystem, a, b) ?? compareText(a, b);
  const clean = unique.filter((c) => group.every((r) => !isVersionAffected(r, pkg.ecosystem, pkg.name, c))).sort(order);
  return clean[0] ?? unique.sort(order).at(-1);
}

function remediationText(pkg: ExtractedPackage, version: string, fix: string | undefined, id: string): string {
  const via = pkg.direct
    ? ''
    : ' It comes in through another dependency: update that dependency to a release that requires the fixed version, or pin it with an override or resolution.';
  if (fix === undefined) {
    return `No fixed version of ${pkg.name} is published for ${id}. Remove or replace the package, or apply the mitigations the advisory describes.${via}`;
  }
  const major = (v: string) => /^v?(\d+)/.exec(v)?.[1];
  const breaking = major(fix) !== undefined && major(fix) !== major(version) ? ' This is a major version upgrade: check the changelog for breaking changes.' : '';
  return `${id} is fixed in ${fix}: upgrade ${pkg.name} from ${version} to ${fix} or later.${breaking}${via}`;
}
