import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanHistory } from '../../src/engine/history.js';
import { createScanPool, type ScanPool } from '../../src/engine/pool.js';
import { git, makeRepository } from '../helpers/git-repo.js';

const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const STRIPE = ['sk_live_', 'ahwv9nlmgKdqzNHgljQRNHxL'].join('');
const GITHUB = ['ghp_', 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a0ppwFp'].join('');
const SUPPRESSED = ['sk_live_', 'Q7wErTyUiOpAsDfGhJkLzXcV'].join('');

let root: string;
let repo: string;
let shas: string[];
let pool: ScanPool;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vigil-history-'));
  repo = join(root, 'repo');
  pool = createScanPool(2);
  shas = await makeRepository(repo, [
    { message: 'start', files: { 'README.md': '# demo\n' } },
    { message: 'add config', files: { 'src/config.ts': `// settings\nexport const awsKey = "${AWS_KEY}";\n` } },
    { message: 'move config', files: { 'src/config.ts': null, 'config/settings.ts': `// moved\n\nexport const awsKey = "${AWS_KEY}";\n` } },
    { message: 'remove key', files: { 'config/settings.ts': 'export const awsKey = process.env.AWS_KEY;\n' } },
    {
      message: 'stripe',
      files: {
        'billing.ts': `export const stripe = "${STRIPE}";\n`,
        'ignored.ts': `export const k = "${SUPPRESSED}"; // vigil-ignore\n`,
        'logo.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from(`${GITHUB}\n`)]),
      },
    },
    { message: 'feature token', branch: 'feature', files: { 'ci.env': `TOKEN=${GITHUB}\n` } },
    { message: 'back on main', branch: 'main', files: { 'notes.md': 'nothing\n' } },
  ]);
});

afterAll(async () => {
  await pool.close();
  await rm(root, { recursive: true, force: true });
});

const scan = (dir: string, extra: Partial<Parameters<typeof scanHistory>[2]> = {}) =>
  scanHistory(dir, 'acme/demo', { pool, timeoutMs: 60_000, maxFileBytes: 5 * 1024 * 1024, ...extra });

describe('history scan', () => {
  it('reports a secret added, moved and deleted once, at the commit that introduced it, not present at HEAD', async () => {
    const outcome = await scan(repo);
    const aws = outcome.findings.filter((f) => f.rule_id === 'aws-access-key-id');
    expect(aws).toHaveLength(1);
    expect(aws[0]).toMatchObject({
      location: { target: 'acme/demo', path: 'src/config.ts', line: 2, commit: shas[1], commit_date: '2024-01-01T00:02:00.000Z', commit_author: 'Ada Tester <ada@example.test>' },
      present_at_head: false,
    });
    expect(aws[0]?.evidence).toContain('2 file versions');
    expect(JSON.stringify(outcome)).not.toContain(AWS_KEY);
  });

  it('marks a secret still in the tip as present, finds other branches, applies inline suppressions, skips binaries', async () => {
    const outcome = await scan(repo);
    const stripe = outcome.findings.find((f) => f.rule_id === 'stripe-secret-key');
    expect(stripe).toMatchObject({ location: { path: 'billing.ts', line: 1, commit: shas[4] }, present_at_head: true });
    const token = outcome.findings.find((f) => f.rule_id === 'github-token');
    expect(token).toMatchObject({ location: { path: 'ci.env', commit: shas[5] }, present_at_head: false });
    expect(outcome.findings.some((f) => f.location.path === 'ignored.ts' || f.location.path === 'logo.png')).toBe(false);
    expect(outcome.stats.suppressed_inline).toBe(1);
    expect(outcome.stats.skipped.binary).toBe(1);
    expect(outcome.stats.history).toMatchObject({ commits: 7, tip: shas[6], branch: null, since: null });
    expect(JSON.stringify(outcome)).not.toMatch(new RegExp(`${STRIPE}|${GITHUB}|${SUPPRESSED}`));
  });

  it('limits to one branch with --branch and to later commits with --since', async () => {
    const main = await scan(repo, { branch: 'main' });
    expect(main.findings.some((f) => f.rule_id === 'github-token')).toBe(false);
    expect(main.stats.history).toMatchObject({ commits: 6, branch: 'main' });
    const feature = await scan(repo, { branch: 'feature' });
    expect(feature.findings.find((f) => f.rule_id === 'github-token')).toMatchObject({ present_at_head: true });
    const since = await scan(repo, { since: shas[2] as string });
    expect(since.findings.some((f) => f.rule_id === 'aws-access-key-id')).toBe(false);
    expect(since.stats.history?.commits).toBe(4);
    await expect(scan(repo, { since: 'no-such-rev' })).rejects.toThrow(/Unknown --since: "no-such-rev" is not a commit/);
    await expect(scan(repo, { branch: '--all' })).rejects.toThrow(/Invalid --branch/);
  });

  it('applies the .vigilignore of the tip and reads bare repositories', async () => {
    const bare = join(root, 'bare.git');
    await git(root, 'clone', '-q', '--bare', repo, bare);
    const plain = await scan(bare);
    expect(plain.findings.map((f) => f.rule_id).sort()).toEqual(['aws-access-key-id', 'committed-env-file', 'github-token', 'stripe-secret-key']);
    const given = await scan(bare, { ignoreText: 'path:billing.ts # rotated\n' });
    expect(given.findings.some((f) => f.rule_id === 'stripe-secret-key')).toBe(false);
    expect(given.stats.suppressed_ignore_file).toBe(1);
    // The tip's own .vigilignore applies to every commit's findings.
    const other = join(root, 'with-ignore');
    await makeRepository(other, [
      { message: 'key', files: { 'old/aws.ts': `k = "${AWS_KEY}"\n` } },
      { message: 'gone', files: { 'old/aws.ts': null, '.vigilignore': 'path:old/** # revoked in 2024\n' } },
    ]);
    const tip = await scan(other);
    expect(tip.findings).toEqual([]);
    expect(tip.stats.suppressed_ignore_file).toBe(1);
  });

  it('refuses a folder that is not a repository and too many commits', async () => {
    await expect(scan(root)).rejects.toThrow(/is not a git repository/);
    await expect(scan(repo, { maxCommits: 3 })).rejects.toThrow(/more than 3 commits/);
  });

  it('scans an empty repository to no findings', async () => {
    const empty = join(root, 'empty');
    await makeRepository(empty, []);
    const outcome = await scan(empty);
    expect(outcome.findings).toEqual([]);
    expect(outcome.stats.history).toMatchObject({ commits: 0, tip: null });
  });
});

describe('history scan: size limit', () => {
  it('skips blobs over the size limit without reading them into memory', async () => {
    const outcome = await scan(repo, { maxFileBytes: 40 });
    expect(outcome.stats.skipped.tooLarge).toBeGreaterThan(0);
    expect(outcome.findings.some((f) => f.rule_id === 'aws-access-key-id')).toBe(false);
  });
});

describe('history scan: merges', () => {
  it('finds content that only a merge commit brought, at that merge', async () => {
    const dir = join(root, 'merges');
    const shas = await makeRepository(dir, [
      { message: 'base', files: { 'a.txt': 'a\n' } },
      { message: 'feature', branch: 'feature', files: { 'b.txt': 'b\n' } },
      { message: 'main work', branch: 'main', files: { 'c.txt': 'c\n' } },
    ]);
    await git(dir, 'merge', '-q', '--no-ff', '--no-commit', 'feature');
    await writeFile(join(dir, 'resolved.ts'), `export const awsKey = "${AWS_KEY}";\n`);
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '-m', 'merge feature');
    const merge = await git(dir, 'rev-parse', 'HEAD');
    const outcome = await scan(dir);
    expect(outcome.findings.map((f) => [f.rule_id, f.location.commit])).toEqual([['aws-access-key-id', merge]]);
    expect(outcome.findings[0]?.present_at_head).toBe(true);
    expect(outcome.stats.history?.commits).toBe(4);
    expect(shas).toHaveLength(3);
  });
});
