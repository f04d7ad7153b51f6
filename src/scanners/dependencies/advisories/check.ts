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
import type { AdvisorySource, PackageQuery } from './source.js';

export interface CveCheckOutcome {
  readonly findings: RawFinding[];
  readonly warnings: string[];
  /** Distinct package versions looked up, and how many of them are affected. */
  readonly queried: number;
  readonly vulnerable: number;
}

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
  return [...places].sort((a, b) => Number(b.direct) - Number(a.direct) || a.path.localeCompare(b.path) || a.line - b.line)[0] as ExtractedPackage;
}

export async function checkKnownVulnerabilities(
  packages: readonly ExtractedPackage[],
  source: AdvisorySource,
  signal?: AbortSignal,
): Promise<CveCheckOutcome> {
  const groups = collectQueries(packages);
  if (groups.length === 0) return { findings: [], warnings: [], queried: 0, vulnerable: 0 };
  let answers: Awaited<ReturnType<AdvisorySource['lookup']>>;
  try {
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
    };
  }
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
  return { findings, warnings: [], queried: groups.length, vulnerable };
}
