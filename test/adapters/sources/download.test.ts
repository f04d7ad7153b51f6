import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRepository } from '../../../src/adapters/sources/github/download.js';
import { readWorkspaceFile, type Workspace } from '../../../src/adapters/sources/workspace.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';
import { fakeSha, rawFileBlocks, rawTarball } from '../../fakes/github/tarball.js';
import { clientFor, exists, expectAppError, privateTmpdir } from './helpers.js';

let fake: FakeGitHub;
let tmp: Awaited<ReturnType<typeof privateTmpdir>>;
const SHA = fakeSha('acme/widgets');

beforeAll(async () => {
  tmp = await privateTmpdir();
  fake = await startFakeGitHub();
  fake.addRepo({
    owner: 'acme',
    repo: 'widgets',
    defaultBranch: 'trunk',
    refs: ['feature/login'],
    sha: SHA,
    files: {
      'README.md': '# widgets\n',
      'src/index.ts': 'export const key = "AK' + 'IA0000000000000000";\n',
      'deep/a/b/c.txt': 'c',
      'empty.txt': '',
      'image.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
      'data.bin': Buffer.from('text then \0 a NUL byte'),
      'late-nul.txt': Buffer.concat([Buffer.alloc(9000, 'a'), Buffer.from([0])]),
    },
  });
  fake.addRepo({
    owner: 'acme',
    repo: 'links',
    entries: () => [
      { path: 'real.txt', content: 'real' },
      { path: 'link-to-passwd', type: 'symlink', linkname: '/etc/passwd' },
      { path: 'hard', type: 'link', linkname: 'acme-links-0000000/real.txt' },
      { path: 'pipe', type: 'fifo' },
      { path: 'tty', type: 'character-device' },
    ],
  });
  fake.addRepo({
    owner: 'acme',
    repo: 'traversal',
    rawTarball: () => rawTarball([rawFileBlocks('top/ok.txt', 'ok'), rawFileBlocks('top/../../escaped.txt', 'pwned')]),
  });
  fake.addRepo({
    owner: 'acme',
    repo: 'absolute',
    rawTarball: () => rawTarball([rawFileBlocks('/tmp/vigil-absolute.txt', 'pwned')]),
  });
  fake.addRepo({ owner: 'acme', repo: 'truncated', files: { 'a.txt': 'a'.repeat(200_000), 'b.txt': 'b' }, tarballFailure: { kind: 'truncate' } });
  fake.addRepo({ owner: 'acme', repo: 'garbage', rawTarball: () => Buffer.from('this is not gzip at all') });
});

afterAll(async () => {
  await fake.close();
  await tmp.restore();
});

describe('downloadRepository through Octokit against the fake GitHub', () => {
  let workspace: Workspace;

  it('downloads the default branch, strips the top folder and reports stats', async () => {
    workspace = await downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'widgets' });
    const paths = workspace.files.map((f) => f.path).sort();
    // late-nul.txt has its NUL after the first 8 KB: only the head is sniffed, so it is kept.
    expect(paths).toEqual(['README.md', 'deep/a/b/c.txt', 'empty.txt', 'late-nul.txt', 'src/index.ts']);
    expect(workspace.stats).toEqual({
      files: 5,
      bytes: 10 + 43 + 1 + 0 + 9001,
      skipped: { tooLarge: 0, binary: 2, links: 0, special: 0, unsafe: 0 },
      binaryPaths: ['data.bin', 'image.png'],
    });
    expect(workspace.files.find((f) => f.path === 'late-nul.txt')?.size).toBe(9001);
    expect(workspace.repository).toEqual({
      owner: 'acme',
      repo: 'widgets',
      ref: 'trunk',
      defaultBranch: 'trunk',
      private: false,
      archived: false,
      commitSha: SHA,
    });
    // Within the memory budget: every file is held in memory, nothing is written.
    expect(workspace.root).toBe('');
    expect(workspace.memory?.files.size).toBe(5);
    expect((await readWorkspaceFile(workspace, 'src/index.ts'))?.toString('utf8')).toContain('AKIA');
    expect((await readWorkspaceFile(workspace, 'late-nul.txt'))?.length).toBe(9001);
    expect(await readWorkspaceFile(workspace, 'image.png')).toBeUndefined();
    expect(await tmp.leftovers()).toEqual([]);
    expect(fake.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /repos/acme/widgets 200',
      'GET /repos/acme/widgets/tarball/trunk 302',
      expect.stringMatching(/^GET \/_codeload\/acme\/widgets\/legacy\.tar\.gz\/trunk 200$/),
    ]);
  });

  it('dispose is idempotent and leaves nothing behind', async () => {
    await workspace.dispose();
    await workspace.dispose();
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('past the memory budget, writes the files to a private folder (0700, files 0400) and removes it on dispose', async () => {
    const ws = await downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'widgets', memoryBytes: 0 });
    expect(ws.files.map((f) => f.path)).toEqual(['README.md', 'deep/a/b/c.txt', 'empty.txt', 'late-nul.txt', 'src/index.ts']);
    expect(ws.memory?.files.size).toBe(0);
    expect(ws.root).not.toBe('');
    expect(await readFile(join(ws.root, 'src/index.ts'), 'utf8')).toContain('AKIA');
    expect((await readWorkspaceFile(ws, 'src/index.ts'))?.toString('utf8')).toContain('AKIA');
    expect((await stat(ws.root)).mode & 0o777).toBe(0o700);
    expect((await stat(join(ws.root, 'README.md'))).mode & 0o777).toBe(0o400);
    await ws.dispose();
    await ws.dispose();
    expect(await exists(ws.root)).toBe(false);
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('downloads an explicit ref containing a slash', async () => {
    const ws = await downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'widgets', ref: 'feature/login' });
    expect(ws.repository?.ref).toBe('feature/login');
    expect(fake.requests.at(-2)?.path).toBe('/repos/acme/widgets/tarball/feature/login');
    await ws.dispose();
  });

  it('answers not_found for a ref GitHub does not know', async () => {
    const error = await expectAppError(downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'widgets', ref: 'nope' }), 'not_found');
    expect(error.detail).toBe('Ref not found: acme/widgets has no branch, tag or commit "nope"');
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('rejects an invalid ref before any request', async () => {
    const before = fake.requests.length;
    await expectAppError(downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'widgets', ref: '../x' }), 'bad_request');
    expect(fake.requests.length).toBe(before);
  });

  it('skips symlinks, hard links, FIFOs and devices, counting them', async () => {
    const ws = await downloadRepository({ client: clientFor(fake), owner: 'acme', repo: 'links' });
    expect(ws.files.map((f) => f.path)).toEqual(['real.txt']);
    expect(ws.stats.skipped).toEqual({ tooLarge: 0, binary: 0, links: 2, special: 2, unsafe: 0 });
    expect(await exists(join(ws.root, 'link-to-passwd'))).toBe(false);
    await ws.dispose();
  });
});

describe('hostile and broken archives', () => {
  it.each([
    ['traversal', /unsafe path in archive \("\.\." segment\)/],
    ['absolute', /unsafe path in archive \(absolute path\)/],
  ])('rejects the %s archive and leaves nothing behind', async (repo, detail) => {
    const error = await expectAppError(downloadRepository({ client: clientFor(fake), owner: 'acme', repo }), 'bad_request');
    expect(error.detail).toMatch(/^Archive download failed: /);
    expect(error.detail).toMatch(detail);
    expect(await exists('/tmp/vigil-absolute.txt')).toBe(false);
    expect(await tmp.leftovers()).toEqual([]);
  });

  it.each(['truncated', 'garbage'])('maps a %s archive to bad_request', async (repo) => {
    const error = await expectAppError(downloadRepository({ client: clientFor(fake), owner: 'acme', repo }), 'bad_request');
    expect(error.detail).toMatch(/^Archive download failed: the archive is truncated or corrupt/);
    expect(await tmp.leftovers()).toEqual([]);
  });
});
