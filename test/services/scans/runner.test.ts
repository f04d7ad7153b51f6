import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import type { ScanEngine } from '../../../src/engine/runtime.js';
import type { ScanResponse } from '../../../src/outputs/scan-response.js';
import type { ApiScanExecutor } from '../../../src/services/scans/api-thread.js';
import type { ScanJob } from '../../../src/services/scans/jobs.js';
import { ScanRunner } from '../../../src/services/scans/runner.js';
import { NO_STORE } from '../../../src/services/scans/store.js';

const job = (scanId: string): ScanJob => ({ scanId, request: { kind: 'api', url: 'http://127.0.0.1:9/' }, async: false, target: 'http://127.0.0.1:9/', submittedAt: new Date(0).toISOString() });

describe('ScanRunner: afterScan', () => {
  it('is called once at the end of every job, after its outcome is known, whether it succeeded or failed', async () => {
    const events: string[] = [];
    const apiScans: ApiScanExecutor = {
      scan: (input, _settings, hooks) => {
        events.push(`scan ${hooks.scanId}`);
        if (hooks.scanId === 'bad') return Promise.reject(new AppError('bad_request', 'unreachable target'));
        return Promise.resolve({ scan_id: hooks.scanId, target: input } as unknown as ScanResponse);
      },
      close: () => Promise.resolve(),
    };
    const runner = new ScanRunner({
      engine: {} as ScanEngine,
      github: { githubApiUrl: 'http://127.0.0.1:9', userAgent: 'test' } as never,
      api: { allowCidrs: [], timeoutMs: 1000, probeTimeoutMs: 1000 },
      privateScans: { policy: 'deny' } as never,
      store: NO_STORE,
      apiScans,
      afterScan: () => events.push('after'),
    });
    const good = await runner.run(job('good'), {});
    expect(good.ok).toBe(true);
    const bad = await runner.run(job('bad'), {});
    expect(bad.ok).toBe(false);
    expect(events).toEqual(['scan good', 'after', 'scan bad', 'after']);
  });
});
