/**
 * Actions with published vulnerabilities in a range of versions (not malicious code: see
 * known-compromised.ts). Offline and hand-maintained: an entry needs a public advisory, the
 * affected range as the advisory states it, and the first fixed version. Update by adding
 * entries; `npm run docs:rules` lists them in docs/rules/cicd.md.
 * Last reviewed: 2026-11-25.
 */

export interface VulnerableAction {
  /** `owner/repo`, lower-case. */
  readonly action: string;
  readonly advisory: string;
  readonly cve: string;
  readonly summary: string;
  /** First affected version, inclusive ([0, 0, 0] for "every version before the fix"). */
  readonly introduced: readonly [number, number, number];
  /** First fixed version. */
  readonly fixed: readonly [number, number, number];
  readonly severity: 'CRITICAL' | 'HIGH' | 'MEDIUM';
}

export const KNOWN_VULNERABLE: readonly VulnerableAction[] = Object.freeze([
  {
    action: 'tj-actions/changed-files',
    advisory: 'GHSA-mcph-m25j-8j63',
    cve: 'CVE-2023-51664',
    summary: 'changed file names are written to outputs unescaped, so a file name such as `$(whoami).txt` runs when a workflow expands the output in a script',
    introduced: [0, 0, 0],
    fixed: [41, 0, 0],
    severity: 'HIGH',
  },
  {
    action: 'tj-actions/branch-names',
    advisory: 'GHSA-8v8w-v8xg-79rf',
    cve: 'CVE-2023-49291',
    summary: 'branch names are evaluated by the action\'s own shell step, so a branch name with shell syntax runs commands in the runner',
    introduced: [0, 0, 0],
    fixed: [7, 0, 7],
    severity: 'CRITICAL',
  },
  {
    action: 'actions/download-artifact',
    advisory: 'GHSA-cxww-7g56-2vh6',
    cve: 'CVE-2024-42471',
    summary: 'artifact archives are extracted without checking entry paths (zip slip), so a crafted artifact writes files outside the download folder',
    introduced: [4, 0, 0],
    fixed: [4, 1, 3],
    severity: 'HIGH',
  },
]);

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Whether a version is in the entry's range. Parts not written (a floating `v4` tag) mean the newest
 * release of that line, so `v40` of an action fixed in 41.0.0 is affected and `v4` of one fixed in
 * 4.1.3 is not.
 */
export function affected(entry: VulnerableAction, version: readonly (number | undefined)[]): boolean {
  const newest = version.map((p) => p ?? Number.MAX_SAFE_INTEGER);
  const oldest = version.map((p) => p ?? 0);
  return compare(newest, entry.fixed) < 0 && compare(oldest, entry.introduced) >= 0;
}
