import type { WireError } from '../../../core/wire-error.js';
import type { SourceLimits } from '../limits.js';
import type { HeldBytes } from '../workspace.js';
import type { ExtractResult } from './extract.js';

/** A kept file as it crosses to the main thread: in memory (`at`: arena, offset, length) or in the spill folder. */
export interface WireFile {
  readonly path: string;
  readonly size: number;
  readonly at?: HeldBytes;
}

/** Main thread → extraction thread. One thread serves every archive of the process; `id` names the archive. */
export type ToExtractor =
  /** `spillParent`: where the spill folder goes (the main thread's temporary folder). */
  | { readonly kind: 'start'; readonly id: number; readonly limits: SourceLimits; readonly memoryBytes: number; readonly spillParent: string }
  /** The archive's bytes, one chunk per pull. */
  | { readonly kind: 'chunk'; readonly id: number; readonly bytes: Uint8Array }
  | { readonly kind: 'end'; readonly id: number }
  | { readonly kind: 'fail'; readonly id: number; readonly error: WireError }
  | { readonly kind: 'abort'; readonly id: number }
  /** The archive's workspace was disposed: its memory goes back to the budget. */
  | { readonly kind: 'release'; readonly id: number };

/** Extraction thread → main thread. */
export type FromExtractor =
  | { readonly kind: 'pull'; readonly id: number }
  /** Files kept since the last batch, and the arenas they lie in that were not sent yet. */
  | { readonly kind: 'files'; readonly id: number; readonly arenas: readonly { readonly index: number; readonly sab: SharedArrayBuffer }[]; readonly files: readonly WireFile[] }
  | { readonly kind: 'spill'; readonly id: number; readonly root: string }
  | { readonly kind: 'done'; readonly id: number; readonly result: ExtractResult }
  | { readonly kind: 'failed'; readonly id: number; readonly error: WireError };
