import type { HeldBytes } from './workspace.js';

/** Bytes of arena memory a source may take (shared by every archive of the process, or one local walk). */
export interface MemoryBudget {
  /** Takes `bytes` from the budget; false (and nothing taken) when they do not fit. */
  take(bytes: number): boolean;
  give(bytes: number): void;
}

/** The bytes taken from one or more budgets that draw on the same memory (every archive of the extraction thread). */
export interface BudgetPool {
  used: number;
}

/** A budget of `limit` bytes, drawn from `pool` (by default a pool of its own: a local walk). */
export function memoryBudget(limit: number, pool: BudgetPool = { used: 0 }): MemoryBudget {
  return {
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
      arena = { sab: new SharedArrayBuffer(capacity), index: this.count++, used: 0, announced: false };
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

  /** Gives every arena's budget back (the workspace was disposed). */
  release(): void {
    this.budget.give(this.taken);
    this.taken = 0;
    this.arenas.clear();
    this.current = undefined;
  }
}
