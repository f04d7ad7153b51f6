import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { makeRepository } from '../helpers/git-repo.js';

const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
let dir: string;
let shas: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-cli-history-'));
  shas = await makeRepository(join(dir, 'repo'), [
    { message: 'readme', files: { 'README.md': '# demo\n' } },
    { message: 'key', files: { 'src/config.ts': `export const awsKey = "${AWS_KEY}";\n` } },
    { message: 'remove', files: { 'src/config.ts': null } },
  ]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function vigil(...args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    env: { VIGIL_DATA_DIR: join(dir, 'data'), VIGIL_SCAN_WORKERS: '1' },
    cwd: dir,
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return { code, out, err };
}

describe('vigil scan --history', () => {
  it('finds a secret deleted since, at its commit, in the table and in JSON', async () => {
    const plain = await vigil('scan', 'repo', '--format', 'json');
    expect(JSON.parse(plain.out)).toMatchObject({ finding_count: 0 });
    const table = await vigil('scan', 'repo', '--history', '--fail-on', 'high');
    expect(table.code).toBe(1);
    expect(table.out).toMatch(new RegExp(`AWS access key\\s+src/config\\.ts:1 @${shas[1]?.slice(0, 10)} \\(removed since\\)`));
    const json = await vigil('scan', 'repo', '--history', '--format', 'json', '--target', 'acme/demo');
    const report = JSON.parse(json.out) as { findings: Record<string, unknown>[]; stats: { history: { commits: number } } };
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({ location: { path: 'src/config.ts', line: 1, commit: shas[1] }, present_at_head: false });
    expect(report.stats.history.commits).toBe(3);
    expect(json.out).not.toContain(AWS_KEY);
  });

  it('puts the commit in SARIF result properties', async () => {
    const { out } = await vigil('scan', 'repo', '--history', '--format', 'sarif');
    const sarif = JSON.parse(out) as { runs: { results: { properties: Record<string, unknown> }[] }[] };
    expect(sarif.runs[0]?.results[0]?.properties).toMatchObject({ commit: shas[1], presentAtHead: false, commitDate: '2024-01-01T00:02:00.000Z' });
  });

  it('honours --since and --branch, and the work tree .vigilignore', async () => {
    expect(JSON.parse((await vigil('scan', 'repo', '--history', '--since', shas[1] as string, '--format', 'json')).out)).toMatchObject({ finding_count: 0 });
    expect(JSON.parse((await vigil('scan', 'repo', '--history', '--branch', 'main', '--format', 'json')).out)).toMatchObject({ finding_count: 1 });
    await writeFile(join(dir, 'repo', '.vigilignore'), 'rule:aws-access-key-id\n');
    expect(JSON.parse((await vigil('scan', 'repo', '--history', '--format', 'json')).out)).toMatchObject({ finding_count: 0 });
    await rm(join(dir, 'repo', '.vigilignore'));
  });

  it('--verify adds verified and verified_at (an AWS key id alone cannot be checked: null, and no request is sent)', async () => {
    const { out } = await vigil('scan', 'repo', '--history', '--verify', '--format', 'json');
    const finding = (JSON.parse(out) as { findings: Record<string, unknown>[] }).findings[0];
    expect(finding).toMatchObject({ rule_id: 'aws-access-key-id', verified: null });
    expect(finding?.verified_at).toMatch(/Z$/);
  });

  it('exits 2 with a message for a folder that is not a repository or a bad rev', async () => {
    await writeFile(join(dir, 'plain.txt'), 'x');
    const notRepo = await vigil('scan', '.', '--history');
    expect(notRepo.code).toBe(2);
    expect(notRepo.err).toContain('is not a git repository');
    const badRev = await vigil('scan', 'repo', '--history', '--branch', 'nope');
    expect(badRev.code).toBe(2);
    expect(badRev.err).toContain('Unknown --branch: "nope"');
    expect((await vigil('scan', 'repo', '--since', 'HEAD')).err).toContain('--since and --branch go with --history');
  });
});

describe('vigil scan github --history', () => {
  it('clones the repository from the (fake) GitHub and scans its history', async () => {
    const { startFakeGitHub } = await import('../fakes/github/server.js');
    const { git } = await import('../helpers/git-repo.js');
    const fake = await startFakeGitHub();
    try {
      await git(dir, 'clone', '-q', '--bare', join(dir, 'repo'), join(dir, 'demo.git'));
      fake.addRepo({ owner: 'acme', repo: 'demo', gitDir: join(dir, 'demo.git') });
      let out = '';
      let err = '';
      const code = await runCli(['scan', 'github', 'acme/demo', '--history', '--format', 'json'], {
        env: { VIGIL_DATA_DIR: join(dir, 'data'), VIGIL_SCAN_WORKERS: '1', GITHUB_API_URL: fake.url, VIGIL_GITHUB_RETRIES: '0' },
        cwd: dir,
        out: (t) => (out += t),
        err: (t) => (err += t),
      });
      expect(code, err).toBe(0);
      const report = JSON.parse(out) as { findings: Record<string, unknown>[] };
      expect(report.findings).toHaveLength(1);
      expect(report.findings[0]).toMatchObject({ location: { target: 'acme/demo', commit: shas[1] }, present_at_head: false });
    } finally {
      await fake.close();
    }
  });
});
