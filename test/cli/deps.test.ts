import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { loadOsvRecords, OSV_RECORDS_DIR, startFakeOsv, type FakeOsv } from '../fakes/osv/index.js';

const WORKSPACE = fileURLToPath(new URL('../fixtures/cve-workspace/', import.meta.url));

let dir: string;
let osv: FakeOsv;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-cli-deps-'));
  osv = await startFakeOsv({ records: loadOsvRecords() });
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

const cveTitles = (json: string) =>
  (JSON.parse(json) as { findings: { title: string; rule_id: string }[] }).findings
    .filter((f) => f.rule_id === 'known-vulnerability')
    .map((f) => f.title)
    .sort();

describe('vigil scan --check-cves and vigil osv', () => {
  it('looks pinned versions up in OSV only with --check-cves', async () => {
    const plain = await vigil({}, 'scan', WORKSPACE, '--format', 'json');
    expect(plain.code, plain.err).toBe(0);
    expect(cveTitles(plain.out)).toEqual([]);
    const checked = await vigil({}, 'scan', WORKSPACE, '--check-cves', '--fail-on', 'critical');
    expect(checked.code, checked.err).toBe(1); // Log4Shell is critical
    // The table cuts long titles short.
    expect(checked.out).toMatch(/CRITICAL\s+DEP-[A-Z0-9]{6}\s+org\.apache\.logging\.log4j:log4j-co\S*…\s+pom\.xml:\d+/);
    expect(checked.out).toMatch(/HIGH\s+DEP-[A-Z0-9]{6}\s+lodash@4\.17\.20: CVE-2021-23337\s+package-lock\.json:\d+/);
  });

  it('imports OSV records and gives the same findings offline', async () => {
    const empty = await vigil({ OSV_MODE: 'offline' }, 'scan', WORKSPACE, '--check-cves', '--format', 'json');
    expect(empty.code, empty.err).toBe(0);
    expect((JSON.parse(empty.out) as { warnings: string[] }).warnings.join(' ')).toMatch(/no advisories have been imported/);

    const imported = await vigil({}, 'osv', 'import', OSV_RECORDS_DIR);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toMatch(/13 record\(s\) for supported ecosystems, 13 stored/);
    expect(imported.out).toMatch(/holds 13 advisories \(1 withdrawn\)/);
    const status = await vigil({ OSV_MODE: 'offline' }, 'osv', 'status');
    expect(status.out).toMatch(/^13 advisories .*OSV_MODE is offline/);

    const online = await vigil({}, 'scan', WORKSPACE, '--check-cves', '--format', 'json');
    const offline = await vigil({ OSV_MODE: 'offline', OSV_API_URL: 'http://127.0.0.1:9' }, 'scan', WORKSPACE, '--check-cves', '--format', 'json');
    expect(offline.code, offline.err).toBe(0);
    expect(cveTitles(offline.out)).toHaveLength(14);
    expect(cveTitles(offline.out)).toEqual(cveTitles(online.out));
  });

  it('imports a gzip-compressed JSON-lines file, naming the bad lines on stderr', async () => {
    const records = loadOsvRecords().slice(0, 3).map((r) => JSON.stringify(r));
    await writeFile(join(dir, 'osv.jsonl.gz'), gzipSync(Buffer.from([records[0], '{broken', ...records.slice(1)].join('\n'))));
    const res = await vigil({}, 'osv', 'import', join(dir, 'osv.jsonl.gz'));
    expect(res.code, res.err).toBe(0);
    expect(res.out).toMatch(/osv\.jsonl\.gz: 3 record\(s\) for supported ecosystems, .* 1 invalid/);
    expect(res.err).toMatch(/^ {2}invalid: osv\.jsonl\.gz line 2: not JSON \(/m);
  });

  it('says what is wrong with an import path', async () => {
    const res = await vigil({}, 'osv', 'import', join(dir, 'nowhere.zip'));
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/no such file or folder/);
  });
});
