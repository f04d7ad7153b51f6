/**
 * The built-in seed of advisories for actions (not malicious code: see known-compromised.ts),
 * written as OSV records of the "GitHub Actions" ecosystem, the shape GHSA publishes them in.
 * The file scanner always matches these; a scan with `check_cves` also matches the advisories
 * imported with `vigil osv import` (or the OSV API online), which keeps this list a fallback:
 * an entry needs a public advisory, with the affected range as the advisory states it.
 * `npm run docs:rules` lists them in docs/rules/cicd.md.
 * Last reviewed: 2026-11-25.
 */
import type { OsvVulnerability } from '../advisories/osv-schema.js';
import { GITHUB_ACTIONS_ECOSYSTEM } from '../advisories/source.js';

function seed(id: string, cve: string, severity: 'CRITICAL' | 'HIGH' | 'MODERATE', action: string, summary: string, introduced: string, fixed: string): OsvVulnerability {
  return {
    schema_version: '1.6.0',
    id,
    modified: '2026-11-25T00:00:00Z',
    aliases: [cve],
    summary,
    affected: [{ package: { ecosystem: GITHUB_ACTIONS_ECOSYSTEM, name: action }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced }, { fixed }] }] }],
    references: [{ type: 'ADVISORY', url: `https://github.com/advisories/${id}` }],
    database_specific: { severity },
  };
}

export const SEED_ADVISORIES: readonly OsvVulnerability[] = Object.freeze([
  seed(
    'GHSA-mcph-m25j-8j63',
    'CVE-2023-51664',
    'HIGH',
    'tj-actions/changed-files',
    'changed file names are written to outputs unescaped, so a file name such as `$(whoami).txt` runs when a workflow expands the output in a script',
    '0',
    '41.0.0',
  ),
  seed(
    'GHSA-8v8w-v8xg-79rf',
    'CVE-2023-49291',
    'CRITICAL',
    'tj-actions/branch-names',
    "branch names are evaluated by the action's own shell step, so a branch name with shell syntax runs commands in the runner",
    '0',
    '7.0.7',
  ),
  seed(
    'GHSA-cxww-7g56-2vh6',
    'CVE-2024-42471',
    'HIGH',
    'actions/download-artifact',
    'artifact archives are extracted without checking entry paths (zip slip), so a crafted artifact writes files outside the download folder',
    '4.0.0',
    '4.1.3',
  ),
]);

/** Seed records naming any of these lower-case action names. */
export function seedRecordsFor(names: readonly string[]): OsvVulnerability[] {
  return SEED_ADVISORIES.filter((r) => (r.affected ?? []).some((a) => a.package !== undefined && names.includes(a.package.name.toLowerCase())));
}
