import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { extractTarballInThread } from '../../../src/adapters/sources/github/extract-thread.js';
import { resolveLimits } from '../../../src/adapters/sources/limits.js';
import { fakeSha, tarballStream, topFolder } from '../../fakes/github/tarball.js';

const FILES = 400;
let root: string | undefined;

afterEach(async () => {
  if (root !== undefined) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** Files under root/src, read synchronously (the caller must not yield to the event loop). */
function writtenSoFar(dir: string): number {
  try {
    return readdirSync(join(dir, 'src')).length;
  } catch {
    return 0;
  }
}

describe('extractTarballInThread', () => {
  it('writes the files while the main thread never yields to its event loop', async () => {
    const sha = fakeSha('thread');
    const entries = Array.from({ length: FILES }, (_, i) => ({ path: `src/file${i}.ts`, content: `export const value${i} = ${i};\n` }));
    const archive = Buffer.concat(await tarballStream(entries, topFolder('acme', 'thread', sha), sha).toArray());
    root = await mkdtemp(join(tmpdir(), 'vigil-thread-'));
    const body = Readable.from([archive], { objectMode: false });
    const ended = once(body, 'end');
    const extraction = extractTarballInThread(body, root, resolveLimits());
    // Once the whole archive is handed over, block this thread: any further file can
    // only be written by another thread. (The deadline only ends the loop if none is.)
    await ended;
    const deadline = Date.now() + 60_000;
    let written = writtenSoFar(root);
    while (written < FILES && Date.now() < deadline) written = writtenSoFar(root);
    expect(written).toBe(FILES);
    const result = await extraction;
    expect(result.files).toHaveLength(FILES);
    expect(result.commitSha).toBe(sha);
  });

  it('reports a broken archive with the same message as before, from the thread', async () => {
    root = await mkdtemp(join(tmpdir(), 'vigil-thread-'));
    const error = await extractTarballInThread(Readable.from([Buffer.from('not a gzip stream')]), root, resolveLimits()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
    expect((error as Error).message).toMatch(/^Archive download failed: the archive is truncated or corrupt \(/);
  });
});
