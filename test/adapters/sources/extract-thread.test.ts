import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_BYTES } from '../../../src/adapters/sources/github/entries.js';
import { extractionThreadId, extractTarballInThread, type ExtractedArchive } from '../../../src/adapters/sources/github/extract-thread.js';
import { resolveLimits } from '../../../src/adapters/sources/limits.js';
import { heldBytes, readWorkspaceFile } from '../../../src/adapters/sources/workspace.js';
import { fakeSha, rawFileBlocks, rawTarball, tarballStream, topFolder, type FakeEntry } from '../../fakes/github/tarball.js';
import { privateTmpdir } from './helpers.js';

const FILES = 400;
const MB = 1024 * 1024;
let tmp: Awaited<ReturnType<typeof privateTmpdir>>;

beforeAll(async () => {
  tmp = await privateTmpdir();
});

afterAll(async () => {
  await tmp.restore();
});

async function archive(name: string, entries: FakeEntry[]): Promise<Buffer> {
  const sha = fakeSha(name);
  return Buffer.concat(await tarballStream(entries, topFolder('acme', name, sha), sha).toArray());
}

const body = (bytes: Buffer): Readable => Readable.from([bytes], { objectMode: false });

function sourceFiles(count: number, prefix = 'src/file'): FakeEntry[] {
  return Array.from({ length: count }, (_, i) => ({ path: `${prefix}${i}.ts`, content: `export const value${i} = ${i};\n` }));
}

async function text(result: ExtractedArchive, path: string): Promise<string | undefined> {
  return (await readWorkspaceFile({ root: result.spillRoot ?? '', files: result.files, memory: result.memory }, path))?.toString('utf8');
}

/** Files under the spill folder's src, read synchronously (the caller must not yield to the event loop). */
function spilledSoFar(): number {
  try {
    const root = readdirSync(process.env.TMPDIR ?? '').find((name) => name.startsWith('vigil-src-'));
    return root === undefined ? 0 : readdirSync(`${process.env.TMPDIR ?? ''}/${root}/src`).length;
  } catch {
    return 0;
  }
}

describe('extractTarballInThread', () => {
  it('keeps the files in memory within the budget: nothing is written', async () => {
    const result = await extractTarballInThread(body(await archive('memory', sourceFiles(50))), resolveLimits(), 64 * MB);
    expect(result.spillRoot).toBeUndefined();
    expect(result.files).toHaveLength(50);
    expect(result.memory.files.size).toBe(50);
    expect(await text(result, 'src/file7.ts')).toBe('export const value7 = 7;\n');
    const at = result.memory.files.get('src/file49.ts');
    expect(at && heldBytes(result.memory.arenas, at).toString()).toBe('export const value49 = 49;\n');
    expect(await tmp.leftovers()).toEqual([]);
    await result.release();
  });

  it('past the budget, spills to a folder while the main thread never yields to its event loop', async () => {
    const bytes = await archive('thread', sourceFiles(FILES));
    const input = body(bytes);
    const ended = once(input, 'end');
    const extraction = extractTarballInThread(input, resolveLimits(), 0);
    // Once the whole archive is handed over, block this thread: any further file can
    // only be written by another thread. (The deadline only ends the loop if none is.)
    await ended;
    const deadline = Date.now() + 60_000;
    let written = spilledSoFar();
    while (written < FILES && Date.now() < deadline) written = spilledSoFar();
    expect(written).toBe(FILES);
    const result = await extraction;
    expect(result.files).toHaveLength(FILES);
    expect(result.memory.files.size).toBe(0);
    expect(result.commitSha).toBe(fakeSha('thread'));
    expect(await text(result, 'src/file3.ts')).toBe('export const value3 = 3;\n');
    await result.release();
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('fills the budget, spills the rest, and has the budget back once released', async () => {
    // 6 files of 1.5 MB: an arena holds two; a budget of two arenas holds four of them.
    const big = Array.from({ length: 6 }, (_, i) => ({ path: `big/f${i}.txt`, content: `${i}`.repeat(1.5 * MB) }));
    const first = await extractTarballInThread(body(await archive('budget', big)), resolveLimits(), 2 * ARENA_BYTES);
    expect(first.memory.files.size).toBe(4);
    expect(first.spillRoot).toBeDefined();
    expect(first.files).toHaveLength(6);
    for (let i = 0; i < 6; i += 1) expect(await text(first, `big/f${i}.txt`)).toBe(`${i}`.repeat(1.5 * MB));
    // While the first archive holds the budget, a second one spills everything.
    const second = await extractTarballInThread(body(await archive('second', sourceFiles(3))), resolveLimits(), 2 * ARENA_BYTES);
    expect(second.memory.files.size).toBe(0);
    await second.release();
    await first.release();
    const third = await extractTarballInThread(body(await archive('third', sourceFiles(3))), resolveLimits(), 2 * ARENA_BYTES);
    expect(third.memory.files.size).toBe(3);
    await third.release();
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('hands the arenas of a disposed archive, zeroed, to the next archive, and never an arena still held', async () => {
    const one = (name: string, path: string, content: string): Promise<Buffer> => archive(name, [{ path, content }]);
    const first = await extractTarballInThread(body(await one('reuse-a', 'a.txt', 'A'.repeat(1000))), resolveLimits(), 64 * MB);
    const at = first.memory.files.get('a.txt');
    expect(at).toBeDefined();
    // The first archive's arena as this thread sees it: the memory is shared with the extraction thread.
    const seen = new Uint8Array(first.memory.arenas[at?.arena ?? 0] ?? new SharedArrayBuffer(0));
    const aAt = (offset: number): string => String.fromCharCode(seen[(at?.offset ?? 0) + offset] ?? 0);
    // While the first archive is held, a second one gets memory of its own.
    const second = await extractTarballInThread(body(await one('reuse-b', 'b.txt', 'B'.repeat(1000))), resolveLimits(), 64 * MB);
    expect(await text(second, 'b.txt')).toBe('B'.repeat(1000));
    expect(aAt(0) + aAt(999)).toBe('AA');
    await second.release();
    await first.release();
    // Released last, the first archive's arena is the next one handed out: zeroed, then filled.
    const third = await extractTarballInThread(body(await one('reuse-c', 'c.txt', 'C'.repeat(500))), resolveLimits(), 64 * MB);
    expect(await text(third, 'c.txt')).toBe('C'.repeat(500));
    const cAt = third.memory.files.get('c.txt');
    expect(cAt?.offset).toBe(0);
    expect(Buffer.from(seen.subarray(0, 500)).toString('latin1')).toBe('C'.repeat(500));
    expect(seen.subarray(500, 4096).every((byte) => byte === 0)).toBe(true);
    await third.release();
  });

  it('reports a broken archive with the same message as before, from the thread', async () => {
    const error = await extractTarballInThread(Readable.from([Buffer.from('not a gzip stream')]), resolveLimits(), 64 * MB).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
    expect((error as Error).message).toMatch(/^Archive download failed: the archive is truncated or corrupt \(/);
  });

  it('reports a truncated archive as corrupt and leaves no spill folder behind', async () => {
    const bytes = await archive('truncated', [...sourceFiles(200), { path: 'z.txt', content: 'z'.repeat(300_000) }]);
    const error = await extractTarballInThread(body(bytes.subarray(0, Math.floor(bytes.length * 0.8))), resolveLimits(), 0).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Archive download failed: the archive is truncated or corrupt \(/);
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('one long-lived thread serves several archives at once and survives a bad one', async () => {
    await extractTarballInThread(body(await archive('warm', sourceFiles(1))), resolveLimits(), 64 * MB).then((r) => r.release());
    const thread = extractionThreadId();
    expect(thread).toBeGreaterThan(0);
    const traversal = rawTarball([rawFileBlocks('top/ok.txt', 'ok'), rawFileBlocks('top/../../escaped.txt', 'pwned')]);
    const [a, bad, b, garbage] = await Promise.allSettled([
      archive('a', sourceFiles(300, 'a/f')).then((bytes) => extractTarballInThread(body(bytes), resolveLimits(), 64 * MB)),
      extractTarballInThread(body(traversal), resolveLimits(), 64 * MB),
      archive('b', sourceFiles(300, 'b/f')).then((bytes) => extractTarballInThread(body(bytes), resolveLimits(), 0)),
      extractTarballInThread(body(Buffer.from('garbage')), resolveLimits(), 64 * MB),
    ]);
    expect(bad.status === 'rejected' && (bad.reason as Error).message).toMatch(/unsafe path in archive \("\.\." segment\)/);
    expect(garbage.status === 'rejected' && (garbage.reason as Error).message).toMatch(/truncated or corrupt/);
    if (a.status !== 'fulfilled' || b.status !== 'fulfilled') throw new Error('the good archives failed');
    expect(a.value.files.map((f) => f.path)).toEqual(sourceFiles(300, 'a/f').map((f) => f.path).sort());
    expect(await text(a.value, 'a/f12.ts')).toBe('export const value12 = 12;\n');
    expect(await text(b.value, 'b/f299.ts')).toBe('export const value299 = 299;\n');
    await Promise.all([a.value.release(), b.value.release()]);
    const after = await extractTarballInThread(body(await archive('after', sourceFiles(2))), resolveLimits(), 64 * MB);
    expect(after.files).toHaveLength(2);
    await after.release();
    expect(extractionThreadId()).toBe(thread);
    expect(await tmp.leftovers()).toEqual([]);
  });

  it('treats a second file at a kept path, or under a kept file, as unsafe (as the disk would)', async () => {
    const entries: FakeEntry[] = [
      { path: 'dup.txt', content: 'first' },
      { path: 'dup.txt', content: 'second' },
      { path: 'file', content: 'a file' },
      { path: 'file/child.txt', content: 'under a file' },
    ];
    const result = await extractTarballInThread(body(await archive('dups', entries)), resolveLimits(), 64 * MB);
    expect(result.files.map((f) => f.path)).toEqual(['dup.txt', 'file']);
    expect(result.stats.skipped.unsafe).toBe(2);
    expect(await text(result, 'dup.txt')).toBe('first');
    await result.release();
  });
});
