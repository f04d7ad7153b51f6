/**
 * The command-line scan's threads: a lane (one plain worker thread running the worker module's
 * entries), the adaptive pool that starts lanes while the walk goes on and feeds them from one
 * queue, and the end of an arriving scan, cut into shrinking batches, largest files first.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_LIMITS } from '../../src/cli/commands/scan-directory.js';
import { AppError } from '../../src/core/errors.js';
import { createThreadLane } from '../../src/engine/lane.js';
import { createAdaptiveScanPool, IN_FLIGHT_PER_LANE, type ScanPool } from '../../src/engine/pool.js';
import { BATCH_BYTES, BATCH_FILES, runFileScannersOnArrival } from '../../src/engine/run.js';
import type { ScanTask, ScanTaskResult } from '../../src/engine/types.js';
import { FILE_SCANNERS } from '../../src/scanners/index.js';

// A fabricated key, split so that this file holds no whole token.
const AWS_KEY = ['AKIA', 'Z3MSJV4WWNKWW5FG'].join('');
const SECRETS = FILE_SCANNERS.filter((s) => s.name === 'secrets').map((s) => s.module);
const CODE = FILE_SCANNERS.filter((s) => s.name === 'code').map((s) => s.module);

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-lane-'));
  await writeFile(join(dir, 'config.ts'), `export const key = '${AWS_KEY}';\n`);
  await writeFile(join(dir, 'plain.txt'), 'nothing here\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a scan thread of the command line (lane)', () => {
  it('runs batches on its own thread, one after another, and answers each with its result', async () => {
    const lane = createThreadLane();
    try {
      expect(lane.threads).toBe(1);
      const task = (paths: string[]): ScanTask => ({ root: dir, paths, scannerModules: SECRETS });
      const [first, second] = await Promise.all([lane.run(task(['config.ts'])), lane.run(task(['plain.txt', 'config.ts']))]);
      expect(first.findings.map((f) => f.ruleId)).toEqual(['aws-access-key-id']);
      expect(first.tallies.secrets?.files).toBe(1);
      // Each batch's tallies are its own, although both were sent before either ran.
      expect(second.tallies.secrets?.files).toBe(2);
      expect(second.findings.map((f) => f.path)).toEqual(['config.ts']);
    } finally {
      await lane.close();
    }
  });

  it("passes a task's failure on with its message, and the thread goes on", async () => {
    const lane = createThreadLane();
    try {
      await expect(lane.runRepository({ root: dir, paths: [], allPaths: [], module: new URL('./no-such-scanner.js', import.meta.url).href })).rejects.toThrow(/no-such-scanner/);
      const broken = FILE_SCANNERS.map((s) => s.module).concat('file:///nowhere/scanner.js');
      await expect(lane.run({ root: dir, paths: ['plain.txt'], scannerModules: broken })).rejects.toThrow(/nowhere/);
      const after = await lane.run({ root: dir, paths: ['config.ts'], scannerModules: SECRETS });
      expect(after.findings).toHaveLength(1);
    } finally {
      await lane.close();
    }
  });

  it('ends the thread when a task is cancelled: that task and every later one fail', async () => {
    const lane = createThreadLane();
    const controller = new AbortController();
    const running = lane.run({ root: dir, paths: ['config.ts'], scannerModules: SECRETS }, controller.signal);
    controller.abort(new AppError('internal', 'stopped by the test'));
    await expect(running).rejects.toThrow('stopped by the test');
    await expect(lane.run({ root: dir, paths: ['config.ts'], scannerModules: SECRETS })).rejects.toThrow('stopped by the test');
    expect(lane.threads).toBe(0);
    await lane.close();
  });

  it('fails what it still had when closed', async () => {
    const lane = createThreadLane();
    const pending = expect(lane.run({ root: dir, paths: ['config.ts'], scannerModules: FILE_SCANNERS.map((s) => s.module) })).rejects.toThrow('the scan thread was closed');
    await lane.close();
    await pending;
    await expect(lane.run({ root: dir, paths: [], scannerModules: SECRETS })).rejects.toThrow('the scan thread was closed');
  });
});

/** A lane that records what it is given and finishes a batch when the test says so. */
function fakeLanes(result: ScanTaskResult = { findings: [], tallies: {}, unreadable: 0, suppressed: 0 }) {
  const lanes: { started: string[][]; tasks: ScanTask[]; finish: (() => void)[]; closed: boolean; inFlight: number; most: number }[] = [];
  const make = (): ScanPool => {
    const state = { started: [] as string[][], tasks: [] as ScanTask[], finish: [] as (() => void)[], closed: false, inFlight: 0, most: 0 };
    lanes.push(state);
    return {
      size: 1,
      threads: 1,
      run: (task) => {
        state.inFlight += 1;
        state.most = Math.max(state.most, state.inFlight);
        state.started.push([...task.paths]);
        state.tasks.push(task);
        return new Promise((resolve) =>
          state.finish.push(() => {
            state.inFlight -= 1;
            resolve(result);
          }),
        );
      },
      runRepository: () => Promise.reject(new Error('not in this test')),
      runTexts: () => Promise.reject(new Error('not in this test')),
      warm: () => Promise.resolve(),
      close: () => {
        state.closed = true;
        return Promise.resolve();
      },
    };
  };
  return { lanes, make };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the adaptive pool of a command-line scan', () => {
  it('starts no thread before the walk passes the limits (a small tree starts none), then all of them with the scanners at once', async () => {
    const warm: ScanTask = { root: dir, paths: [], scannerModules: SECRETS };
    const small = fakeLanes();
    const inline = createAdaptiveScanPool(2, { bytes: 8000, files: 100 }, warm, small.make);
    inline.observe(99, 7999);
    expect(inline.placement).toBeUndefined();
    inline.walked();
    expect(inline.placement).toBe('inline');
    expect(small.lanes).toHaveLength(0);
    expect(inline.threads).toBe(0);
    await inline.close();

    for (const [files, bytes] of [
      [101, 7999],
      [99, 8001],
    ] as const) {
      const big = fakeLanes();
      const pool = createAdaptiveScanPool(2, { bytes: 8000, files: 100 }, warm, big.make);
      pool.observe(3, 900);
      pool.observe(99, 7999);
      expect(big.lanes).toHaveLength(0);
      expect(pool.placement).toBeUndefined();
      pool.observe(files, bytes);
      expect(pool.placement).toBe('threads');
      // Started and sent the scanners' warm-up at once.
      expect(big.lanes.map((l) => l.started)).toEqual([[[]], [[]]]);
      await pool.close();
      expect(big.lanes.every((l) => l.closed)).toBe(true);
    }
  });

  it(`gives each thread at most ${IN_FLIGHT_PER_LANE} batches; the others wait and go to whichever thread finishes first`, async () => {
    const { lanes, make } = fakeLanes();
    const pool = createAdaptiveScanPool(2, { bytes: 10, files: 10 }, undefined, make);
    pool.observe(11, 11);
    const count = 2 * IN_FLIGHT_PER_LANE + 4;
    const names = Array.from({ length: count }, (_, i) => `f${String(i).padStart(2, '0')}`);
    const done = names.map((name) => pool.run({ root: dir, paths: [name], scannerModules: SECRETS }));
    await settle();
    const [a, b] = lanes as [(typeof lanes)[number], (typeof lanes)[number]];
    expect([a.started.length, b.started.length]).toEqual([IN_FLIGHT_PER_LANE, IN_FLIGHT_PER_LANE]);
    // The second thread finishes two of its batches: the next two waiting batches go to it, in order.
    b.finish.shift()?.();
    b.finish.shift()?.();
    await settle();
    expect(a.started.length).toBe(IN_FLIGHT_PER_LANE);
    expect(b.started.flat().slice(-2)).toEqual(names.slice(2 * IN_FLIGHT_PER_LANE, 2 * IN_FLIGHT_PER_LANE + 2));
    while (a.finish.length + b.finish.length > 0) {
      a.finish.shift()?.();
      b.finish.shift()?.();
      await settle();
    }
    await Promise.all(done);
    expect([...a.started.flat(), ...b.started.flat()].sort()).toEqual(names);
    expect(Math.max(a.most, b.most)).toBe(IN_FLIGHT_PER_LANE);
    await pool.close();
  });

  it('starts its last thread only once the walk has kept lastThreadBytes, and a waiting batch goes to it', async () => {
    const warm: ScanTask = { root: dir, paths: [], scannerModules: SECRETS };
    const { lanes, make } = fakeLanes();
    const pool = createAdaptiveScanPool(2, { bytes: 8000, files: 100, lastThreadBytes: 50_000 }, warm, make);
    pool.observe(101, 9000);
    expect(pool.placement).toBe('threads');
    expect(lanes.map((l) => l.started)).toEqual([[[]]]);
    // The first thread holds its warm-up and one batch; the next two wait.
    const names = ['f0', 'f1', 'f2'];
    const done = names.map((name) => pool.run({ root: dir, paths: [name], scannerModules: SECRETS }));
    await settle();
    expect(lanes.map((l) => l.started)).toEqual([[[], ['f0']]]);
    pool.observe(400, 50_000);
    expect(lanes).toHaveLength(1);
    pool.observe(401, 50_001);
    await settle();
    // Started with the scanners' warm-up, then given the first waiting batch; no third thread.
    expect(lanes.map((l) => l.started)).toEqual([[[], ['f0']], [[], ['f1']]]);
    pool.observe(900, 90_000);
    expect(lanes).toHaveLength(2);
    while (lanes.some((l) => l.finish.length > 0)) {
      for (const lane of lanes) lane.finish.shift()?.();
      await settle();
    }
    await Promise.all(done);
    expect(lanes.flatMap((l) => l.started.flat()).sort()).toEqual(names);
    await pool.close();

    // A tree that never reaches it is scanned by one thread; with one thread in all, that one starts at the decision.
    for (const threads of [2, 1]) {
      const few = fakeLanes();
      const small = createAdaptiveScanPool(threads, { bytes: 8000, files: 100, lastThreadBytes: 50_000 }, warm, few.make);
      small.observe(101, 9000);
      small.walked();
      expect(few.lanes).toHaveLength(1);
      await small.close();
    }
  });

  it("keeps a command-line scan of up to 16 MB on its own thread when that would start only one scan thread, and of up to 2 MB otherwise", async () => {
    const MB = 1024 * 1024;
    for (const [threads, bytes, placement] of [
      [2, 15 * MB, 'inline'],
      [1, 15 * MB, 'inline'],
      [2, 17 * MB, 'threads'],
      [4, 3 * MB, 'threads'],
      [4, 1.5 * MB, 'inline'],
    ] as const) {
      const { lanes, make } = fakeLanes();
      const pool = createAdaptiveScanPool(threads, SCAN_LIMITS, undefined, make);
      pool.observe(500, bytes);
      pool.walked();
      expect(pool.placement, `${threads} threads, ${bytes / MB} MB`).toBe(placement);
      expect(lanes.length > 0).toBe(placement === 'threads');
      await pool.close();
    }
    // Many small files still go to threads: the walk of those is what a thread overlaps.
    const { make } = fakeLanes();
    const many = createAdaptiveScanPool(2, SCAN_LIMITS, undefined, make);
    many.observe(2001, 3 * MB);
    expect(many.placement).toBe('threads');
    await many.close();
    // Two threads that both start at the decision (no last-thread threshold) scan in parallel: the 2 MB limit.
    const { bytes, bytesWithOneThread, files } = SCAN_LIMITS;
    const both = createAdaptiveScanPool(2, { bytes, files, ...(bytesWithOneThread === undefined ? {} : { bytesWithOneThread }) }, undefined, fakeLanes().make);
    both.observe(500, 3 * MB);
    expect(both.placement).toBe('threads');
    await both.close();
  });

  it('starts a thread for the offloaded scanners once the walk passes offloadBytes, and runs each collected batch in two halves there and here', async () => {
    const all = FILE_SCANNERS.map((s) => s.module);
    const warm: ScanTask = { root: dir, paths: [], scannerModules: all };
    const theirs: ScanTaskResult = {
      findings: [],
      collected: { findings: [], ignored: 1, truncation: { perScan: 0, perRule: 2, perFile: 0 }, hidden: [{ path: 'config.ts', secret: AWS_KEY }] },
      tallies: { code: { files: 1, findings: 0, failures: 0 } },
      unreadable: 0,
      suppressed: 3,
    };
    const { lanes, make } = fakeLanes(theirs);
    const pool = createAdaptiveScanPool(2, { bytes: 8000, files: 100, offloadBytes: 1000 }, warm, make, CODE);
    pool.observe(5, 1000);
    expect(lanes).toHaveLength(0);
    pool.observe(6, 1001);
    pool.observe(7, 2000);
    // One thread, warmed with the offloaded scanners only.
    expect(lanes.map((l) => l.tasks.map((t) => t.scannerModules))).toEqual([[CODE]]);
    expect(pool.threads).toBe(1);
    pool.walked();
    expect(pool.placement).toBe('inline');
    const collect = { target: 'app', today: '2026-11-28' };
    const running = pool.run({ root: dir, paths: ['config.ts'], scannerModules: all, collect });
    await settle();
    const lane = lanes[0] as (typeof lanes)[number];
    // The thread's half: the offloaded scanners over the same files, parsing ahead (this thread's core has room for it).
    expect(lane.tasks[1]).toMatchObject({ paths: ['config.ts'], scannerModules: CODE, lookAhead: true, collect });
    for (const finish of lane.finish.splice(0)) finish();
    const result = await running;
    // This thread's half ran the other scanners; the two are one result.
    expect(Object.keys(result.tallies).sort()).toEqual(['cicd', 'code', 'secrets']);
    expect(result.collected?.findings.map((f) => f.raw.ruleId)).toEqual(['aws-access-key-id']);
    expect(result.collected?.ignored).toBe(1);
    expect(result.collected?.truncation).toEqual({ perScan: 0, perRule: 2, perFile: 0 });
    expect(result.collected?.hidden).toEqual([{ path: 'config.ts', secret: AWS_KEY }]);
    expect(result.suppressed).toBe(3);
    // A batch whose findings come back raw runs whole here: its other findings could not be redacted with the suppressed secrets of the thread's half.
    const whole = await pool.run({ root: dir, paths: ['config.ts'], scannerModules: all });
    expect(Object.keys(whole.tallies).sort()).toEqual(['cicd', 'code', 'secrets']);
    expect(lane.tasks).toHaveLength(2);
    await pool.close();
    expect(lane.closed).toBe(true);
  });

  it("hands the offloaded scanners' thread its half of a batch while the walk goes on; the rest waits for the decision", async () => {
    const all = FILE_SCANNERS.map((s) => s.module);
    const warm: ScanTask = { root: dir, paths: [], scannerModules: all };
    const theirs: ScanTaskResult = { findings: [], tallies: { code: { files: 1, findings: 0, failures: 0 } }, unreadable: 0, suppressed: 0, collected: { findings: [], ignored: 0, truncation: { perScan: 0, perRule: 0, perFile: 0 }, hidden: [] } };
    for (const end of ['inline', 'threads'] as const) {
      const { lanes, make } = fakeLanes(theirs);
      const pool = createAdaptiveScanPool(2, { bytes: 8000, files: 100, offloadBytes: 1000 }, warm, make, CODE);
      pool.observe(7, 2000);
      const collect = { target: 'app', today: '2026-11-29' };
      const running = pool.run({ root: dir, paths: ['config.ts'], scannerModules: all, collect });
      await settle();
      const lane = lanes[0] as (typeof lanes)[number];
      // Undecided (the walk has not ended), and the thread has its half already.
      expect(pool.placement).toBeUndefined();
      expect(lane.tasks.slice(1).map((t) => [t.paths, t.scannerModules])).toEqual([[['config.ts'], CODE]]);
      if (end === 'inline') pool.walked();
      else pool.observe(200, 9000);
      await settle();
      // The other half: here once the tree stays on this thread; on a scan thread (this one, the first, warmed with
      // every scanner first) past the limits.
      const other = end === 'inline' ? [] : [[[], all], [['config.ts'], all.filter((m) => !CODE.includes(m))]];
      expect(lane.tasks.slice(2).map((t) => [t.paths, t.scannerModules])).toEqual(other);
      for (const finish of lane.finish.splice(0)) finish();
      await settle();
      for (const finish of lane.finish.splice(0)) finish();
      const result = await running;
      expect(Object.keys(result.tallies).sort()).toEqual(end === 'inline' ? ['cicd', 'code', 'secrets'] : ['code']);
      await pool.close();
    }
  });

  it('starts no thread for offloaded scanners with one thread in all or below offloadBytes; past the limits that thread is the first scan thread', async () => {
    const warm: ScanTask = { root: dir, paths: [], scannerModules: FILE_SCANNERS.map((s) => s.module) };
    for (const [threads, bytes] of [
      [1, 5000],
      [2, 900],
    ] as const) {
      const { lanes, make } = fakeLanes();
      const pool = createAdaptiveScanPool(threads, { bytes: 8000, files: 100, offloadBytes: 1000 }, warm, make, CODE);
      pool.observe(10, bytes);
      pool.walked();
      expect(lanes).toHaveLength(0);
      const result = await pool.run({ root: dir, paths: ['config.ts'], scannerModules: warm.scannerModules, collect: { target: 'app', today: '2026-11-28' } });
      expect(Object.keys(result.tallies).sort()).toEqual(['cicd', 'code', 'secrets']);
      await pool.close();
    }
    const { lanes, make } = fakeLanes();
    const pool = createAdaptiveScanPool(2, { bytes: 8000, files: 100, offloadBytes: 1000, lastThreadBytes: 50_000 }, warm, make, CODE);
    pool.observe(10, 2000);
    pool.observe(200, 9000);
    expect(pool.placement).toBe('threads');
    // The same thread, now warmed with every scanner; batches go to it whole.
    expect(lanes.map((l) => l.tasks.map((t) => t.scannerModules))).toEqual([[CODE, warm.scannerModules]]);
    const running = pool.run({ root: dir, paths: ['config.ts'], scannerModules: warm.scannerModules, collect: { target: 'app', today: '2026-11-28' } });
    await settle();
    expect(lanes[0]?.tasks[2]?.scannerModules).toEqual(warm.scannerModules);
    for (const finish of lanes[0]?.finish.splice(0) ?? []) finish();
    await running;
    await pool.close();
  });

  it('fails the batches still waiting when it is closed', async () => {
    const { make } = fakeLanes();
    const pool = createAdaptiveScanPool(1, { bytes: 10, files: 10 }, undefined, make);
    pool.observe(11, 11);
    const runs = Array.from({ length: IN_FLIGHT_PER_LANE + 1 }, (_, i) => pool.run({ root: dir, paths: [`f${i}`], scannerModules: SECRETS }));
    await settle();
    const waiting = expect(runs[IN_FLIGHT_PER_LANE]).rejects.toThrow('the scan pool was closed');
    await pool.close();
    await waiting;
  });
});

/** A pool of `size` threads that records each batch's paths in `batches` and finishes it on the next turn. */
function recordingPool(size: number, batches: string[][]): ScanPool {
  const result: ScanTaskResult = { findings: [], tallies: {}, unreadable: 0, suppressed: 0 };
  return {
    size,
    threads: size,
    run: async (task) => {
      batches.push([...task.paths]);
      await settle();
      return result;
    },
    runRepository: () => Promise.reject(new Error('not in this test')),
    runTexts: () => Promise.reject(new Error('not in this test')),
    warm: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

describe('the end of an arriving scan', () => {
  it('goes out largest files first, in batches that shrink to a few small files, each file once', async () => {
    const sizes = [...Array.from({ length: 300 }, (_, i) => 200 + ((i * 7919) % 3000)), ...Array.from({ length: 12 }, (_, i) => 40_000 + i * 9000)];
    const files = sizes.map((size, i) => ({ path: `src/f${String(i).padStart(3, '0')}.ts`, size }));
    const sizeOf = new Map(files.map((f) => [f.path, f.size]));
    const batches: string[][] = [];
    const pool = recordingPool(2, batches);
    async function* arrive() {
      yield files.slice(0, 100);
      await settle();
      yield files.slice(100);
    }
    // Nothing may go out while files arrive (the ignore file is awaited till the end): the whole scan is its end.
    await runFileScannersOnArrival(
      { batches: arrive(), source: () => ({ root: dir }) },
      { pool, scannerModules: SECRETS, scannerNames: ['secrets'], timeoutMs: 60_000, ready: () => Promise.resolve(false), collectNow: () => undefined },
    );
    const sent = batches.flat();
    expect(sent.sort()).toEqual(files.map((f) => f.path).sort());
    const bytes = (batch: readonly string[]) => batch.reduce((sum, p) => sum + (sizeOf.get(p) ?? 0), 0);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(BATCH_FILES);
      if (batch.length > 1) expect(bytes(batch)).toBeLessThanOrEqual(BATCH_BYTES);
    }
    // Largest first: sizes never grow from one batch to the next.
    const order = batches.flat().map((p) => sizeOf.get(p) ?? 0);
    expect(order).toEqual([...order].sort((x, y) => y - x));
    // The first batches are the large files; the last ones a few small files each.
    expect(bytes(batches[0] ?? [])).toBeGreaterThan(40_000);
    const last = batches.slice(-3);
    expect(last.every((b) => b.length <= 8)).toBe(true);
    expect(Math.max(...last.map(bytes))).toBeLessThan(bytes(batches[Math.floor(batches.length / 2)] ?? []));
  });

  it('once the source says every batch has arrived, sends what is left as the end instead of waiting for room', async () => {
    const files = Array.from({ length: 400 }, (_, i) => ({ path: `src/f${String(i).padStart(3, '0')}.ts`, size: 1000 + ((i * 7919) % 9000) }));
    const sizeOf = new Map(files.map((f) => [f.path, f.size]));
    const orderWith = async (ended: Promise<void> | undefined): Promise<number[]> => {
      const sent: string[][] = [];
      const pool = recordingPool(1, sent);
      async function* arrive() {
        for (let i = 0; i < files.length; i += 50) {
          await settle();
          yield files.slice(i, i + 50);
        }
      }
      await runFileScannersOnArrival(
        { batches: arrive(), source: () => ({ root: dir }), ...(ended ? { ended } : {}) },
        { pool, scannerModules: SECRETS, scannerNames: ['secrets'], timeoutMs: 60_000, ready: () => Promise.resolve(true), collectNow: () => undefined },
      );
      expect(sent.flat().sort()).toEqual(files.map((f) => f.path));
      return sent.flat().map((p) => sizeOf.get(p) ?? 0);
    };
    // Arriving: batches go out in the order files arrive, a few at a time.
    const arriving = await orderWith(undefined);
    expect(arriving).not.toEqual([...arriving].sort((x, y) => y - x));
    // Arrived: the whole queue is the end, largest files first.
    const arrived = await orderWith(Promise.resolve());
    expect(arrived).toEqual([...arrived].sort((x, y) => y - x));
  });
});
