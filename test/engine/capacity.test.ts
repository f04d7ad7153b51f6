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
});
