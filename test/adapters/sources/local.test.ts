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
