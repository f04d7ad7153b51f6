import { ScansRepository, type Storage } from '../../adapters/storage/index.js';
import type { ScanFailure } from './jobs.js';
import type { ScanLogger } from './runner.js';
import { pendingView } from './store.js';

const INTERRUPTED: ScanFailure = {
  code: 'unavailable',
  detail: 'Scan not finished: the service stopped before it ended; submit it again',
  retryAfterSeconds: 5,
};

/**
 * With the embedded queue, scans wait and run in the service's memory: those
 * a previous run left queued or running will never end, so they are marked
 * failed. Only for the embedded database, which one process alone opens (with
 * PostgreSQL other processes may be running those scans right now).
 */
export async function failInterruptedScans(storage: Storage, log: ScanLogger): Promise<number> {
  const scans = new ScansRepository(storage.db);
  let count = 0;
  for (;;) {
    const batch = await scans.unfinished(500);
    if (batch.length === 0) break;
    const at = new Date();
    for (const row of batch) {
      const kind = row.targetType === 'api' ? 'api' : 'github';
      const view = pendingView({ scanId: row.id, kind, target: row.target }, 'failed', row.startedAt, { error: INTERRUPTED, at });
      await scans.advance(row.id, { status: 'failed', completedAt: at, result: view });
      count++;
    }
  }
  if (count > 0) log.warn({ scans: count }, 'scans left unfinished by the previous run were marked failed');
  return count;
}
