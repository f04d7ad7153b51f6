import { describe, expect, it } from 'vitest';
import { ARENA_BYTES, Arenas, memoryBudget, SpareArenas } from '../../../src/adapters/sources/arenas.js';

describe('SpareArenas', () => {
  it('keeps standard-size arenas up to its limit and hands them out zeroed', () => {
    const spare = new SpareArenas(2 * ARENA_BYTES);
    const standard = [new SharedArrayBuffer(ARENA_BYTES), new SharedArrayBuffer(ARENA_BYTES), new SharedArrayBuffer(ARENA_BYTES)];
    new Uint8Array(standard[1] ?? new SharedArrayBuffer(0)).fill(7);
    spare.give([new SharedArrayBuffer(ARENA_BYTES + 1), ...standard]);
    // The odd size is not kept; of the three standard ones, two fit.
    expect(spare.bytes).toBe(2 * ARENA_BYTES);
    const taken = spare.take();
    expect(taken).toBe(standard[1]);
    expect(new Uint8Array(taken ?? new SharedArrayBuffer(1)).every((byte) => byte === 0)).toBe(true);
    expect(spare.take()).toBe(standard[0]);
    expect(spare.take()).toBeUndefined();
  });
});

describe('Arenas with spare arenas', () => {
  it('reuses a spare arena for small files, allocates for a file of its own, and lists what it holds', () => {
    const spare = new SpareArenas(4 * ARENA_BYTES);
    const old = new SharedArrayBuffer(ARENA_BYTES);
    spare.give([old]);
    const announced: SharedArrayBuffer[] = [];
    const arenas = new Arenas(memoryBudget(8 * ARENA_BYTES, { used: 0 }, spare), (sab) => announced.push(sab));
    const small = arenas.reserve(100);
    const large = arenas.reserve(ARENA_BYTES + 1);
    expect(small && large).toBeTruthy();
    if (!small || !large) return;
    arenas.keep(small.at);
    arenas.keep(large.at);
    expect(announced[0]).toBe(old);
    expect(announced[1]).not.toBe(old);
    expect(announced[1]?.byteLength).toBe(ARENA_BYTES + 1);
    expect(arenas.buffers()).toEqual(announced);
    // Without spare arenas every arena is new.
    const plain = new Arenas(memoryBudget(8 * ARENA_BYTES), () => undefined);
    plain.reserve(100);
    expect(plain.buffers()[0]).not.toBe(old);
  });
});
