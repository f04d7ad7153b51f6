import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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
  return vigilWith({}, ...args);
}

async function vigilWith(env: Record<string, string>, ...args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    env: { VIGIL_DATA_DIR: join(dir, 'data'), GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '1', VIGIL_GITHUB_RETRIES: '0', ...env },
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

  it('stops with exit 2 and the limit when the folder has more files than allowed, found while walking', async () => {
    const many = join(dir, 'many');
    await mkdir(many, { recursive: true });
    for (let i = 0; i < 40; i += 1) await writeFile(join(many, `f${i}.txt`), `file ${i}\n`.repeat(5));
    const ok = await vigilWith({ VIGIL_MAX_FILES: '40' }, 'scan', 'many', '--format', 'json');
    expect(ok.code, ok.err).toBe(0);
    expect((JSON.parse(ok.out) as { stats: { files: number } }).stats.files).toBe(40);
    const over = await vigilWith({ VIGIL_MAX_FILES: '39' }, 'scan', 'many');
    expect(over.code).toBe(2);
    expect(over.err).toBe('vigil: Directory rejected: the repository has more than 39 files (file-count limit)\n');
    const bytes = await vigilWith({ VIGIL_MAX_UNPACKED_BYTES: '1024' }, 'scan', 'many');
    expect(bytes.err).toBe('vigil: Directory rejected: the unpacked content is larger than the 1 KB unpacked-size limit\n');
  });

  it('does not follow a symbolic link out of the folder', async () => {
    await mkdir(join(dir, 'outside'), { recursive: true });
    await writeFile(join(dir, 'outside', 'keys.ts'), `export const k = "${AWS_KEY}";\n`);
    await mkdir(join(dir, 'linked', 'src'), { recursive: true });
    await writeFile(join(dir, 'linked', 'src', 'ok.ts'), 'export const ok = 1;\n');
    await symlink(join(dir, 'outside', 'keys.ts'), join(dir, 'linked', 'src', 'keys.ts'));
    await symlink(join(dir, 'outside'), join(dir, 'linked', 'more'));
    const { code, out } = await vigil('scan', 'linked', '--format', 'json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as { findings: unknown[]; stats: { files: number; skipped: { links: number } } };
    expect(report.findings).toEqual([]);
    expect(report.stats.files).toBe(1);
    expect(report.stats.skipped.links).toBe(2);
  });

  it('reports a file it cannot read and a folder it cannot list, and scans the rest', async () => {
    const tree = await mkdtemp(join(tmpdir(), 'vigil-cli-denied-'));
    try {
      await mkdir(join(tree, 'closed'));
      await writeFile(join(tree, 'closed', 'inside.ts'), 'export const x = 1;\n');
      await writeFile(join(tree, 'locked.ts'), 'export const y = 1;\n');
      await writeFile(join(tree, 'config.ts'), files['src/config.ts']);
      // The CLI may run as nobody (root reads anything): the tree is readable to it, but for what is closed on purpose.
      await chmod(tree, 0o755);
      await chmod(join(tree, 'config.ts'), 0o644);
      await chmod(join(tree, 'locked.ts'), 0o000);
      await chmod(join(tree, 'closed'), 0o000);
      const child = fileURLToPath(new URL('../adapters/sources/unprivileged.ts', import.meta.url));
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, 'cli', 'scan', tree, '--format', 'json'], {
        env: { ...process.env, TSX_DISABLE_CACHE: '1', VIGIL_SCAN_WORKERS: '1', VIGIL_DATA_DIR: join(tree, 'data') },
      });
      const { code, out, err } = JSON.parse(stdout) as { code: number; out: string; err: string };
      expect(code, err).toBe(0);
      const report = JSON.parse(out) as { findings: { rule_id: string; location: { path: string } }[]; warnings: string[]; stats: { files: number; unreadable: number } };
      expect(report.findings.map((f) => `${f.rule_id} ${f.location.path}`)).toEqual(['aws-access-key-id config.ts']);
      expect(report.stats).toMatchObject({ files: 2, unreadable: 1 });
      expect(report.warnings).toEqual(['1 file(s) could not be read and were not scanned', '1 folder(s) could not be read and were not scanned (closed)']);
    } finally {
      await chmod(join(tree, 'closed'), 0o755).catch(() => undefined);
      await rm(tree, { recursive: true, force: true });
    }
  });
});
