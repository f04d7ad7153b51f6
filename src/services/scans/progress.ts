/**
 * Progress of running scans, in this process's memory: a client names a scan
 * with X-Vigil-Progress-Id and polls GET /v1/scans/progress/{id}. Entries are
 * private to the account that started the scan and kept 10 minutes after it
 * ends. Several processes behind a balancer each know only the scans they
 * received (a worker elsewhere reports progress through the queue).
 */
export const PROGRESS_ID_PATTERN = '^[A-Za-z0-9_-]{16,64}$';
/** PROGRESS_ID_PATTERN in words, for error messages. */
export const PROGRESS_ID_EXPECTED = 'an id of 16 to 64 characters, each a letter, a digit, "_" or "-"';
export const PROGRESS_RETENTION_MS = 10 * 60 * 1000;
/** A bound on memory: past it, the oldest finished entries are dropped first. */
const MAX_ENTRIES = 10_000;

export type ProgressStage = 'queued' | 'downloading' | 'scanning' | 'done' | 'failed';

export interface ProgressState {
  readonly stage: ProgressStage;
  readonly files_done?: number;
  readonly files_total?: number;
}

export interface ProgressHandle {
  update(stage: 'downloading' | 'scanning' | 'done', filesDone?: number, filesTotal?: number): void;
  fail(): void;
}

interface Entry {
  state: ProgressState;
  endedAt: number | undefined;
}

export class ScanProgress {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now) {}

  /** Registers a scan as queued; a second scan with the same id takes the id over. */
  start(accountId: string, progressId: string): ProgressHandle {
    this.sweep();
    const key = `${accountId}:${progressId}`;
    const entry: Entry = { state: { stage: 'queued' }, endedAt: undefined };
    this.entries.delete(key);
    this.entries.set(key, entry);
    const end = (state: ProgressState): void => {
      entry.state = state;
      entry.endedAt = this.now();
    };
    return {
      update: (stage, filesDone, filesTotal) => {
        if (entry.endedAt !== undefined) return;
        if (stage === 'done') return end({ stage });
        const counts = filesDone !== undefined && filesTotal !== undefined ? { files_done: filesDone, files_total: filesTotal } : {};
        entry.state = { stage, ...counts };
      },
      fail: () => {
        if (entry.endedAt === undefined) end({ ...entry.state, stage: 'failed' });
      },
    };
  }

  get(accountId: string, progressId: string): ProgressState | undefined {
    const entry = this.entries.get(`${accountId}:${progressId}`);
    if (entry === undefined || this.expired(entry)) return undefined;
    return entry.state;
  }

  private expired(entry: Entry): boolean {
    return entry.endedAt !== undefined && entry.endedAt + PROGRESS_RETENTION_MS <= this.now();
  }

  private sweep(): void {
    for (const [key, entry] of this.entries) if (this.expired(entry)) this.entries.delete(key);
    if (this.entries.size < MAX_ENTRIES) return;
    for (const [key, entry] of this.entries) {
      if (this.entries.size < MAX_ENTRIES) break;
      if (entry.endedAt !== undefined) this.entries.delete(key);
    }
  }
}
