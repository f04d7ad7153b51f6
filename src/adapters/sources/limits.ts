import { AppError } from '../../core/errors.js';

/** Bounds applied while materialising a source (a GitHub archive or a local folder). docs/sources.md. */
export interface SourceLimits {
  /** Compressed bytes read from the network before giving up. */
  readonly maxArchiveBytes: number;
  /** Decompressed bytes (the whole tar stream, or the sum of local file sizes). */
  readonly maxUnpackedBytes: number;
  /** Non-directory entries seen, kept or skipped. */
  readonly maxFiles: number;
  /** Larger files are skipped and counted as tooLarge. */
  readonly maxFileBytes: number;
  /** Longer relative paths are skipped and counted as unsafe. */
  readonly maxPathLength: number;
  /** Deeper relative paths are skipped and counted as unsafe. */
  readonly maxPathDepth: number;
}

const MB = 1024 * 1024;

export const DEFAULT_SOURCE_LIMITS: Readonly<SourceLimits> = Object.freeze({
  maxArchiveBytes: 200 * MB,
  maxUnpackedBytes: 1024 * MB,
  maxFiles: 100_000,
  maxFileBytes: 5 * MB,
  maxPathLength: 4096,
  maxPathDepth: 64,
});

/**
 * Repository archives' content kept in memory, across every archive the process is extracting or
 * scanning at once (VIGIL_ARCHIVE_MEMORY_MB): 256 MB holds two repositories of the size issue 25
 * measured (82 MB of text) with room to spare. Past it, files go to a temporary folder.
 */
export const DEFAULT_ARCHIVE_MEMORY_BYTES = 256 * MB;

/**
 * Bounds of a history scan's bare clone (src/adapters/sources/git/clone.ts). Here rather than beside the
 * clone so that reading the configuration does not load git's process spawning: the command line reads it
 * for every command, and `vigil scan` of a folder never clones.
 */
export interface HistoryLimits {
  /** Bytes the clone may take on disk (objects and packs). */
  readonly maxCloneBytes: number;
  /** Wall-clock limit of the clone. */
  readonly cloneTimeoutMs: number;
  /** Commits a history scan may cover. */
  readonly maxCommits: number;
}

export const DEFAULT_HISTORY_LIMITS: Readonly<HistoryLimits> = Object.freeze({
  maxCloneBytes: 500 * MB,
  cloneTimeoutMs: 120_000,
  maxCommits: 100_000,
});

export function resolveLimits(overrides: Partial<SourceLimits> = {}): SourceLimits {
  const limits = { ...DEFAULT_SOURCE_LIMITS };
  for (const key of Object.keys(limits) as (keyof SourceLimits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`Source limit ${key} must be a positive integer`);
    limits[key] = value;
  }
  return Object.freeze(limits);
}

export function formatBytes(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export type LimitName = 'maxArchiveBytes' | 'maxUnpackedBytes' | 'maxFiles';

const LIMIT_TEXT: Readonly<Record<LimitName, (value: number) => string>> = Object.freeze({
  maxArchiveBytes: (v: number) => `the archive is larger than the ${formatBytes(v)} archive-size limit`,
  maxUnpackedBytes: (v: number) => `the unpacked content is larger than the ${formatBytes(v)} unpacked-size limit`,
  maxFiles: (v: number) => `the repository has more than ${v.toLocaleString('en-US')} files (file-count limit)`,
});

/** The one error raised when a hard limit is exceeded (prefix as in the service interface). */
export function limitExceeded(name: LimitName, value: number, prefix = 'Archive download failed'): AppError {
  return new AppError('bad_request', `${prefix}: ${LIMIT_TEXT[name](value)}`);
}
