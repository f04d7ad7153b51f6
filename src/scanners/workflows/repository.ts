/**
 * The CI/CD scanner's repository check: with `check_cves`, the actions of workflow and action
 * files are looked up in the scan's advisory source (OSV's "GitHub Actions" ecosystem; see
 * advisory-check.ts). Inline `vigil-ignore` comments apply as they do in the workers.
 */
import type { RepositoryOutcome, RepositoryScanner, RepositoryView } from '../contract.js';
import { GITHUB_ACTIONS_ECOSYSTEM, type AdvisorySource } from '../advisories/source.js';

const NOTHING: RepositoryOutcome = { raw: [], warnings: [] };

async function checkActions(repo: RepositoryView, source: AdvisorySource): Promise<RepositoryOutcome> {
  // Loaded only by scans that check actions (check_cves): the workflow parser is not small.
  const { checkActionAdvisories, isActionUser } = await import('./advisory-check.js');
  const files: { path: string; text: string }[] = [];
  for (const path of repo.paths) {
    if (!isActionUser(path)) continue;
    const text = await repo.read(path);
    if (text !== undefined) files.push({ path, text });
  }
  if (files.length === 0) return NOTHING;
  try {
    const outcome = await checkActionAdvisories(files, source, repo.deadline());
    const raw = repo.unsuppressed(outcome.findings, files);
    const advisories = outcome.coverage ? { mode: source.mode, ecosystems: { [GITHUB_ACTIONS_ECOSYSTEM]: outcome.coverage } } : undefined;
    return { raw, warnings: outcome.warnings, ...(advisories ? { advisories } : {}) };
  } catch (error) {
    if (repo.cancelled()) throw error;
    const seconds = Math.round(repo.timeoutMs / 1000);
    return { raw: [], warnings: [`The known-vulnerable action check did not finish within the scan's ${seconds} s limit; actions were checked against Vigil's built-in list only`] };
  }
}

export const scanner: RepositoryScanner = {
  name: 'cicd',
  scanRepository: (repo) => (repo.checkCves && repo.advisories ? checkActions(repo, repo.advisories) : Promise.resolve(NOTHING)),
  warm: async () => {
    await import('./advisory-check.js');
  },
};
