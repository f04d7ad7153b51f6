/**
 * The dependency scanner (supply_chain), a repository scanner: manifests and lockfiles are read,
 * extracted and checked in a worker thread (`inWorker`); with `check_cves`, the packages found
 * are looked up in the scan's advisory source on the main thread.
 */
import type { RawFinding } from '../../core/findings.js';
import type { RepositoryOutcome, RepositoryScanner, RepositoryView, ScannerStatus } from '../contract.js';
import type { AdvisoryCoverage } from '../advisories/coverage.js';
import type { DependencyScanResult } from './scanner.js';
import type { ExtractedPackage } from './types.js';

/** What the worker half returns (it crosses threads: plain data). */
export interface DependencyTaskResult extends DependencyScanResult {
  readonly unreadable: number;
}

const status = (state: ScannerStatus['state'], files: number, findings: number, error?: string): ScannerStatus => ({
  name: 'supply_chain',
  state,
  files,
  findings,
  failures: error === undefined ? 0 : 1,
  ...(error === undefined ? {} : { error }),
});

/** The known-vulnerability lookup of the packages found; warnings instead of findings when it cannot finish. */
async function checkCves(
  repo: RepositoryView,
  packages: ExtractedPackage[],
  signal: AbortSignal,
): Promise<{ raw: RawFinding[]; warnings: string[]; advisories?: AdvisoryCoverage }> {
  if (!repo.advisories) return { raw: [], warnings: ['check_cves was requested, but no vulnerability database is configured; no packages were checked'] };
  try {
    const { checkKnownVulnerabilities } = await import('./advisories/check.js');
    const cves = await checkKnownVulnerabilities(packages, repo.advisories, signal);
    return { raw: cves.findings, warnings: cves.warnings, advisories: cves.advisories };
  } catch (error) {
    if (repo.cancelled()) throw error;
    const seconds = Math.round(repo.timeoutMs / 1000);
    return { raw: [], warnings: [`The known-vulnerability (CVE) check did not finish within the scan's ${seconds} s limit; the scan's other findings are complete`] };
  }
}

async function scanRepository(repo: RepositoryView): Promise<RepositoryOutcome> {
  // The extractors' registry is loaded here, not with the engine: a scan without manifests never needs it.
  const isDependencyInput = repo.paths.length === 0 ? () => false : (await import('./scanner.js')).isDependencyInput;
  const inputs = repo.paths.filter((path) => isDependencyInput(path));
  const warnings: string[] = [];
  if (inputs.length === 0) {
    if (repo.checkCves) warnings.push('check_cves was requested, but the repository has no manifest or lockfile Vigil reads; no packages were checked');
    return { raw: [], warnings, status: status('skipped', 0, 0) };
  }
  const signal = repo.deadline();
  let result: DependencyTaskResult;
  try {
    result = await repo.inWorker<DependencyTaskResult>(inputs, signal);
  } catch (error) {
    if (repo.cancelled()) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push(`The supply_chain scanner failed; dependency findings are missing (${reason})`);
    return { raw: [], warnings, status: status('failed', inputs.length, 0, reason) };
  }
  const raw = [...result.findings];
  warnings.push(...result.warnings);
  if (result.unreadable > 0) warnings.push(`${result.unreadable} dependency file(s) could not be read`);
  const cves = repo.checkCves ? await checkCves(repo, result.packages, signal) : undefined;
  raw.push(...(cves?.raw ?? []));
  warnings.push(...(cves?.warnings ?? []));
  return { raw, warnings, status: status('ran', result.files, raw.length), ...(cves?.advisories ? { advisories: cves.advisories } : {}) };
}

export const scanner: RepositoryScanner = {
  name: 'supply_chain',
  scanRepository,
  async warm() {
    await Promise.all([import('./scanner.js'), import('./advisories/check.js')]);
  },
  async inWorker(files) {
    const { readDependencyInputs, scanDependencyFiles } = await import('./scanner.js');
    const allPaths = new Set(files.allPaths);
    const { inputs, unreadable } = await readDependencyInputs(files.paths, allPaths, (path) => files.read(path));
    return { ...scanDependencyFiles(inputs, allPaths), unreadable } satisfies DependencyTaskResult;
  },
};
