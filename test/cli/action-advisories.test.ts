/**
 * `vigil osv import` of GitHub Actions advisories, then `vigil scan --check-cves` offline and
 * online (fake OSV): a workflow using an affected action gets a finding naming the advisory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import type { OsvVulnerability } from '../../src/scanners/advisories/osv-schema.js';
import { startFakeOsv, type FakeOsv } from '../fakes/osv/index.js';

const ADVISORIES = fileURLToPath(new URL('../fixtures/action-advisories/', import.meta.url));

let dir: string;
let repo: string;
let osv: FakeOsv;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-cli-actions-'));
  repo = join(dir, 'repo');
  await mkdir(join(repo, '.github/workflows'), { recursive: true });
  await writeFile(
    join(repo, '.github/workflows/ci.yml'),
    'on: push\npermissions:\n  contents: read\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: tj-actions/changed-files@v45\n      - uses: github/codeql-action/init@v3.28.3\n',
  );
  osv = await startFakeOsv({ records: readdirSync(ADVISORIES).map((f) => JSON.parse(readFileSync(join(ADVISORIES, f), 'utf8')) as OsvVulnerability) });
});

afterAll(async () => {
  await osv.close();
  await rm(dir, { recursive: true, force: true });
});

async function vigil(env: Record<string, string>, ...args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    env: { VIGIL_DATA_DIR: join(dir, 'data'), OSV_API_URL: osv.url, VIGIL_SCAN_WORKERS: '1', ...env },
    cwd: dir,
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return { code, out, err };
}

const vulnerable = (json: string) =>
  (JSON.parse(json) as { findings: { rule_id: string; description: string }[] }).findings
    .filter((f) => f.rule_id === 'known-vulnerable-action')
    .map((f) => /affected by (\S+)/.exec(f.description)?.[1]);

describe('known-vulnerable actions from imported advisories', () => {
  it('reports the advisory after `vigil osv import`, offline, and the same online', async () => {
    // Before the import: only the built-in list, which does not know this compromise.
    const before = await vigil({ OSV_MODE: 'offline' }, 'scan', repo, '--check-cves', '--format', 'json');
    expect(before.code, before.err).toBe(0);
    expect(vulnerable(before.out)).toEqual([]);
    expect((JSON.parse(before.out) as { warnings: string[] }).warnings.join(' ')).toMatch(/no advisories for GitHub Actions/);

    const imported = await vigil({}, 'osv', 'import', ADVISORIES);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toMatch(/7 record\(s\) for supported ecosystems, 7 stored \(new or newer\), 1 withdrawn, 0 for other ecosystems skipped/);
    expect(imported.out).toMatch(/GitHub Actions\s+5 advisories/);

    const offline = await vigil({ OSV_MODE: 'offline', OSV_API_URL: 'http://127.0.0.1:9' }, 'scan', repo, '--check-cves', '--format', 'json');
    expect(offline.code, offline.err).toBe(0);
    expect(vulnerable(offline.out)).toEqual(['GHSA-mrrh-fwg8-r2c3']);
    const online = await vigil({}, 'scan', repo, '--check-cves', '--format', 'json');
    expect(vulnerable(online.out)).toEqual(vulnerable(offline.out));
  });
});
