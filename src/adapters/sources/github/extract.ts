import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract, type Extract } from 'tar-stream';
import { AppError } from '../../../core/errors.js';
import { limitExceeded, type LimitName, type SourceLimits } from '../limits.js';
import type { WorkspaceStats } from '../workspace.js';
import { EntrySink, type MemoryBudget, type SinkEvents } from './entries.js';

export interface ExtractResult {
  readonly stats: WorkspaceStats;
  /** From GitHub's pax global header ("comment=<sha>"), when present. */
  readonly commitSha?: string;
}

/** Where extraction puts what it keeps: arenas within the budget, a spill folder past it (entries.ts). */
export interface ExtractTarget {
  readonly budget: MemoryBudget;
  readonly events: SinkEvents;
  /** The folder the spill folder is created in (default: the temporary folder). */
  readonly spillParent?: string;
  /** Called with the sink as soon as it exists (the owner reads its budget bytes and spill folder after a failure). */
  readonly onSink?: (sink: EntrySink) => void;
}

/** Passes bytes through and fails once more than `limit` went by. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(
    private readonly limit: number,
    private readonly name: LimitName,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) callback(limitExceeded(this.name, this.limit));
    else callback(null, chunk);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The most telling of the errors seen: ours first, then an abort, then a corrupt-archive report. */
function pickError(first: unknown, second: unknown): unknown {
  for (const candidate of [first, second]) if (candidate instanceof AppError) return candidate;
  for (const candidate of [first, second]) if (isAbort(candidate)) return candidate;
  const cause = first ?? second;
  const message = cause instanceof Error ? cause.message : String(cause);
  return new AppError('bad_request', `Archive download failed: the archive is truncated or corrupt (${message})`, { cause });
}

/** tar-stream keeps the pax global header private; GitHub writes the commit SHA there. */
function paxCommit(extract: Extract): string | undefined {
  const global = (extract as unknown as { _paxGlobal?: unknown })._paxGlobal;
  if (typeof global !== 'object' || global === null) return undefined;
  const comment = (global as { comment?: unknown }).comment;
  return typeof comment === 'string' && /^[0-9a-f]{40}$/.test(comment) ? comment : undefined;
}

/**
 * Streams a gzipped tarball into memory arenas (within the budget) and a spill folder (past it):
 * bytes are counted as they arrive (compressed and unpacked), each kept file is announced through
 * `target.events` as it is parsed. The caller owns the spill folder (SinkEvents.onSpill) and the
 * budget the sink took, and gives both back when this rejects.
 */
export async function extractTarball(body: Readable, limits: SourceLimits, target: ExtractTarget, signal?: AbortSignal): Promise<ExtractResult> {
  const sink = new EntrySink(limits, target.budget, target.events, target.spillParent);
  target.onSink?.(sink);
  const extract = tarExtract();
  const piping = pipeline(
    body,
    new ByteLimit(limits.maxArchiveBytes, 'maxArchiveBytes'),
    createGunzip({ chunkSize: 64 * 1024 }),
    new ByteLimit(limits.maxUnpackedBytes, 'maxUnpackedBytes'),
    extract,
    signal === undefined ? {} : { signal },
  );
  const settled = piping.then(
    () => undefined,
    (error: unknown) => error ?? new Error('pipeline failed'),
  );
  try {
    for await (const entry of extract) await sink.accept(entry);
    await sink.settle();
  } catch (error) {
    extract.destroy();
    body.destroy();
    // Never leave a write running: the caller removes the spill folder next.
    await sink.settle().catch(() => undefined);
    throw pickError(error, await settled);
  }
  const failure = await settled;
  if (failure !== undefined) throw pickError(failure, undefined);
  const commitSha = paxCommit(extract);
  return { stats: sink.stats, ...(commitSha === undefined ? {} : { commitSha }) };
}
