import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRepository } from '../../../src/adapters/sources/github/download.js';
import { DEFAULT_SOURCE_LIMITS } from '../../../src/adapters/sources/limits.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';
import { fakeSha, gzipBomb, tinyFilesTarball, topFolder } from '../../fakes/github/tarball.js';
import { clientFor, expectAppError, privateTmpdir } from './helpers.js';

const GB = 1024 * 1024 * 1024;
let fake: FakeGitHub;
let tmp: Awaited<ReturnType<typeof privateTmpdir>>;

beforeAll(async () => {
  tmp = await privateTmpdir({ preferMemory: true });
  fake = await startFakeGitHub();
  fake.addRepo({ owner: 'evil', repo: 'bomb', rawTarball: () => gzipBomb(2 * GB) });
  for (const [repo, count] of [['exact', 100_000], ['over', 100_001]] as const) {
    const sha = fakeSha(repo);
    fake.addRepo({ owner: 'big', repo, sha, rawTarball: () => tinyFilesTarball(count, topFolder('big', repo, sha), sha) });
  }
  fake.addRepo({
    owner: 'big',
    repo: 'line',
    entries: () => [{ path: 'huge.min.js', content: Buffer.alloc(50 * 1024 * 1024, 'a') }, { path: 'small.js', content: 'ok' }],
  });
});

afterAll(async () => {
  await fake.close();
  await tmp.restore();
});

describe('source limits', () => {
  it('stops a 2 GB gzip bomb at the unpacked-size limit with bounded memory', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const error = await expectAppError(downloadRepository({ client: clientFor(fake), owner: 'evil', repo: 'bomb' }), 'bad_request');
      expect(error.detail).toBe('Archive download failed: the unpacked content is larger than the 1024 MB unpacked-size limit');
    } finally {
      clearInterval(timer);
    }
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('rejects an archive above the compressed-size limit as bytes arrive', async () => {
    const error = await expectAppError(
      downloadRepository({ client: clientFor(fake), owner: 'evil', repo: 'bomb', limits: { maxArchiveBytes: 64 * 1024 } }),
      'bad_request',
    );
    expect(error.detail).toBe('Archive download failed: the archive is larger than the 64 KB archive-size limit');
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('accepts exactly 100,000 files (the default file-count limit)', async () => {
    expect(DEFAULT_SOURCE_LIMITS.maxFiles).toBe(100_000);
    const ws = await downloadRepository({ client: clientFor(fake), owner: 'big', repo: 'exact' });
    expect(ws.stats.files).toBe(100_000);
    expect(ws.files).toHaveLength(100_000);
    expect(ws.stats.bytes).toBe(100_000);
    await ws.dispose();
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('rejects 100,001 files cleanly, naming the limit', async () => {
    const error = await expectAppError(downloadRepository({ client: clientFor(fake), owner: 'big', repo: 'over' }), 'bad_request');
    expect(error.detail).toBe('Archive download failed: the repository has more than 100,000 files (file-count limit)');
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('skips a 50 MB single-line file as too large and keeps the rest', async () => {
    const ws = await downloadRepository({ client: clientFor(fake), owner: 'big', repo: 'line' });
    expect(ws.files).toEqual([{ path: 'small.js', size: 2 }]);
    expect(ws.stats.skipped.tooLarge).toBe(1);
    await ws.dispose();
  });

  it('removes the folder when the caller aborts mid-download', async () => {
    const controller = new AbortController();
    const reason = new Error('scan timed out');
    setTimeout(() => controller.abort(reason), 150);
    const error = await downloadRepository({ client: clientFor(fake), owner: 'big', repo: 'exact', signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(await tmp.leftovers()).toEqual([]);
  });
});
