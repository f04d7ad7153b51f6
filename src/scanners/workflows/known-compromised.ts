/**
 * GitHub Actions known to have served malicious code, with the refs that did.
 * Small and hand-maintained: add an entry only with a public advisory.
 * Last reviewed: 2025-03 incidents (tj-actions/changed-files, reviewdog).
 */

export interface CompromisedAction {
  /** `owner/repo`, lower-case. */
  readonly action: string;
  readonly advisory: string;
  readonly cve: string;
  /** When malicious code was served (UTC, as published). */
  readonly window: string;
  /** Commits that held the payload. */
  readonly maliciousCommits: readonly string[];
  /** Whether a ref (tag or branch as written after `@`) was moved to the payload. */
  readonly retargeted: (ref: string) => boolean;
  /**
   * The action itself was not modified but called a compromised action through a
   * floating tag, so every ref of it ran the payload during the window.
   */
  readonly indirect?: boolean;
  /** What to use instead. */
  readonly advice: string;
  readonly sources: readonly string[];
}

function versionAtMost(ref: string, max: readonly [number, number, number]): boolean {
  const m = /^v?(\d{1,4})(?:\.(\d{1,4}))?(?:\.(\d{1,4}))?$/i.exec(ref);
  if (!m) return false;
  const v = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  for (let i = 0; i < 3; i++) {
    const a = v[i] ?? 0;
    const b = max[i] ?? 0;
    if (a !== b) return a < b;
  }
  return true;
}

const TJ_SOURCES = [
  'https://github.com/advisories/GHSA-mrrh-fwg8-r2c3',
  'https://www.cisa.gov/news-events/alerts/2025/03/18/supply-chain-compromise-third-party-tj-actionschanged-files-cve-2025-30066-and-reviewdogaction',
];
const REVIEWDOG_SOURCES = [
  'https://github.com/advisories/GHSA-qmg3-hpqr-gqvc',
  'https://www.cisa.gov/news-events/alerts/2025/03/18/supply-chain-compromise-third-party-tj-actionschanged-files-cve-2025-30066-and-reviewdogaction',
];
const REVIEWDOG_WINDOW = '2025-03-11 18:42–20:31 UTC';
const REVIEWDOG_SETUP_COMMIT = 'f0d342d24037bb11d26b9bd8496e0808ba32e9ec';

/** reviewdog actions that installed reviewdog through `reviewdog/action-setup@v1` during the window. */
const REVIEWDOG_DEPENDENTS = ['action-shellcheck', 'action-composite-template', 'action-staticcheck', 'action-ast-grep', 'action-typos'];

export const KNOWN_COMPROMISED: readonly CompromisedAction[] = Object.freeze([
  {
    action: 'tj-actions/changed-files',
    advisory: 'GHSA-mrrh-fwg8-r2c3',
    cve: 'CVE-2025-30066',
    window: '2025-03-14 to 2025-03-15 UTC',
    maliciousCommits: ['0e58ed8671d6b60d0890c21b07f8835ace038e67'],
    // Every version tag from v1 to v45.0.7 (majors included) was moved to the payload commit.
    retargeted: (ref: string) => versionAtMost(ref, [45, 0, 7]),
    advice: 'Use v46.0.1 or later pinned to its full commit SHA, or replace the action with `git diff --name-only`.',
    sources: TJ_SOURCES,
  },
  {
    action: 'reviewdog/action-setup',
    advisory: 'GHSA-qmg3-hpqr-gqvc',
    cve: 'CVE-2025-30154',
    window: REVIEWDOG_WINDOW,
    maliciousCommits: [REVIEWDOG_SETUP_COMMIT],
    retargeted: (ref: string) => ref.toLowerCase() === 'v1',
    advice: 'Pin reviewdog/action-setup to the full SHA of a release reviewed after the incident.',
    sources: REVIEWDOG_SOURCES,
  },
  ...REVIEWDOG_DEPENDENTS.map(
    (name): CompromisedAction => ({
      action: `reviewdog/${name}`,
      advisory: 'GHSA-qmg3-hpqr-gqvc',
      cve: 'CVE-2025-30154',
      window: REVIEWDOG_WINDOW,
      maliciousCommits: [],
      retargeted: () => false,
      indirect: true,
      advice: `Pin reviewdog/${name} to the full SHA of a release made after the incident, or call reviewdog directly from a pinned setup step.`,
      sources: REVIEWDOG_SOURCES,
    }),
  ),
]);

export function findCompromised(repo: string): CompromisedAction | undefined {
  return KNOWN_COMPROMISED.find((c) => c.action === repo.toLowerCase());
}
