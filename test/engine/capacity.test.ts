import { describe, expect, it } from 'vitest';
import { ScanCapacity } from '../../src/engine/capacity.js';
import { AppError } from '../../src/core/errors.js';

describe('scan capacity', () => {
  it('runs up to the limit at once and refuses the next with 503 and Retry-After', async () => {
    const capacity = new ScanCapacity(2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = capacity.run(() => gate);
    const b = capacity.run(() => gate);
    expect(capacity.inUse).toBe(2);
    const refused = await capacity.run(() => Promise.resolve()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, retryAfterSeconds: 15 });
    release();
    await Promise.all([a, b]);
    expect(capacity.inUse).toBe(0);
    await expect(capacity.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('frees the slot when the work fails', async () => {
    const capacity = new ScanCapacity(1);
    await expect(capacity.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(capacity.inUse).toBe(0);
  });

  it('holds one account to its share, with 429, and leaves the other slots to other accounts', async () => {
    const capacity = new ScanCapacity(2, 1, 'repository scan');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = capacity.run(() => gate, 'account-a');
    const again = await capacity.run(() => Promise.resolve(), 'account-a').catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 429, retryAfterSeconds: 10 });
    expect((again as AppError).detail).toContain('already runs 1 repository scan at once');
    const other = capacity.run(() => gate, 'account-b');
    expect(capacity.inUse).toBe(2);
    const full = await capacity.run(() => Promise.resolve(), 'account-c').catch((e: unknown) => e);
    expect(full).toMatchObject({ status: 503 });
    expect((full as AppError).detail).toBe('All 2 repository scan slots are busy; retry shortly');
    release();
    await Promise.all([first, other]);
    await expect(capacity.run(() => Promise.resolve('mine again'), 'account-a')).resolves.toBe('mine again');
  });
});

describe('scan capacity with a queue', () => {
  it('lets a scan past the slots wait and hands it the first slot that frees', async () => {
    const capacity = new ScanCapacity(1, 1, 'API scan', { maxWaiting: 1, maxWaitMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const a = capacity.run(async () => {
      await gate;
      order.push('a');
    }, 'acct-a');
    const b = capacity.run(() => {
      order.push('b');
      return Promise.resolve();
    }, 'acct-b');
    // A third one finds the queue full.
    const refused = await capacity.run(() => Promise.resolve(), 'acct-c').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 503 });
    expect(order).toEqual([]);
    release();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'b']);
    expect(capacity.inUse).toBe(0);
  });

  it('gives up with 503 after the longest wait and frees the account share', async () => {
    const capacity = new ScanCapacity(1, 1, 'API scan', { maxWaiting: 4, maxWaitMs: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const a = capacity.run(() => gate, 'acct-a');
    await expect(capacity.run(() => Promise.resolve(), 'acct-b')).rejects.toMatchObject({ status: 503 });
    release();
    await a;
    await expect(capacity.run(() => Promise.resolve('ok'), 'acct-b')).resolves.toBe('ok');
  });
});
