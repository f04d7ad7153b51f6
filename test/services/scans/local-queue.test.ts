import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import type { JobOutcome, ScanJob, ScanKind } from '../../../src/services/scans/jobs.js';
import { LocalScanQueue } from '../../../src/services/scans/queue/local.js';
import type { QueueLimits } from '../../../src/services/scans/queue/types.js';
import type { RunContext } from '../../../src/services/scans/runner.js';

let counter = 0;
function job(kind: ScanKind, account?: string): ScanJob {
  counter++;
  return {
    scanId: `s${counter}`,
    ...(account === undefined ? {} : { account: { id: account, email: `${account}@example.test`, plan: 'pro' as const } }),
    request: kind === 'api' ? { kind, url: 'https://example.test/' } : { kind, repository: 'acme/app', checkCves: false },
    async: false,
    target: kind === 'api' ? 'https://example.test/' : 'acme/app',
    submittedAt: new Date().toISOString(),
  };
}

/** A runner whose jobs end when the test says so, recording the order they started in. */
function gatedRunner() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const contexts = new Map<string, RunContext>();
  const run = (j: ScanJob, context: RunContext): Promise<JobOutcome> => {
    started.push(j.scanId);
    contexts.set(j.scanId, context);
    return new Promise<JobOutcome>((resolve) => {
      release.set(j.scanId, () => resolve({ ok: true }));
      context.signal?.addEventListener('abort', () => resolve({ ok: false, error: { code: 'unavailable', detail: 'cancelled' }, workStarted: true }));
    });
  };
  return {
    run,
    started,
    contexts,
    finish(id: string) {
      const done = release.get(id);
      if (!done) throw new Error(`${id} is not running`);
      done();
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function limits(overrides: Partial<QueueLimits> = {}): QueueLimits {
  return {
    kinds: { github: { concurrency: 2, perAccount: 1 }, api: { concurrency: 4, perAccount: 2 } },
    maxQueued: 100,
    maxQueuedPerAccount: 100,
    ...overrides,
  };
}

describe('the embedded scan queue', () => {
  it('runs up to the slots of each kind and queues the rest instead of refusing them', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({ ...limits({ kinds: { github: { concurrency: 2, perAccount: 2 }, api: { concurrency: 4, perAccount: 4 } } }), run: runner.run });
    const jobs = Array.from({ length: 5 }, () => job('github', 'a'));
    const tickets = await Promise.all(jobs.map((j) => queue.submit(j)));
    expect(runner.started).toEqual([jobs[0]?.scanId, jobs[1]?.scanId]);
    expect(queue.counts('github')).toEqual({ running: 2, waiting: 3 });
    for (const j of jobs) {
      await tick();
      runner.finish(j.scanId);
      await tick();
    }
    const outcomes = await Promise.all(tickets.map((t) => t.done));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(runner.started).toEqual(jobs.map((j) => j.scanId));
  });

  it('starts API scans at once while every repository slot is busy and repository scans wait', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({ ...limits(), run: runner.run });
    const repos = ['a', 'b', 'c', 'd'].map((a) => job('github', a));
    for (const j of repos) await queue.submit(j);
    expect(queue.counts('github')).toEqual({ running: 2, waiting: 2 });
    const api = job('api', 'a');
    await queue.submit(api);
    expect(runner.started).toContain(api.scanId);
    expect(queue.counts('api')).toEqual({ running: 1, waiting: 0 });
  });

  it('never lets one account hold every slot: its burst waits while other accounts run', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({ ...limits(), run: runner.run });
    // Account a sends 6 repository scans; only its share (1 of 2 slots) runs.
    const burst = Array.from({ length: 6 }, () => job('github', 'a'));
    for (const j of burst) await queue.submit(j);
    expect(runner.started).toEqual([burst[0]?.scanId]);
    // Account b, arriving after all of them, takes the free slot at once.
    const fair = job('github', 'b');
    await queue.submit(fair);
    expect(runner.started).toEqual([burst[0]?.scanId, fair.scanId]);
  });

  it('gives a freed slot to the account running the fewest scans, oldest first among equals', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({ ...limits({ kinds: { github: { concurrency: 3, perAccount: 2 }, api: { concurrency: 1, perAccount: 1 } } }), run: runner.run });
    const a1 = job('github', 'a');
    const a2 = job('github', 'a');
    const b1 = job('github', 'b');
    for (const j of [a1, a2, b1]) await queue.submit(j);
    expect(runner.started).toEqual([a1.scanId, a2.scanId, b1.scanId]);
    // Waiting: a3 (a runs 2, its share), then b2 and c1 (b runs 1, c none).
    const a3 = job('github', 'a');
    const b2 = job('github', 'b');
    const c1 = job('github', 'c');
    for (const j of [a3, b2, c1]) await queue.submit(j);
    runner.finish(a1.scanId);
    await tick();
    await tick();
    // a now runs 1, b runs 1, c runs 0: c goes first although it came last.
    expect(runner.started.at(-1)).toBe(c1.scanId);
    runner.finish(c1.scanId);
    await tick();
    await tick();
    // a runs 1, b runs 1: the older of a3 and b2.
    expect(runner.started.at(-1)).toBe(a3.scanId);
  });

  it('refuses with 503 and Retry-After only when the queue of that kind is full, and 429 past an account\'s own waiting share', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({
      ...limits({ kinds: { github: { concurrency: 1, perAccount: 1 }, api: { concurrency: 1, perAccount: 1 } }, maxQueued: 3, maxQueuedPerAccount: 2 }),
      run: runner.run,
    });
    await queue.submit(job('github', 'a'));
    await queue.submit(job('github', 'a'));
    await queue.submit(job('github', 'a'));
    const own = await queue.submit(job('github', 'a')).catch((e: unknown) => e);
    expect(own).toBeInstanceOf(AppError);
    expect(own).toMatchObject({ status: 429, retryAfterSeconds: 15, detail: 'This account already has 2 repository scans waiting, its limit; retry when one has started' });
    await queue.submit(job('github', 'b'));
    const full = await queue.submit(job('github', 'c')).catch((e: unknown) => e);
    expect(full).toMatchObject({ status: 503, retryAfterSeconds: 15, detail: 'The repository scan queue is full (3 waiting, its limit); retry shortly' });
    // The other kind has its own queue.
    await expect(queue.submit(job('api', 'c'))).resolves.toBeDefined();
  });

  it('takes a cancelled scan out of the queue, and aborts a running one', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({ ...limits({ kinds: { github: { concurrency: 1, perAccount: 1 }, api: { concurrency: 1, perAccount: 1 } } }), run: runner.run });
    const running = await queue.submit(job('github', 'a'));
    const waiting = await queue.submit(job('github', 'b'));
    await waiting.cancel('the client disconnected');
    expect(await waiting.done).toEqual({ ok: false, error: { code: 'unavailable', detail: 'Scan cancelled before it started: the client disconnected', retryAfterSeconds: 15 }, workStarted: false });
    await running.cancel('the client disconnected');
    expect(await running.done).toMatchObject({ ok: false, workStarted: true });
    expect(queue.counts('github')).toEqual({ running: 0, waiting: 0 });
  });

  it('on close drops the waiting scans (reported), lets the running ones finish and refuses new ones', async () => {
    const runner = gatedRunner();
    const dropped: string[] = [];
    const queue = new LocalScanQueue({
      ...limits({ kinds: { github: { concurrency: 1, perAccount: 1 }, api: { concurrency: 1, perAccount: 1 } } }),
      run: runner.run,
      onDropped: (j) => {
        dropped.push(j.scanId);
        return Promise.resolve();
      },
    });
    const first = job('github', 'a');
    const second = job('github', 'b');
    const running = await queue.submit(first);
    const waiting = await queue.submit(second);
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    await tick();
    expect(dropped).toEqual([second.scanId]);
    expect(await waiting.done).toMatchObject({ ok: false, workStarted: false });
    expect(closed).toBe(false);
    await expect(queue.submit(job('api', 'c'))).rejects.toMatchObject({ status: 503 });
    runner.finish(first.scanId);
    await closing;
    expect((await running.done).ok).toBe(true);
  });

  it('passes progress to the submitter', async () => {
    const runner = gatedRunner();
    const queue = new LocalScanQueue({ ...limits(), run: runner.run });
    const seen: string[] = [];
    const j = job('github', 'a');
    await queue.submit(j, { onProgress: (event) => seen.push(event.stage) });
    runner.contexts.get(j.scanId)?.onProgress?.({ stage: 'downloading' });
    expect(seen).toEqual(['downloading']);
  });
});
