/**
 * The known-vulnerability check of a repository scan: look up every package
 * version the extractors pinned, then turn the advisories into findings.
 * A source that cannot answer costs this check only: the scan completes with
 * a warning.
 */
import type { RawFinding } from '../../../core/findings.js';
import type { ExtractedPackage } from '../types.js';
import { vulnerabilityFindings } from './findings.js';
import { normalisePackageName } from './match.js';
import type { OsvVulnerability } from '../../advisories/osv-schema.js';
import { aliasesToAsk, withAliasSeverity } from '../../advisories/severity.js';
import { STALE_ADVISORY_DAYS, type AdvisoryCoverage, type EcosystemCoverage } from '../../advisories/coverage.js';
import type { AdvisorySource, PackageQuery } from '../../advisories/source.js';
import { compareText } from '../../../core/order.js';

export interface CveCheckOutcome {
  readonly findings: RawFinding[];
  readonly warnings: string[];
  /** Distinct package versions looked up, and how many of them are affected. */
  readonly queried: number;
  readonly vulnerable: number;
  /** Which ecosystems were checked against what (`stats.advisories` of the scan). */
  readonly advisories: AdvisoryCoverage;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface Occurrences {
  readonly query: PackageQuery;
  readonly places: ExtractedPackage[];
}

/** Registry packages with an exact version, one query per distinct (ecosystem, name, version). */
export function collectQueries(packages: readonly ExtractedPackage[]): Occurrences[] {
  const byKey = new Map<string, Occurrences>();
  for (const p of packages) {
    if (p.version === undefined || p.version === '' || p.source !== 'registry') continue;
    const key = `${p.ecosystem}\u0000${normalisePackageName(p.ecosystem, p.name)}\u0000${p.version}`;
    const seen = byKey.get(key);
    if (seen) seen.places.push(p);
    else byKey.set(key, { query: { ecosystem: p.ecosystem, name: p.name, version: p.version }, places: [p] });
  }
  return [...byKey.values()];
}

/** The place a finding points to: a direct declaration first, then by path and line. */
function primary(places: readonly ExtractedPackage[]): ExtractedPackage {
  return [...places].sort((a, b) => Number(b.direct) - Number(a.direct) || compareText(a.path, b.path) || a.line - b.line)[0] as ExtractedPackage;
}

export async function checkKnownVulnerabilities(
  packages: readonly ExtractedPackage[],
  source: AdvisorySource,
  signal?: AbortSignal,
  now: Date = new Date(),
): Promise<CveCheckOutcome> {
  const groups = collectQueries(packages);
  const perEcosystem = new Map<string, number>();
  for (const g of groups) perEcosystem.set(g.query.ecosystem, (perEcosystem.get(g.query.ecosystem) ?? 0) + 1);
  const coverage = (checked: (ecosystem: string) => Omit<EcosystemCoverage, 'packages'>): AdvisoryCoverage => ({
    mode: source.mode,
    ecosystems: Object.fromEntries([...perEcosystem].sort(([a], [b]) => compareText(a, b)).map(([e, n]) => [e, { packages: n, ...checked(e) }])),
  });
  if (groups.length === 0) return { findings: [], warnings: [], queried: 0, vulnerable: 0, advisories: coverage(() => ({ checked: true })) };
  let answers: Awaited<ReturnType<AdvisorySource['lookup']>>;
  let held: Awaited<ReturnType<NonNullable<AdvisorySource['coverage']>>> | undefined;
  try {
    held = await source.coverage?.();
    answers = await source.lookup(
      groups.map((g) => g.query),
      signal,
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const where = source.mode === 'online' ? 'the OSV API could not be reached or did not answer' : 'the offline advisory database could not be read';
    return {
      findings: [],
      warnings: [`The known-vulnerability (CVE) check failed: ${where} (${reason}); the scan's other findings are complete`],
      queried: groups.length,
      vulnerable: 0,
      advisories: coverage(() => ({ checked: false })),
    };
  }
  answers = await borrowSeverities(answers, source, signal);
  const findings: RawFinding[] = [];
  let vulnerable = 0;
  groups.forEach((group, index) => {
    const records = answers[index] ?? [];
    if (records.length === 0) return;
    vulnerable++;
    // The same version in several files is one finding per advisory, pointing at its direct declaration if any.
    const others = new Set(group.places.map((p) => `${p.path}:${p.line}`)).size - 1;
    findings.push(...vulnerabilityFindings(primary(group.places), group.query.version, records, others));
  });
  const advisories = coverage((ecosystem) => {
    if (!held) return { checked: true };
    const info = held.get(ecosystem);
    return info ? { advisories: info.advisories, imported_at: info.importedAt, checked: info.advisories > 0 } : { advisories: 0, checked: false };
  });
  return { findings, warnings: coverageWarnings(advisories, now), queried: groups.length, vulnerable, advisories };
}

/** An ecosystem the offline data does not cover is never reported clean in silence; old data is named too. */
function coverageWarnings(coverage: AdvisoryCoverage, now: Date): string[] {
  const warnings: string[] = [];
  for (const [ecosystem, c] of Object.entries(coverage.ecosystems)) {
    if (coverage.mode !== 'offline') continue;
    if (!c.checked) {
      warnings.push(
        `The offline vulnerability database holds no advisories for ${ecosystem}: ${c.packages} ${ecosystem} package version(s) were not checked for known vulnerabilities ` +
          `(import ${ecosystem}'s OSV export with \`npx vigil osv import\`)`,
      );
      continue;
    }
    const age = c.imported_at === undefined ? 0 : (now.getTime() - Date.parse(c.imported_at)) / DAY_MS;
    if (age > STALE_ADVISORY_DAYS) {
      warnings.push(`The offline advisories for ${ecosystem} were last imported ${Math.floor(age)} days ago; vulnerabilities published since are not known (import a fresh export with \`npx vigil osv import\`)`);
    }
  }
  return warnings;
}

/**
 * Records without a severity of their own (Go, PyPA, RustSec) take their GHSA alias's,
 * fetched from the same source. A source that cannot give them leaves the default
 * severity: the findings stand either way.
 */
async function borrowSeverities(answers: OsvVulnerability[][], source: AdvisorySource, signal?: AbortSignal): Promise<OsvVulnerability[][]> {
  if (!source.records) return answers;
  const wanted = new Set(answers.flat().flatMap(aliasesToAsk));
  if (wanted.size === 0) return answers;
  let aliases: ReadonlyMap<string, OsvVulnerability>;
  try {
    aliases = await source.records([...wanted], signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return answers;
  }
  return answers.map((records) => records.map((r) => withAliasSeverity(r, aliases)));
}
