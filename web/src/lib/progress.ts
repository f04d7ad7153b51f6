import type { Progress, ProgressStage } from './types.js';

const STAGE_LABELS: Readonly<Record<ProgressStage, string>> = Object.freeze({
  queued: 'Waiting for a free scan slot',
  downloading: 'Downloading the repository',
  scanning: 'Scanning files',
  done: 'Finishing',
  failed: 'Failed',
});

/** "0:07", "12:05", "1:02:03". */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Files done and total as "120 of 400 files (30%)", when the service reported them. */
export function formatFiles(progress: Progress): string | undefined {
  const { files_done: done, files_total: total } = progress;
  if (done === undefined) return undefined;
  if (total === undefined || total <= 0) return `${done} ${done === 1 ? 'file' : 'files'}`;
  const percent = Math.min(100, Math.floor((done / total) * 100));
  return `${done} of ${total} files (${percent}%)`;
}

export function stageLabel(progress: Progress | undefined): string {
  return progress === undefined ? 'Starting' : STAGE_LABELS[progress.stage];
}

/** One line for the progress region: stage, files and elapsed time. */
export function formatProgress(progress: Progress | undefined, elapsedMs: number): string {
  const stage = stageLabel(progress);
  const files = progress === undefined ? undefined : formatFiles(progress);
  return [stage, files, formatElapsed(elapsedMs)].filter((part) => part !== undefined).join(' · ');
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A progress id for X-Vigil-Progress-Id: 32 characters of [A-Za-z0-9_-] from
 * 32 random bytes, 6 bits each (192 bits; a 64-letter alphabet keeps them uniform).
 */
export function newProgressId(fillRandom: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = fillRandom(new Uint8Array(32));
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte & 63];
  return id;
}
