import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDirectory } from '../../../src/adapters/sources/local.js';
import { exists, expectAppError } from './helpers.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-local-'));
  await mkdir(join(dir, 'src/nested'), { recursive: true });
  await mkdir(join(dir, '.git/objects'), { recursive: true });
  await mkdir(join(dir, 'node_modules/x'), { recursive: true });
  await writeFile(join(dir, 'README.md'), 'hello');
  await writeFile(join(dir, 'src/nested/a.ts'), 'const a = 1;');
  await writeFile(join(dir, '.git/config'), '[core]');
  await writeFile(join(dir, 'node_modules/x/index.js'), 'x');
  await writeFile(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  await writeFile(join(dir, 'big.txt'), 'b'.repeat(2048));
  await symlink('/etc/passwd', join(dir, 'passwd'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openLocalDirectory', () => {
  it('walks the folder in place with the same skipping rules', async () => {
    const ws = await openLocalDirectory(dir, { maxFileBytes: 1024 });
    expect(ws.files).toEqual([
      { path: 'README.md', size: 5 },
      { path: 'src/nested/a.ts', size: 12 },
    ]);
    expect(ws.stats).toEqual({ files: 2, bytes: 17, skipped: { tooLarge: 1, binary: 1, links: 1, special: 0, unsafe: 0 }, binaryPaths: ['logo.png'] });
    expect(ws.repository).toBeUndefined();
    await ws.dispose();
    expect(await exists(dir)).toBe(true);
  });

  it('enforces the file-count and size limits and path depth', async () => {
    expect((await expectAppError(openLocalDirectory(dir, { maxFiles: 3 }), 'bad_request')).detail).toBe(
      'Directory rejected: the repository has more than 3 files (file-count limit)',
    );
    await expectAppError(openLocalDirectory(dir, { maxUnpackedBytes: 10 }), 'bad_request');
    const shallow = await openLocalDirectory(dir, { maxPathDepth: 2 });
    expect(shallow.stats.skipped.unsafe).toBe(1);
  });

  it('rejects a missing folder', async () => {
    await expectAppError(openLocalDirectory(join(dir, 'nope')), 'bad_request');
  });
});

describe('reading a file into its slot', () => {
  const SNIFF = 8192;
  const cases = async () => {
    const binary = Buffer.alloc(100_000, 0x61);
    binary[10] = 0;
    // A NUL past the sniff window does not make a file binary: it is read whole.
    const late = Buffer.alloc(100_000, 0x62);
    late[50_000] = 0;
    const files = { binary, text: Buffer.alloc(100_000, 0x63), late, short: Buffer.from('tiny\0') };
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, `slot-${name}`), bytes);
    return files;
  };

  it('reads the sniff window of a binary file and no more, and the whole of any other, and says which is binary (sync and through the thread pool)', async () => {
    const files = await cases();
    const { openSync, closeSync } = await import('node:fs');
    const { readInto, readIntoSync } = await import('../../../src/adapters/sources/local.js');
    for (const read of [(fd: number, view: Uint8Array) => Promise.resolve(readIntoSync(fd, view)), readInto]) {
      const lengths: Record<string, number> = {};
      const binary: Record<string, boolean> = {};
      for (const [name, bytes] of Object.entries(files)) {
        const view = new Uint8Array(bytes.length);
        const fd = openSync(join(dir, `slot-${name}`), 'r');
        try {
          ({ length: lengths[name], binary: binary[name] } = await read(fd, view));
        } finally {
          closeSync(fd);
        }
        expect(Buffer.from(view.subarray(0, lengths[name])).equals(bytes.subarray(0, lengths[name])), name).toBe(true);
      }
      expect(lengths).toEqual({ binary: SNIFF, text: 100_000, late: 100_000, short: 5 });
      // The verdict comes with the read: the walk does not sniff the window a second time.
      expect(binary).toEqual({ binary: true, text: false, late: false, short: true });
    }
  });

  it('still skips such a file as binary and keeps the others', async () => {
    await cases();
    const ws = await openLocalDirectory(dir, { maxFileBytes: 1_000_000 });
    const kept = new Set(ws.files.map((f) => f.path));
    expect(['slot-text', 'slot-late'].every((p) => kept.has(p))).toBe(true);
    expect(kept.has('slot-binary') || kept.has('slot-short')).toBe(false);
    expect(ws.stats.binaryPaths).toEqual(expect.arrayContaining(['slot-binary', 'slot-short']));
    await ws.dispose();
  });
});
