import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SourceLimits } from '../../../src/adapters/sources/limits.js';
import { INLINE_FILE_MS, INLINE_SLOW_FILES, openLocalDirectory, walkLocalDirectory } from '../../../src/adapters/sources/local.js';
import type { WorkspaceStats } from '../../../src/adapters/sources/workspace.js';
import { expectAppError } from './helpers.js';
import { sequentialWalk } from './local-sequential.js';

let dir: string;

/** Small deterministic PRNG (mulberry32), so the generated tree is the same on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Names chosen so byte order, case and separators matter when the file list is sorted.
const NAMES = ['a', 'B', 'a-b', 'a.b', 'a_b', 'Z', 'ä', 'src', 'lib', 'x1', 'x10', 'x2'];
const LIMITS: Partial<SourceLimits> = { maxFileBytes: 2048, maxPathDepth: 5 };

async function put(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-walk-'));
  const random = prng(25);
  const pick = (): string => NAMES[Math.floor(random() * NAMES.length)] ?? 'a';
  for (let i = 0; i < 400; i += 1) {
    const depth = Math.floor(random() * 7); // up to 7 folders deep: some paths exceed maxPathDepth
    const folders = Array.from({ length: depth }, pick);
    const path = [...folders, `${pick()}-${i}.txt`].join('/');
    const kind = random();
    if (kind < 0.1) await put(path, Buffer.from([0x41, 0, 0x42])); // binary
    else if (kind < 0.2) await put(path, 'x'.repeat(3000)); // larger than maxFileBytes
    else await put(path, 'line\n'.repeat(Math.floor(random() * 300)));
  }
  await put('.git/config', '[core]');
  await put('deep/node_modules/pkg/index.js', 'module.exports = 1;');
  await put('linked/target.txt', 'target');
  await symlink(join(dir, 'linked'), join(dir, 'dir-link'));
  await symlink(join(dir, 'linked/target.txt'), join(dir, 'src-link.txt'));
  await symlink('/nonexistent', join(dir, 'a/dangling'));
  execFileSync('mkfifo', [join(dir, 'B/pipe')]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entries = (stats: WorkspaceStats): number => stats.files + Object.values(stats.skipped).reduce((a, b) => a + b, 0);

async function walkError(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) => (error as Error).message,
  );
}

describe('openLocalDirectory, parallel walk', () => {
  it('finds the same files, in the same order, with the same counts as the sequential walk', async () => {
    const reference = await sequentialWalk(dir, LIMITS);
    expect(reference.files.length).toBeGreaterThan(200);
    const { skipped } = reference.stats;
    expect(skipped.binary * skipped.tooLarge * skipped.unsafe).toBeGreaterThan(0);
    expect(skipped).toMatchObject({ links: 3, special: 1 });
    for (const concurrency of [1, 3, 16, 64]) {
      const ws = await openLocalDirectory(dir, LIMITS, concurrency);
      expect(ws.files).toEqual(reference.files);
      expect(ws.stats).toEqual(reference.stats);
    }
  });

  it('reports progress once per kept file, counts and bytes growing to the final totals', async () => {
    const seen: [number, number][] = [];
    const ws = await openLocalDirectory(dir, LIMITS, 16, (files, bytes) => seen.push([files, bytes]));
    expect(seen).toHaveLength(ws.stats.files);
    expect(seen.map(([files]) => files)).toEqual(Array.from({ length: ws.stats.files }, (_, i) => i + 1));
    expect(seen.every(([, bytes], i) => i === 0 || bytes >= (seen[i - 1] as [number, number])[1])).toBe(true);
    expect(seen.at(-1)).toEqual([ws.stats.files, ws.stats.bytes]);
  });

  it('does not follow symbolic links to folders, and skips .git and node_modules', async () => {
    const ws = await openLocalDirectory(dir, LIMITS);
    const paths = ws.files.map((f) => f.path);
    expect(paths).toContain('linked/target.txt');
    expect(paths.some((p) => p.startsWith('dir-link/') || p.startsWith('.git/') || p.includes('node_modules/'))).toBe(false);
  });

  it('applies the file-count limit at the same count as the sequential walk', async () => {
    const total = entries((await sequentialWalk(dir, LIMITS)).stats);
    await expect(openLocalDirectory(dir, { ...LIMITS, maxFiles: total })).resolves.toBeDefined();
    for (const maxFiles of [total - 1, 7, 1]) {
      const limits = { ...LIMITS, maxFiles };
      const expected = await walkError(sequentialWalk(dir, limits));
      expect(expected).toContain('file-count limit');
      expect((await expectAppError(openLocalDirectory(dir, limits, 8), 'bad_request')).detail).toBe(expected);
    }
  });

  it('applies the unpacked-size limit at the same size as the sequential walk', async () => {
    const { bytes } = (await sequentialWalk(dir, LIMITS)).stats;
    const exact = await openLocalDirectory(dir, { ...LIMITS, maxUnpackedBytes: bytes });
    expect(exact.stats.bytes).toBe(bytes);
    for (const maxUnpackedBytes of [bytes - 1, 100]) {
      const limits = { ...LIMITS, maxUnpackedBytes };
      const expected = await walkError(sequentialWalk(dir, limits));
      expect(expected).toContain('unpacked-size limit');
      expect((await expectAppError(openLocalDirectory(dir, limits), 'bad_request')).detail).toBe(expected);
    }
  });

  it('walks an empty folder and rejects a concurrency below one', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'vigil-walk-empty-'));
    try {
      const ws = await openLocalDirectory(empty);
      expect(ws.files).toEqual([]);
      expect(entries(ws.stats)).toBe(0);
      await expect(openLocalDirectory(empty, {}, 0)).rejects.toThrow(RangeError);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('examining files inline (the command line) finds the same files, counts and contents as the thread pool', async () => {
    const walk = async (inlineReads: boolean, limits: Partial<SourceLimits> = LIMITS) => {
      const arriving = await walkLocalDirectory(dir, { limits, memoryBytes: 16 * 1024 * 1024, inlineReads });
      const ws = await arriving.workspace;
      const held = [...(ws.memory?.files ?? new Map())].map(([path, at]) => [path, Buffer.from(ws.memory?.arenas[at.arena] ?? new SharedArrayBuffer(0), at.offset, at.length).toString('latin1')]);
      await ws.dispose();
      return { files: ws.files, stats: ws.stats, held: held.sort() };
    };
    const pooled = await walk(false);
    const inline = await walk(true);
    expect(pooled.held.length).toBeGreaterThan(200);
    expect(inline).toEqual(pooled);
    // Every inline file taking longer than INLINE_FILE_MS (a clock that jumps on each reading): the walk
    // examines INLINE_SLOW_FILES files inline (two readings each), then goes on through the thread pool,
    // and finds the same.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += INLINE_FILE_MS + 1));
    let switched: Awaited<ReturnType<typeof walk>>;
    let readings: number;
    try {
      switched = await walk(true);
      readings = now.mock.calls.length;
    } finally {
      now.mockRestore();
    }
    expect(switched).toEqual(pooled);
    expect(readings).toBe(2 * INLINE_SLOW_FILES);
    expect(inline.stats.skipped).toMatchObject({ links: 3, special: 1 });
    const { bytes } = pooled.stats;
    const expected = await walkError(sequentialWalk(dir, { ...LIMITS, maxUnpackedBytes: bytes - 1 }));
    expect(await walkError(walk(true, { ...LIMITS, maxUnpackedBytes: bytes - 1 }))).toBe(expected);
  });
});
