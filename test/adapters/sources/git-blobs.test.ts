import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBlobs, type BlobResult } from '../../../src/adapters/sources/git/blobs.js';
import { git, makeRepository } from '../../helpers/git-repo.js';

let root: string;
const sha: Record<string, string> = {};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vigil-blobs-'));
  await makeRepository(root, [
    {
      message: 'files',
      files: { 'a.txt': 'hello\n', 'big.txt': 'x'.repeat(100_000), 'bin.dat': Buffer.from([0, 1, 2, 3]), 'utf8.md': 'héllo wörld ✓\n' },
    },
  ]);
  for (const path of ['a.txt', 'big.txt', 'bin.dat', 'utf8.md']) sha[path] = await git(root, 'rev-parse', `HEAD:${path}`);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readBlobs: one git cat-file --batch for many blobs', () => {
  it('reads texts in order, skips oversized and binary blobs, reports missing ones', async () => {
    const seen: [number, BlobResult][] = [];
    const missing = '0123456789abcdef0123456789abcdef01234567';
    await readBlobs(root, [sha['a.txt'] as string, sha['big.txt'] as string, sha['bin.dat'] as string, missing, sha['utf8.md'] as string], {
      maxFileBytes: 50_000,
      onBlob: (i, blob) => void seen.push([i, blob]),
    });
    expect(seen).toEqual([
      [0, { kind: 'text', text: 'hello\n', size: 6 }],
      [1, { kind: 'tooLarge', size: 100_000 }],
      [2, { kind: 'binary', size: 4 }],
      [3, { kind: 'missing', size: 0 }],
      [4, { kind: 'text', text: 'héllo wörld ✓\n', size: Buffer.byteLength('héllo wörld ✓\n') }],
    ]);
  });

  it('hands every blob to a consumer that answers with promises, and rejects (not crashes) when it throws', async () => {
    const order: number[] = [];
    await readBlobs(root, [sha['a.txt'] as string, sha['utf8.md'] as string], {
      maxFileBytes: 50_000,
      onBlob: async (i) => {
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
      },
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([0, 1]);
    await expect(
      readBlobs(root, [sha['a.txt'] as string, sha['utf8.md'] as string], {
        maxFileBytes: 50_000,
        onBlob: (i) => {
          if (i === 1) throw new Error('consumer failed');
        },
      }),
    ).rejects.toThrow('consumer failed');
  });
});
