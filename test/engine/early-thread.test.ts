import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type EarlyThread = typeof import('../../src/engine/early-thread.js');

/**
 * The command line's first scan thread loads modules under V8's default flags while the main thread walks; the
 * main thread must not set the scan's flags while the thread is inside one of those loads (V8 would keep the old
 * flags' hash and refuse every code cache after). The thread's modules here are files that log when they start and
 * end and take `SLOW_MS` in between, so that a flag change in the middle of one would show in the log.
 */
const SLOW_MS = 300;

let dir: string;
let log: string;
let early: EarlyThread;

const slowModule = (name: string): string => {
  const file = join(dir, `${name}.cjs`);
  writeFileSync(
    file,
    `const { appendFileSync } = require('node:fs');\n` +
      `appendFileSync(${JSON.stringify(log)}, 'start ${name}\\n');\n` +
      `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${SLOW_MS});\n` +
      `appendFileSync(${JSON.stringify(log)}, 'end ${name}\\n');\n`,
  );
  return file;
};

/** The thread's entry: logs, and says so to the main thread. */
const entry = (): string => {
  const file = join(dir, 'entry.cjs');
  writeFileSync(file, `require('node:fs').appendFileSync(${JSON.stringify(log)}, 'entry\\n');\nrequire('node:worker_threads').parentPort.postMessage('entry');\n`);
  return `require(${JSON.stringify(file)})`;
};

const lines = (): string[] => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (test()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}; log: ${lines().join(', ')}`);
}

/** Starts the thread on two slow modules, with the scan's flags deferred, and waits until it is inside the first. */
async function startInsideFirstModule(): Promise<void> {
  early.startEarlyScanThread({ bootstrap: entry(), preload: [slowModule('a'), slowModule('b')] });
  early.deferScanFlags(() => appendFileSync(log, 'flags\n'));
  await until(() => lines().includes('start a'), 'the first module');
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-early-'));
  log = join(dir, 'log');
  vi.resetModules();
  early = await import('../../src/engine/early-thread.js');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the command line’s early scan thread and the scan’s V8 flags', () => {
  it('sets the flags only once the thread has finished the module it was loading, and the thread loads no more', async () => {
    await startInsideFirstModule();
    early.settleScanFlags(0);
    // The entry still runs: the thread was not discarded, only hurried.
    await until(() => lines().includes('entry'), 'the entry');
    expect(lines()).toEqual(['start a', 'end a', 'flags', 'entry']);
  });

  it('a thread the first lane takes is waited for, asked to stop after its module, and runs its entry for the lane', async () => {
    await startInsideFirstModule();
    const worker = early.takeEarlyScanThread() as Worker;
    expect(worker).toBeDefined();
    const message = new Promise((resolve) => worker.once('message', resolve));
    try {
      expect(await message).toBe('entry');
      expect(lines()).toEqual(['start a', 'end a', 'flags', 'entry']);
      expect(early.earlyScanThreadState()).toBe('taken');
    } finally {
      await worker.terminate();
    }
  });

  it('a thread discarded before the flags are set stops after its module and ends without running its entry', async () => {
    await startInsideFirstModule();
    early.discardEarlyScanThread();
    expect(early.earlyScanThreadState()).toBe('discarded');
    early.settleScanFlags(0);
    expect(lines()).toEqual(['start a', 'end a', 'flags']);
    // Given the time its entry would take, it has not run it.
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    expect(lines()).toEqual(['start a', 'end a', 'flags']);
  });

  it('sets the flags at once when the thread has loaded everything, and polling finds that', async () => {
    early.startEarlyScanThread({ bootstrap: entry(), preload: [] });
    early.deferScanFlags(() => appendFileSync(log, 'flags\n'));
    await until(() => {
      early.pollEarlyScanThread();
      return lines().includes('flags');
    }, 'the flags');
    await until(() => lines().includes('entry'), 'the entry');
    expect(lines()).toEqual(['flags', 'entry']);
  });
});
