import { describe, expect, it } from 'vitest';
import { PROGRESS_RETENTION_MS, ScanProgress } from '../../src/services/scans/progress.js';

describe('scan progress registry', () => {
  it('moves from queued through downloading and scanning (with file counts) to done', () => {
    const progress = new ScanProgress();
    const handle = progress.start('acct', 'scan-id-0000000001');
    expect(progress.get('acct', 'scan-id-0000000001')).toEqual({ stage: 'queued' });
    handle.update('downloading');
    expect(progress.get('acct', 'scan-id-0000000001')).toEqual({ stage: 'downloading' });
    handle.update('scanning', 3, 10);
    expect(progress.get('acct', 'scan-id-0000000001')).toEqual({ stage: 'scanning', files_done: 3, files_total: 10 });
    handle.update('done');
    expect(progress.get('acct', 'scan-id-0000000001')).toEqual({ stage: 'done' });
    handle.fail();
    expect(progress.get('acct', 'scan-id-0000000001')).toEqual({ stage: 'done' });
  });

  it('keeps the last counts when a scan fails', () => {
    const progress = new ScanProgress();
    const handle = progress.start('acct', 'scan-id-0000000002');
    handle.update('scanning', 4, 9);
    handle.fail();
    expect(progress.get('acct', 'scan-id-0000000002')).toEqual({ stage: 'failed', files_done: 4, files_total: 9 });
  });

  it('shows a scan only to the account that started it', () => {
    const progress = new ScanProgress();
    progress.start('owner', 'scan-id-0000000003');
    expect(progress.get('intruder', 'scan-id-0000000003')).toBeUndefined();
  });

  it('forgets an ended scan 10 minutes after it ended, never a running one', () => {
    let now = 1_000_000;
    const progress = new ScanProgress(() => now);
    const ended = progress.start('acct', 'scan-id-ended-00001');
    progress.start('acct', 'scan-id-running-001');
    ended.update('done');
    now += PROGRESS_RETENTION_MS - 1;
    expect(progress.get('acct', 'scan-id-ended-00001')).toEqual({ stage: 'done' });
    now += 1;
    expect(progress.get('acct', 'scan-id-ended-00001')).toBeUndefined();
    now += 24 * 3600 * 1000;
    progress.start('acct', 'scan-id-later-00001');
    expect(progress.get('acct', 'scan-id-running-001')).toEqual({ stage: 'queued' });
  });
});
