import type { HeldBytes } from './workspace.js';

/** Bytes of arena memory a source may take (shared by every archive of the process, or one local walk). */
export interface MemoryBudget {
  /** Takes `bytes` from the budget; false (and nothing taken) when they do not fit. */
  take(bytes: number): boolean;
  give(bytes: number): void;
  /** Standard-size arenas that earlier sources gave back, to reuse before allocating (see SpareArenas). */
  readonly spare?: SpareArenas;
}

/** The bytes taken from one or more budgets that draw on the same memory (every archive of the extraction thread). */
export interface BudgetPool {
  used: number;
}

/** A budget of `limit` bytes, drawn from `pool` (by default a pool of its own: a local walk). */
export function memoryBudget(limit: number, pool: BudgetPool = { used: 0 }, spare?: SpareArenas): MemoryBudget {
  return {
    ...(spare === undefined ? {} : { spare }),
    take: (bytes) => {
      if (pool.used + bytes > limit) return false;
      pool.used += bytes;
      return true;
    },
    give: (bytes) => void (pool.used = Math.max(0, pool.used - bytes)),
  };
}

/** Arenas of this size hold many small files each; a file above half of it gets an arena of its own. */
export const ARENA_BYTES = 4 * 1024 * 1024;

/**
 * Standard-size arenas kept for reuse once the workspace that used them is disposed, up to
 * `maxBytes`. A SharedArrayBuffer's memory goes back only when every thread that saw it has
 * collected its handle, and scanner threads that are busy or idle may not collect for many scans;
 * meanwhile each new archive allocated arenas of its own, so the process grew by about one
 * archive per scan until collections caught up. Reused arenas are zeroed before they are handed
 * out again, so no byte of one repository is ever in memory another scan is given.
 */
export class SpareArenas {
  private readonly stock: SharedArrayBuffer[] = [];

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.stock.length * ARENA_BYTES;
  }

  /** A zeroed standard-size arena from the stock, or undefined when it is empty. */
  take(): SharedArrayBuffer | undefined {
    const sab = this.stock.pop();
    if (sab !== undefined) new Uint8Array(sab).fill(0);
    return sab;
  }

  /** Keeps the standard-size arenas among `buffers` while the stock has room; the rest are left to the collector. */
  give(buffers: readonly SharedArrayBuffer[]): void {
    for (const sab of buffers) {
      if (sab.byteLength !== ARENA_BYTES || this.bytes + ARENA_BYTES > this.maxBytes) continue;
      this.stock.push(sab);
    }
  }
}

interface Arena {
  readonly sab: SharedArrayBuffer;
  readonly index: number;
  used: number;
  announced: boolean;
}

/**
 * Shared arenas that kept files' bytes are written into, within a budget: the scan workers read
 * them without a copy (Workspace.memory). Used by archive extraction (github/entries.ts) and the
 * local walk (local.ts). `onArena` is called once per arena, before the first file kept in it.
 */
export class Arenas {
  /** The arena small files go into. */
  private current: Arena | undefined;
  private readonly arenas = new Map<number, Arena>();
  private count = 0;
  /** Budget bytes taken (arena capacities). */
  taken = 0;

  constructor(
    private readonly budget: MemoryBudget,
    private readonly onArena: (arena: SharedArrayBuffer, index: number) => void,
  ) {}

  /** Room for `size` bytes in memory, or undefined past the budget. */
  reserve(size: number): { at: HeldBytes; view: Uint8Array } | undefined {
    let arena = this.current;
    if (arena === undefined || arena.used + size > arena.sab.byteLength) {
      const capacity = size > ARENA_BYTES / 2 ? size : ARENA_BYTES;
      if (!this.budget.take(capacity)) return undefined;
      this.taken += capacity;
      const sab = (capacity === ARENA_BYTES ? this.budget.spare?.take() : undefined) ?? new SharedArrayBuffer(capacity);
      arena = { sab, index: this.count++, used: 0, announced: false };
      this.arenas.set(arena.index, arena);
      // Small files keep filling the current arena; a large one in its own leaves it open.
      if (capacity === ARENA_BYTES || this.current === undefined) this.current = arena;
    }
    const at = { arena: arena.index, offset: arena.used, length: size };
    arena.used += size;
    return { at, view: new Uint8Array(arena.sab, at.offset, size) };
  }

  /** The file at `at` is kept: its arena is announced before it. */
  keep(at: HeldBytes): void {
    const arena = this.arenas.get(at.arena);
    if (arena === undefined || arena.announced) return;
    arena.announced = true;
    this.onArena(arena.sab, arena.index);
  }

  /** Gives back a reservation (a file found binary): its bytes are reused, or its own arena's budget returned. */
  unreserve(at: HeldBytes): void {
    const arena = this.arenas.get(at.arena);
    if (arena === undefined || arena.used !== at.offset + at.length) return;
    arena.used = at.offset;
    if (arena !== this.current && arena.used === 0) {
      this.arenas.delete(arena.index);
      this.budget.give(arena.sab.byteLength);
      this.taken -= arena.sab.byteLength;
    }
  }

  /** Every arena still held (to give to SpareArenas once nothing reads them). */
  buffers(): SharedArrayBuffer[] {
    return [...this.arenas.values()].map((arena) => arena.sab);
  }

  /** Gives every arena's budget back (the workspace was disposed). */
  release(): void {
    this.budget.give(this.taken);
    this.taken = 0;
    this.arenas.clear();
    this.current = undefined;
  }
}
