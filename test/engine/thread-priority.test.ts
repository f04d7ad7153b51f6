import { readlinkSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTarballInThread, extractionThreadId } from '../../src/adapters/sources/github/extract-thread.js';
import { resolveLimits } from '../../src/adapters/sources/limits.js';
import { apiThreadData, backgroundThreadData, enterBackground, setBackgroundNice } from '../../src/core/thread-priority.js';
import { ApiScanThread } from '../../src/services/scans/api-thread.js';
import { createScanPool, type ScanPool } from '../../src/engine/pool.js';
import { fakeSha, tarballStream, topFolder } from '../fakes/github/tarball.js';
import { threadNices } from '../helpers/thread-nices.js';

const ownTid = (): number => Number(readlinkSync('/proc/thread-self').split('/').pop());
const linux = process.platform === 'linux';

describe.runIf(linux)('background thread priority', () => {
  let pool: ScanPool | undefined;
  afterAll(async () => {
    await pool?.close();
    setBackgroundNice(0);
  });

  it('ignores what is not a nice value, and a zero', () => {
    expect(enterBackground(undefined)).toBe(0);
    expect(enterBackground({ nice: 'high' })).toBe(0);
    expect(enterBackground({ nice: 0 })).toBe(0);
    expect(enterBackground({ nice: 25 })).toBe(0);
    expect(threadNices().get(ownTid())).toBe(0);
    expect(() => setBackgroundNice(20)).toThrow(RangeError);
    expect(() => setBackgroundNice(-1)).toThrow(RangeError);
  });

  it("starts the scanner pool's and the extraction thread's threads at the configured nice value", async () => {
    setBackgroundNice(6);
    expect(backgroundThreadData()).toEqual({ nice: 6 });
    const before = new Set(threadNices().keys());
    pool = createScanPool(1);
    await pool.run({ root: '', paths: [], scannerModules: [] });
    const sha = fakeSha('nice');
    const tarball = Buffer.concat(await tarballStream([{ path: 'a.ts', content: 'export {};\n' }], topFolder('acme', 'nice', sha), sha).toArray());
    const archive = await extractTarballInThread(Readable.from([tarball], { objectMode: false }), resolveLimits(), 1024 * 1024);
    expect(extractionThreadId()).not.toBe(0);
    const after = threadNices();
    const lowered = [...after].filter(([tid, nice]) => !before.has(tid) && nice === 6);
    // One scanner thread and the extraction thread (plus any thread they started, which inherits it).
    expect(lowered.length).toBeGreaterThanOrEqual(2);
    expect(after.get(ownTid())).toBe(0);
    await archive.release();
  });

  it('starts the API scan thread at half the background nice: below the request thread, above the scanners', async () => {
    setBackgroundNice(10);
    expect(apiThreadData()).toEqual({ nice: 5 });
    const before = new Set(threadNices().keys());
    const thread = new ApiScanThread();
    try {
      thread.warm();
      // The thread lowers itself first thing; wait until it has.
      let lowered: number[] = [];
      for (let i = 0; i < 100 && lowered.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        lowered = [...threadNices()].filter(([tid, nice]) => !before.has(tid) && nice === 5).map(([tid]) => tid);
      }
      expect(thread.threadId).not.toBe(0);
      expect(lowered.length).toBeGreaterThanOrEqual(1);
      expect(threadNices().get(ownTid())).toBe(0);
    } finally {
      await thread.close();
    }
  });
});
