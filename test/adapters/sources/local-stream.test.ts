/**
 * The local walk as a stream (walkLocalDirectory): kept files arrive in batches while the walk
 * goes on, each exactly once; within the memory budget their bytes are held in shared arenas
 * (read once, never again by the scanners); limits, symbolic links and unreadable entries behave
 * as in the whole walk.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_BYTES } from '../../../src/adapters/sources/arenas.js';
import { openLocalDirectory, walkLocalDirectory, type ArrivingDirectory } from '../../../src/adapters/sources/local.js';
import { heldBytes, type Workspace, type WorkspaceFile } from '../../../src/adapters/sources/workspace.js';
import { expectAppError } from './helpers.js';

let base: string;
let dir: string;
let outside: string;
const MARKER = 'outside-the-root-marker';

async function put(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'vigil-stream-'));
  dir = join(base, 'tree');
  outside = join(base, 'outside');
  await mkdir(join(outside, 'folder'), { recursive: true });
  await writeFile(join(outside, 'secret.txt'), MARKER);
  await writeFile(join(outside, 'folder', 'inner.txt'), MARKER);
  for (let i = 0; i < 300; i += 1) await put(`src/m${i % 7}/f${i}.ts`, `export const v${i} = ${i};\n`.repeat(1 + (i % 13)));
  await put('.vigilignore', 'vendor/**\n');
  await put('vendor/lib.js', 'var x = 1;\n');
  await put('bin/tool', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]));
  await put('empty.txt', '');
  await put('big/blob.txt', 'x'.repeat(3 * 1024 * 1024));
  await symlink(join(outside, 'secret.txt'), join(dir, 'link-to-file.txt'));
  await symlink(join(outside, 'folder'), join(dir, 'link-to-folder'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** Reads every batch, noting whether the workspace had already resolved when the first one arrived. */
async function drain(arriving: ArrivingDirectory): Promise<{ batches: (readonly WorkspaceFile[])[]; resolvedAtFirst: boolean; ws: Workspace }> {
  let resolved = false;
  void arriving.workspace.then(() => (resolved = true));
  const batches: (readonly WorkspaceFile[])[] = [];
  let ended = false;
  void arriving.ended.then(() => (ended = true));
  let resolvedAtFirst = false;
  let endedAtFirst = false;
  for await (const batch of arriving.batches) {
    if (batches.length === 0) {
      resolvedAtFirst = resolved;
      endedAtFirst = ended;
    }
    batches.push(batch);
  }
  await arriving.ended;
  // Ended once the walk has: not before the first batch was taken.
  expect(endedAtFirst).toBe(false);
  return { batches, resolvedAtFirst, ws: await arriving.workspace };
}

const byPath = (a: WorkspaceFile, b: WorkspaceFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

describe('walkLocalDirectory', () => {
  it('hands every kept file on once, in batches that start before the walk ends, as the whole walk finds them', async () => {
    const reference = await openLocalDirectory(dir);
    for (const concurrency of [1, 16, 64]) {
      const { batches, resolvedAtFirst, ws } = await drain(await walkLocalDirectory(dir, { concurrency, memoryBytes: 64 * 1024 * 1024 }));
      expect(batches.length).toBeGreaterThan(1);
      expect(resolvedAtFirst).toBe(false);
      expect(batches.flat().sort(byPath)).toEqual(reference.files);
      expect(ws.files).toEqual(reference.files);
      expect(ws.stats).toEqual(reference.stats);
    }
    expect(reference.stats.skipped).toMatchObject({ links: 2, binary: 1 });
  });

  it('holds the kept files in memory within the budget, byte for byte, and reads past it nothing but their first bytes', async () => {
    const all = await walkLocalDirectory(dir, { memoryBytes: 64 * 1024 * 1024 });
    const ws = await all.workspace;
    expect(ws.memory?.files.size).toBe(ws.files.filter((f) => f.size > 0).length);
    for (const file of ws.files) {
      const at = ws.memory?.files.get(file.path);
      if (file.size === 0) continue;
      expect(at, file.path).toBeDefined();
      if (at !== undefined) expect(heldBytes(ws.memory?.arenas ?? [], at).equals(await readFile(join(dir, file.path)))).toBe(true);
    }
    await ws.dispose();

    // One arena's worth: the 3 MB file takes an arena of its own, so not every file fits.
    const some = await (await walkLocalDirectory(dir, { memoryBytes: ARENA_BYTES })).workspace;
    const held = [...(some.memory?.files ?? new Map()).entries()];
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThan(some.files.length);
    const arenaBytes = (some.memory?.arenas ?? []).filter((a) => a !== undefined).reduce((n, a) => n + a.byteLength, 0);
    expect(arenaBytes).toBeLessThanOrEqual(ARENA_BYTES);
    for (const [path, at] of held) expect(heldBytes(some.memory?.arenas ?? [], at).equals(await readFile(join(dir, path))), path).toBe(true);
    expect(some.files).toEqual((await openLocalDirectory(dir)).files);

    const none = await (await walkLocalDirectory(dir)).workspace;
    expect(none.memory).toBeUndefined();
  });

  it('says when the ignore file is decided: at once when the root has none, after it arrived when it has one', async () => {
    const without = await mkdtemp(join(tmpdir(), 'vigil-stream-noignore-'));
    try {
      for (let i = 0; i < 100; i += 1) await writeFile(join(without, `f${i}.txt`), `${i}\n`);
      const arriving = await walkLocalDirectory(without);
      for await (const batch of arriving.batches) {
        expect(batch.length).toBeGreaterThan(0);
        expect(arriving.decided('.vigilignore')).toBe(true);
      }
    } finally {
      await rm(without, { recursive: true, force: true });
    }
    const arriving = await walkLocalDirectory(dir);
    let seen = false;
    for await (const batch of arriving.batches) {
      seen ||= batch.some((f) => f.path === '.vigilignore');
      // Never decided before it has arrived in a batch.
      if (arriving.decided('.vigilignore')) expect(seen).toBe(true);
    }
    expect(seen).toBe(true);
    expect(arriving.decided('.vigilignore')).toBe(true);
  });

  it('fails the batches and the workspace with the same limit error', async () => {
    for (const limits of [{ maxFiles: 50 }, { maxUnpackedBytes: 2048 }]) {
      const arriving = await walkLocalDirectory(dir, { limits, memoryBytes: 1024 * 1024 });
      const error = await (async () => {
        for await (const batch of arriving.batches) void batch;
      })().catch((e: unknown) => e);
      const expected = await expectAppError(arriving.workspace, 'bad_request');
      expect(error).toBe(expected);
      expect(expected.detail).toMatch(/^Directory rejected: /);
    }
  });

  it('never follows a symbolic link out of the root, to a file or a folder', async () => {
    const ws = await (await walkLocalDirectory(dir, { memoryBytes: 64 * 1024 * 1024 })).workspace;
    expect(ws.files.some((f) => f.path.startsWith('link-to-'))).toBe(false);
    const held = [...(ws.memory?.files.values() ?? [])].map((at) => heldBytes(ws.memory?.arenas ?? [], at).toString('utf8'));
    expect(held.some((text) => text.includes(MARKER))).toBe(false);
  });
});

const CHILD = fileURLToPath(new URL('./unprivileged.ts', import.meta.url));
const run = promisify(execFile);

describe('walkLocalDirectory over entries the user cannot read', () => {
  it('keeps a file it cannot open (for the scanners to report) and names a folder it cannot list, and walks the rest', async () => {
    const tree = await mkdtemp(join(tmpdir(), 'vigil-stream-denied-'));
    try {
      await mkdir(join(tree, 'closed'));
      await writeFile(join(tree, 'closed', 'inside.txt'), 'hidden\n');
      await writeFile(join(tree, 'locked.txt'), 'locked\n');
      await writeFile(join(tree, 'open.txt'), 'open\n');
      // The child may run as nobody: the tree must be readable to it, except what is closed on purpose.
      await chmod(tree, 0o755);
      await chmod(join(tree, 'open.txt'), 0o644);
      await chmod(join(tree, 'locked.txt'), 0o000);
      await chmod(join(tree, 'closed'), 0o000);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', CHILD, 'walk', tree], { env: { ...process.env, TSX_DISABLE_CACHE: '1' } });
      const result = JSON.parse(stdout) as { files: WorkspaceFile[]; warnings: string[]; held: string[] };
      expect(result.files).toEqual([
        { path: 'locked.txt', size: 7 },
        { path: 'open.txt', size: 5 },
      ]);
      expect(result.held).toEqual(['open.txt']);
      expect(result.warnings).toEqual(['1 folder(s) could not be read and were not scanned (closed)']);
    } finally {
      await chmod(join(tree, 'closed'), 0o755).catch(() => undefined);
      await rm(tree, { recursive: true, force: true });
    }
  });
});
