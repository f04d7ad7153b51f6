/**
 * Known-vulnerable actions from advisories: the matching rules (tags as SemVer, floating tags,
 * commit pins), then the check against advisories imported into storage (offline) and served by
 * the fake OSV (online), and a whole scan where imported findings merge with the built-in seed's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawFinding } from '../../../src/core/findings.js';
import { createScanPool, type ScanPool } from '../../../src/engine/pool.js';
import { scanWorkspace } from '../../../src/engine/scan-workspace.js';
import { importOsv, toImportRow } from '../../../src/adapters/osv/import.js';
import { OfflineAdvisorySource } from '../../../src/adapters/osv/offline.js';
import { createVulnCache, OsvOnlineClient } from '../../../src/adapters/osv/online.js';
import type { OsvVulnerability } from '../../../src/scanners/advisories/osv-schema.js';
import type { AdvisorySource } from '../../../src/scanners/advisories/source.js';
import { advisoryHits, matchUse, resolveUse } from '../../../src/scanners/workflows/action-advisories.js';
import { allUses } from '../../../src/scanners/workflows/visitor.js';
import { checkActionAdvisories } from '../../../src/scanners/workflows/advisory-check.js';
import { buildModel } from '../../../src/scanners/workflows/model.js';
import { parseYaml } from '../../../src/scanners/workflows/parse.js';
import { scanWorkflowFile } from '../../../src/scanners/workflows/scanner.js';
import { openLocalDirectory } from '../../../src/adapters/sources/local.js';
import { AdvisoriesRepository } from '../../../src/adapters/storage/index.js';
import { loadOsvRecords, startFakeOsv, type FakeOsv } from '../../fakes/osv/index.js';
import { openTestStorage, type TestStorage } from '../../helpers/storage.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/action-advisories/', import.meta.url));
const WF = '.github/workflows/release.yml';

const workflow = (steps: string) => `name: release
on: push
permissions:
  contents: read
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
${steps}`;

function model(text: string, path = WF) {
  const file = parseYaml(text);
  if (!file) throw new Error('bad yaml');
  const wf = buildModel(file, path, 'workflow');
  if (!wf) throw new Error('no model');
  return wf;
}

const record = (id: string, affected: unknown[], extra: Partial<OsvVulnerability> = {}): OsvVulnerability =>
  ({ schema_version: '1.6.0', id, modified: '2026-01-01T00:00:00Z', summary: `${id} summary`, affected, ...extra }) as OsvVulnerability;
const action = (name: string, events: Record<string, string>[], versions?: string[]) => ({
  package: { ecosystem: 'GitHub Actions', name },
  ranges: [{ type: 'ECOSYSTEM', events }],
  ...(versions ? { versions } : {}),
});

/** How one record bears on one `uses:` value. */
function match(rec: OsvVulnerability, uses: string) {
  const wf = model(workflow(`      - uses: ${uses}\n`));
  const use = resolveUse(wf, allUses(wf)[0]!.uses);
  if (!use) throw new Error('no use');
  return matchUse(rec, use);
}

describe('matching a reference against an advisory', () => {
  const fixed413 = record('GHSA-aaaa', [action('actions/download-artifact', [{ introduced: '4.0.0' }, { fixed: '4.1.3' }])]);
  it.each([
    ['actions/download-artifact@v4.1.2', 'version'],
    ['actions/download-artifact@4.1.2', 'version'],
    ['actions/download-artifact@v4.1.3', undefined],
    ['actions/download-artifact@v4.0.0', 'version'],
    ['actions/download-artifact@v3.9.9', undefined],
    // A floating tag is its line's newest release: v4 has the fix, v4.1 too, v4.0 does not.
    ['actions/download-artifact@v4', undefined],
    ['actions/download-artifact@v4.1', undefined],
    ['actions/download-artifact@v4.0', 'version'],
    ['actions/download-artifact@v4.1.3-rc.1', 'version'],
    // Names are case-insensitive, and an action in a folder is covered by its repository's advisory.
    ['Actions/Download-Artifact@v4.1.2', 'version'],
    ['actions/download-artifact/sub@v4.1.2', 'version'],
    [`actions/download-artifact@${'e'.repeat(40)} # v4.1.1`, 'version'],
    [`actions/download-artifact@${'e'.repeat(40)} # tag=v4.1.1`, 'version'],
    [`actions/download-artifact@${'e'.repeat(40)} # v4.1.3`, undefined],
    [`actions/download-artifact@${'e'.repeat(40)}`, 'unknown'],
    // A branch is the newest release: this advisory has a fix.
    ['actions/download-artifact@main', undefined],
    ['actions/upload-artifact@v4.1.2', undefined],
  ])('%s: %s', (uses, expected) => {
    expect(match(fixed413, uses)).toBe(expected);
  });

  it('reads fixes written with fewer parts, open ranges, last_affected and limits', () => {
    const major = record('GHSA-bbbb', [action('tj-actions/changed-files', [{ introduced: '0' }, { fixed: '41' }])]);
    expect(match(major, 'tj-actions/changed-files@v40')).toBe('version');
    expect(match(major, 'tj-actions/changed-files@v40.2.2')).toBe('version');
    expect(match(major, 'tj-actions/changed-files@v41')).toBeUndefined();
    expect(match(major, 'tj-actions/changed-files@v41.0.0')).toBeUndefined();
    const open = record('GHSA-cccc', [action('acme/x', [{ introduced: '2.0.0' }])]);
    expect(match(open, 'acme/x@main')).toBe('version');
    expect(match(open, 'acme/x@v1')).toBeUndefined();
    expect(match(open, 'acme/x@v2')).toBe('version');
    // last_affected 3.1.0: v3 may point at it (no fix is known), v3.2.0 is past it, v3.1 is its line.
    const last = record('GHSA-dddd', [action('acme/x', [{ introduced: '1.2.0' }, { last_affected: '3.1.0' }])]);
    expect(match(last, 'acme/x@v3')).toBe('version');
    expect(match(last, 'acme/x@v3.1')).toBe('version');
    expect(match(last, 'acme/x@v3.1.0')).toBe('version');
    expect(match(last, 'acme/x@v3.2.0')).toBeUndefined();
    expect(match(last, 'acme/x@v4')).toBeUndefined();
    expect(match(last, 'acme/x@v1.1.9')).toBeUndefined();
    expect(match(last, 'acme/x@main')).toBeUndefined();
    const limited = record('GHSA-eeee', [action('acme/x', [{ introduced: '0' }, { limit: '2.0.0' }])]);
    expect(match(limited, 'acme/x@v1.9.9')).toBe('version');
    expect(match(limited, 'acme/x@v2.0.0')).toBeUndefined();
  });

  it('matches commits the advisory lists, and versions it lists instead of ranges', () => {
    const sha = 'ab'.repeat(20);
    const listed = record('GHSA-ffff', [
      { package: { ecosystem: 'GitHub Actions', name: 'acme/x' }, versions: ['v1.0.1', sha.toUpperCase()] },
      { package: { ecosystem: 'GitHub Actions', name: 'acme/x' }, ranges: [{ type: 'GIT', repo: 'https://github.com/acme/x', events: [{ introduced: 'cd'.repeat(20) }, { fixed: 'ef'.repeat(20) }] }] },
    ]);
    expect(match(listed, `acme/x@${sha}`)).toBe('commit');
    // Listed beats a version comment that says otherwise.
    expect(match(listed, `acme/x@${sha} # v9.0.0`)).toBe('commit');
    expect(match(listed, `acme/x@${'cd'.repeat(20)}`)).toBe('commit');
    // The fixing commit is not affected, whatever else the record says.
    expect(match(listed, `acme/x@${'ef'.repeat(20)}`)).toBeUndefined();
    expect(match(listed, `acme/x@${'12'.repeat(20)}`)).toBe('unknown');
    expect(match(listed, 'acme/x@v1.0.1')).toBe('version');
    expect(match(listed, 'acme/x@1.0.1')).toBe('version');
    expect(match(listed, 'acme/x@v1.0.2')).toBeUndefined();
  });

  it('ignores withdrawn records, other ecosystems and odd data without throwing', () => {
    const withdrawn = record('GHSA-gggg', [action('acme/x', [{ introduced: '0' }])], { withdrawn: '2026-01-02T00:00:00Z' });
    expect(match(withdrawn, 'acme/x@v1')).toBeUndefined();
    const npm = record('GHSA-hhhh', [{ package: { ecosystem: 'npm', name: 'acme/x' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }] }]);
    expect(match(npm, 'acme/x@v1')).toBeUndefined();
    const odd = record('GHSA-jjjj', [null, { package: { ecosystem: 'GitHub Actions', name: 'acme/x' }, ranges: [null, { type: 'ECOSYSTEM', events: [{ introduced: 'not-a-version' }, {}] }] }]);
    expect(match(odd, 'acme/x@v1')).toBeUndefined();
  });
});

describe('hits', () => {
  it('one per reference and advisory, aliases counted once, with the advisory id, severity and fix', () => {
    const ghsa = record('GHSA-cxww-7g56-2vh6', [action('actions/download-artifact', [{ introduced: '4.0.0' }, { fixed: '4.1.3' }])], {
      aliases: ['CVE-2024-42471'],
      database_specific: { severity: 'HIGH' },
    });
    const alias = record('CVE-2024-42471', [action('actions/download-artifact', [{ introduced: '4.0.0' }, { fixed: '4.1.3' }])], { aliases: ['GHSA-cxww-7g56-2vh6'] });
    const wf = model(workflow('      - uses: actions/download-artifact@v4.1.2\n      - uses: actions/download-artifact@v4.1.3\n'));
    const hits = advisoryHits(wf, () => [ghsa, alias], { unknownVersions: true });
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ severity: 'HIGH', confidence: 0.9, key: 'build|0|GHSA-cxww-7g56-2vh6' });
    expect(hits[0]?.description).toContain('GHSA-cxww-7g56-2vh6 (CVE-2024-42471)');
    expect(hits[0]?.description).toContain('Fixed in 4.1.3');
    expect(hits[0]?.remediation).toContain('v4.1.3');
  });

  it('says when no fix is published, and reports a commit of unknown version only when asked', () => {
    const noFix = record('GHSA-kkkk', [action('acme/x', [{ introduced: '0' }])], { database_specific: { severity: 'CRITICAL' } });
    const sha = '3'.repeat(40);
    const wf = model(workflow(`      - uses: acme/x@v2\n      - uses: acme/x@${sha}\n`));
    const plain = advisoryHits(wf, () => [noFix], { unknownVersions: false });
    expect(plain.map((h) => h.key)).toEqual(['build|0|GHSA-kkkk']);
    expect(plain[0]?.remediation).toMatch(/No fixed release/);
    const asked = advisoryHits(wf, () => [noFix], { unknownVersions: true });
    expect(asked.map((h) => [h.key, h.severity])).toEqual([
      ['build|0|GHSA-kkkk', 'CRITICAL'],
      ['build|1|unknown-version', 'LOW'],
    ]);
    expect(asked[1]?.description).toContain(sha);
  });
});

describe('importing GitHub Actions advisories', () => {
  it('keeps them, with lower-case names, next to the dependency ecosystems', () => {
    const row = toImportRow(record('GHSA-llll', [action('Acme/Release-Action', [{ introduced: '0' }])]));
    expect(row).toMatchObject({ packages: [{ ecosystem: 'GitHub Actions', name: 'acme/release-action' }] });
  });
});

/** The fixture workflow: what each step is, and the advisory each must (or must not) be reported with. */
const STEPS = `      - uses: tj-actions/changed-files@v45
      - uses: tj-actions/changed-files@v40.1.0
      - uses: github/codeql-action/init@v3.27.0
      - uses: github/codeql-action/init@v3
      - uses: acme/release-action@${'a'.repeat(40)}
      - uses: acme/release-action@${'b'.repeat(40)}
      - uses: acme/release-action@${'c'.repeat(40)}
      - uses: acme/release-action@${'d'.repeat(40)}
      - uses: Acme/Release-Action@v2.4.0
      - uses: acme/lint-action@v3
      - uses: acme/lint-action@v3.2.0
      - uses: acme/lint-action@main
      - uses: actions/download-artifact@v4.1.2
      - uses: tj-actions/changed-files@v45 # vigil-ignore: known-vulnerable-action
`;

const EXPECTED = [
  'build|0|GHSA-mrrh-fwg8-r2c3',
  'build|1|GHSA-mcph-m25j-8j63',
  'build|1|GHSA-mrrh-fwg8-r2c3',
  'build|2|GHSA-vqf5-2xx6-9wfm',
  'build|4|TEST-ACTIONS-0001',
  'build|5|TEST-ACTIONS-0001',
  'build|7|unknown-version',
  'build|8|TEST-ACTIONS-0001',
  'build|9|TEST-ACTIONS-0002',
  'build|12|GHSA-cxww-7g56-2vh6',
  // The check itself does not apply inline suppressions (the engine does).
  'build|13|GHSA-mrrh-fwg8-r2c3',
];

const keys = (findings: readonly RawFinding[]) => findings.map((f) => (f.fingerprintMaterial ?? '').replace(/^known-vulnerable-action\|/, '')).sort();

describe('the check against imported and online advisories', () => {
  let ts: TestStorage;
  let osv: FakeOsv;
  let offline: AdvisorySource;
  let online: AdvisorySource;
  let onlineClient: OsvOnlineClient;
  let pool: ScanPool;
  let dir: string;
  const text = workflow(STEPS);

  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    const repository = new AdvisoriesRepository(ts.storage.db);
    const stats = await importOsv(FIXTURES, repository);
    expect(stats).toMatchObject({ documents: 7, records: 7, withdrawn: 1, otherEcosystems: 0, invalid: 0 });
    offline = new OfflineAdvisorySource(repository);
    const records = readdirSync(FIXTURES).map((f) => JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as OsvVulnerability);
    osv = await startFakeOsv({ records });
    onlineClient = new OsvOnlineClient({ baseUrl: osv.url, cache: createVulnCache() });
    online = { mode: 'online', lookup: (q, s) => onlineClient.lookup(q, s), packageRecords: (p, s) => onlineClient.lookupPackages(p, s) };
    pool = createScanPool(1);
    dir = await mkdtemp(join(tmpdir(), 'vigil-actions-'));
    await mkdir(join(dir, '.github/workflows'), { recursive: true });
    await writeFile(join(dir, WF), text);
    await writeFile(join(dir, '.github/workflows/clean.yml'), workflow('      - uses: actions/checkout@v4\n'));
  });
  afterAll(async () => {
    await ts.cleanup();
    await osv.close();
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reports imported advisories by id, offline, with what the database holds', async () => {
    const outcome = await checkActionAdvisories([{ path: WF, text }], offline, undefined, new Date('2026-11-01T00:00:00Z'));
    expect(keys(outcome.findings)).toEqual([...EXPECTED].sort());
    expect(outcome.warnings).toEqual([]);
    expect(outcome.coverage).toMatchObject({ packages: 6, advisories: 5, checked: true });
    const compromise = outcome.findings.find((f) => f.fingerprintMaterial?.endsWith('|0|GHSA-mrrh-fwg8-r2c3'));
    expect(compromise).toMatchObject({ ruleId: 'known-vulnerable-action', category: 'cicd', severity: 'HIGH', line: 9, path: WF });
    expect(compromise?.description).toContain('CVE-2025-30066');
    expect(compromise?.remediation).toContain('v46.0.1');
    // A listed commit is certain; the CVSS vector of the codeql advisory rates it.
    expect(outcome.findings.find((f) => f.fingerprintMaterial?.endsWith('|4|TEST-ACTIONS-0001'))).toMatchObject({ confidence: 1, severity: 'CRITICAL' });
    expect(outcome.findings.find((f) => f.fingerprintMaterial?.endsWith('|2|GHSA-vqf5-2xx6-9wfm'))?.severity).toBe('MEDIUM');
    // The seed finding and the imported one are the same finding.
    const seed = scanWorkflowFile(WF, text).filter((f) => f.ruleId === 'known-vulnerable-action');
    expect(keys(seed)).toEqual(['build|12|GHSA-cxww-7g56-2vh6', 'build|1|GHSA-mcph-m25j-8j63']);
    for (const s of seed) expect(outcome.findings.some((f) => f.fingerprintMaterial === s.fingerprintMaterial)).toBe(true);
  });

  it('gives the same findings online, asking OSV for each action without a version', async () => {
    const before = osv.requests.length;
    const a = await checkActionAdvisories([{ path: WF, text }], offline);
    const b = await checkActionAdvisories([{ path: WF, text }], online);
    expect(b.findings).toEqual(a.findings);
    expect(b.coverage).toEqual({ packages: 6, checked: true });
    const batch = osv.requests.slice(before).find((r) => r.path === '/v1/querybatch')?.body as { queries: { package: { name: string }; version?: string }[] };
    expect(batch.queries.every((q) => q.version === undefined)).toBe(true);
    // OSV compares names as given: the name as written is asked too.
    expect(batch.queries.map((q) => q.package.name)).toContain('github/codeql-action');
  });

  it('falls back to the built-in list, with a warning, when the source fails or holds no action advisories', async () => {
    const dead = new OsvOnlineClient({ baseUrl: 'http://127.0.0.1:9', retries: 0, timeoutMs: 2_000 });
    const failed = await checkActionAdvisories([{ path: WF, text }], { mode: 'online', lookup: (q, s) => dead.lookup(q, s), packageRecords: (p, s) => dead.lookupPackages(p, s) });
    expect(keys(failed.findings)).toEqual(['build|12|GHSA-cxww-7g56-2vh6', 'build|1|GHSA-mcph-m25j-8j63']);
    expect(failed.warnings.join(' ')).toMatch(/known-vulnerable action check failed.*built-in list only/);
    expect(failed.coverage).toMatchObject({ checked: false });

    const empty = await openTestStorage('embedded');
    try {
      const repository = new AdvisoriesRepository(empty.storage.db);
      await importOsv(join(fileURLToPath(new URL('../../fakes/osv/records/', import.meta.url))), repository);
      const outcome = await checkActionAdvisories([{ path: WF, text }], new OfflineAdvisorySource(repository));
      expect(outcome.warnings.join(' ')).toMatch(/holds no advisories for GitHub Actions: 6 action\(s\)/);
      expect(outcome.coverage).toMatchObject({ advisories: 0, checked: false });
      // The seed still reports, and commit pins of unknown version against it.
      expect(keys(outcome.findings)).toContain('build|1|GHSA-mcph-m25j-8j63');
    } finally {
      await empty.cleanup();
    }
    expect(loadOsvRecords().some((r) => r.affected?.some((a) => a.package?.ecosystem === 'GitHub Actions'))).toBe(false);
  });

  it('warns when the imported action advisories are old', async () => {
    const outcome = await checkActionAdvisories([{ path: WF, text }], offline, undefined, new Date(Date.now() + 90 * 24 * 3600 * 1000));
    expect(outcome.warnings.join(' ')).toMatch(/GitHub Actions were last imported 9\d days ago/);
  });

  it('runs in a scan with check_cves: merged with the seed findings, inline suppressions applied, coverage in stats', async () => {
    const ws = await openLocalDirectory(dir);
    try {
      const outcome = await scanWorkspace(ws, 'acme/app', { pool, timeoutMs: 60_000, checkCves: true, advisories: offline });
      const found = outcome.findings.filter((f) => f.rule_id === 'known-vulnerable-action');
      // Every expected finding once (the seed's two merged with the imported ones), the suppressed one left out.
      expect(found).toHaveLength(EXPECTED.length - 1);
      expect(new Set(found.map((f) => f.id)).size).toBe(found.length);
      expect(found.filter((f) => f.location.line === 22)).toEqual([]);
      expect(found.some((f) => f.description.includes('GHSA-mrrh-fwg8-r2c3'))).toBe(true);
      expect(outcome.stats.advisories?.ecosystems['GitHub Actions']).toMatchObject({ packages: 7, advisories: 5, checked: true });
      // Without check_cves only the seed is matched.
      const plain = await scanWorkspace(ws, 'acme/app', { pool, timeoutMs: 60_000, advisories: offline });
      expect(plain.findings.filter((f) => f.rule_id === 'known-vulnerable-action')).toHaveLength(2);
      expect(plain.stats.advisories).toBeUndefined();
    } finally {
      await ws.dispose();
    }
  });
});
