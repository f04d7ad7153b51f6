import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';

const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const files = {
  'src/config.ts': `export const awsKey = "${AWS_KEY}";\n`,
  'README.md': '# demo\n',
  '.gitignore': '.env*\n',
};

let dir: string;
let fake: FakeGitHub;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-cli-scan-'));
  await mkdir(join(dir, 'repo', 'src'), { recursive: true });
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, 'repo', path), text);
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'acme', repo: 'demo', files });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fake.close();
});

async function vigil(...args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    env: { VIGIL_DATA_DIR: join(dir, 'data'), GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '1', VIGIL_GITHUB_RETRIES: '0' },
    cwd: dir,
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return { code, out, err };
}

describe('vigil scan', () => {
  it('prints a table of findings and exits 0 without --fail-on', async () => {
    const { code, out } = await vigil('scan', 'repo');
    expect(code).toBe(0);
    expect(out).toMatch(/HIGH\s+SEC-[A-Z0-9]{6}\s+AWS access key\s+src\/config\.ts:1/);
    expect(out).not.toContain(AWS_KEY);
  });

  it('exits 1 when a finding reaches --fail-on, 0 when none does', async () => {
    expect((await vigil('scan', 'repo', '--fail-on', 'high')).code).toBe(1);
    expect((await vigil('scan', 'repo', '--fail-on', 'critical')).code).toBe(0);
  });

  it('writes JSON with the ids the API gives when --target names the repository', async () => {
    const local = await vigil('scan', 'repo', '--format', 'json', '--target', 'acme/demo');
    const remote = await vigil('scan', 'github', 'acme/demo', '--format', 'json');
    expect(remote.code, remote.err).toBe(0);
    const ids = (text: string) => (JSON.parse(text) as { findings: { id: string }[] }).findings.map((f) => f.id);
    expect(ids(local.out)).toHaveLength(1);
    expect(ids(local.out)).toEqual(ids(remote.out));
    expect(JSON.parse(local.out)).toMatchObject({ target_type: 'directory', target: 'acme/demo', status: 'completed' });
  });

  it('writes SARIF to --output and nothing to standard output', async () => {
    const { code, out, err } = await vigil('scan', 'repo', '--format', 'sarif', '--output', 'report.sarif');
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(err).toContain('report.sarif');
    const sarif = JSON.parse(await readFile(join(dir, 'report.sarif'), 'utf8')) as { version: string; runs: { results: unknown[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]?.results).toHaveLength(1);
  });

  it('reports a committed PKCS#12 key store, a binary file no rule reads, by its name', async () => {
    await mkdir(join(dir, 'keys', 'certs'), { recursive: true });
    // DER: a SEQUENCE header, then bytes with NULs, as a real .p12 starts.
    await writeFile(join(dir, 'keys', 'certs', 'server.p12'), Buffer.from([0x30, 0x82, 0x0a, 0x1c, 0x02, 0x01, 0x03, 0x30, 0x82, 0x09, 0xe2, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x00, 0x00]));
    await writeFile(join(dir, 'keys', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]));
    const { code, out } = await vigil('scan', 'keys', '--format', 'json');
    expect(code).toBe(0);
    const findings = (JSON.parse(out) as { findings: { rule_id: string; severity: string; location: { path: string } }[] }).findings;
    expect(findings.map((f) => [f.rule_id, f.severity, f.location.path])).toEqual([['committed-key-store', 'HIGH', 'certs/server.p12']]);
  });

  it('exits 2 with a message when the scan cannot run', async () => {
    const missing = await vigil('scan', 'no-such-dir');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(`vigil: Directory rejected: ${join(dir, 'no-such-dir')} does not exist\n`);
    const file = await vigil('scan', 'repo/README.md');
    expect(file.code).toBe(2);
    expect(file.err).toContain(`${join(dir, 'repo', 'README.md')} is not a directory`);
    const unknown = await vigil('scan', 'github', 'acme/nothing');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Repository not found/);
  });

  it('exits 2, not the --fail-on code 1, for an unknown --fail-on or --format value or option', async () => {
    const failOn = await vigil('scan', 'repo', '--fail-on', 'severe');
    expect(failOn.code).toBe(2);
    expect(failOn.out).toBe('');
    const format = await vigil('scan', 'repo', '--format', 'xml');
    expect(format.code).toBe(2);
    expect(format.err).toContain('Allowed choices are table, json, sarif');
    expect((await vigil('scan', 'repo', '--colour')).code).toBe(2);
    expect((await vigil('scan')).code).toBe(2);
    expect((await vigil('frobnicate')).code).toBe(2);
  });

  it('documents the exit codes in --help, which exits 0', async () => {
    const help = await vigil('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*--fail-on\n\s+2 /);
    expect((await vigil('--version')).code).toBe(0);
  });
});
