import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { exposedGc, heapTrimmer, type CollectGarbage } from '../../src/core/heap-trim.js';

const MB = 1024 * 1024;

/** A heap whose size the test sets, and a collector that records its calls and settles when told. */
function fakeHeap(start: number) {
  const heap = { used: start, calls: 0, settle: (): void => undefined };
  const gc: CollectGarbage = () => {
    heap.calls += 1;
    return new Promise<void>((resolve) => {
      heap.settle = resolve;
    });
  };
  return { heap, gc, heapUsed: () => heap.used };
}

/** Requests the collection at once (the default waits 100 ms). */
const now = (run: () => void): void => run();

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('heapTrimmer', () => {
  it('asks for a collection only once the heap grew past the larger of the fixed and the relative growth', () => {
    const { heap, gc, heapUsed } = fakeHeap(40 * MB);
    const trim = heapTrimmer({ gc, heapUsed, delay: now, minGrowthBytes: 32 * MB, growthRatio: 0.5 });
    trim(); // the first end sets the baseline: 40 MB
    heap.used = 72 * MB; // +32 MB: not more than max(32, 20)
    trim();
    expect(heap.calls).toBe(0);
    heap.used = 73 * MB;
    trim();
    expect(heap.calls).toBe(1);
  });

  it('uses the relative growth when the heap is large', () => {
    const { heap, gc, heapUsed } = fakeHeap(200 * MB);
    const trim = heapTrimmer({ gc, heapUsed, delay: now, minGrowthBytes: 32 * MB, growthRatio: 0.5 });
    trim();
    heap.used = 290 * MB; // +90: under half of 200
    trim();
    expect(heap.calls).toBe(0);
    heap.used = 301 * MB;
    trim();
    expect(heap.calls).toBe(1);
  });

  it('never runs two at once, and measures again from what the collection left', async () => {
    const { heap, gc, heapUsed } = fakeHeap(40 * MB);
    const trim = heapTrimmer({ gc, heapUsed, delay: now, minGrowthBytes: 32 * MB, growthRatio: 0.5 });
    trim();
    heap.used = 100 * MB;
    trim();
    trim();
    expect(heap.calls).toBe(1);
    heap.used = 50 * MB; // what the collection left
    heap.settle();
    await tick();
    heap.used = 80 * MB; // +30 from 50: not yet
    trim();
    expect(heap.calls).toBe(1);
    heap.used = 83 * MB;
    trim();
    expect(heap.calls).toBe(2);
  });

  it('asks only when the delay runs, and counts a pending request as running', () => {
    const { heap, gc, heapUsed } = fakeHeap(40 * MB);
    const pending: (() => void)[] = [];
    const trim = heapTrimmer({ gc, heapUsed, delay: (run) => pending.push(run), minGrowthBytes: 32 * MB, growthRatio: 0.5 });
    trim();
    heap.used = 100 * MB;
    trim();
    trim();
    expect(heap.calls).toBe(0);
    expect(pending).toHaveLength(1);
    pending[0]?.();
    expect(heap.calls).toBe(1);
  });

  it('goes on after a collection that throws or rejects', async () => {
    let calls = 0;
    let used = 10 * MB;
    const trim = heapTrimmer({
      heapUsed: () => used,
      delay: now,
      minGrowthBytes: MB,
      growthRatio: 0,
      gc: () => {
        calls += 1;
        if (calls === 1) throw new Error('no collector');
        return Promise.reject(new Error('failed'));
      },
    });
    trim();
    used = 20 * MB;
    trim();
    used = 30 * MB;
    trim();
    await tick();
    used = 40 * MB;
    trim();
    expect(calls).toBe(3);
  });
});

describe('exposedGc', () => {
  it("returns V8's collector, which frees what nothing holds, and leaves no global gc behind", async () => {
    const gc = exposedGc();
    expect(typeof gc).toBe('function');
    let collected = false;
    const watched = new FinalizationRegistry<string>(() => {
      collected = true;
    });
    (() => {
      const garbage = { big: new Array(1000).fill(1) };
      watched.register(garbage, 'garbage');
    })();
    for (let i = 0; i < 20 && !collected; i++) {
      await gc({ type: 'major', execution: 'async' });
      await tick();
    }
    expect(collected).toBe(true);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
