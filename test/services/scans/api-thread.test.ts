import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { scanApiTarget, type ApiScanSettings } from '../../../src/services/scans/api.js';
import { ApiScanThread } from '../../../src/services/scans/api-thread.js';

/** A loopback API with the usual mistakes: a wildcard CORS policy and no security headers; /slow never answers. */
function target(): Promise<{ server: Server; base: string; hung: Set<IncomingMessage> }> {
  const hung = new Set<IncomingMessage>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/slow')) {
      hung.add(req);
      req.once('close', () => hung.delete(req));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'x-powered-by': 'Express' });
    res.end('{"ok":true}');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hung })));
}

const settings: ApiScanSettings = { allowCidrs: ['127.0.0.1/32'], timeoutMs: 30_000 };
/** What does not depend on when or where the scan ran. */
const stable = (scan: Awaited<ReturnType<typeof scanApiTarget>>) => ({
  findings: scan.findings.map((f) => [f.id, f.rule_id, f.severity, f.evidence]),
  count: scan.finding_count,
  target: scan.target,
});

describe('ApiScanThread', () => {
  let api: Awaited<ReturnType<typeof target>>;
  let thread: ApiScanThread;
  beforeAll(async () => {
    api = await target();
    thread = new ApiScanThread();
  });
  afterAll(async () => {
    await thread.close();
    api.server.closeAllConnections();
    await new Promise((resolve) => api.server.close(resolve));
  });

  it('scans on a thread of its own, with the same result as on the calling thread', async () => {
    const [onThread, here] = await Promise.all([thread.scan(`${api.base}/v1`, settings, { scanId: 'scan-thread' }), scanApiTarget(`${api.base}/v1`, settings, { scanId: 'scan-here' })]);
    expect(thread.threadId).not.toBe(0);
    expect(thread.threadId).not.toBe(threadId);
    expect(onThread.scan_id).toBe('scan-thread');
    expect(onThread.findings.length).toBeGreaterThan(0);
    expect(stable(onThread)).toEqual(stable(here));
  });

  it('runs scans concurrently on the one thread', async () => {
    const scans = await Promise.all(Array.from({ length: 8 }, (_, i) => thread.scan(`${api.base}/r${i}`, settings, {})));
    expect(scans.map((s) => s.target)).toEqual(Array.from({ length: 8 }, (_, i) => `${api.base}/r${i}`));
  });

  it('gives back the AppError the scan raised, code and detail intact', async () => {
    const refused = await thread.scan(`${api.base}/v1`, { ...settings, allowCidrs: [] }, {}).catch((error: unknown) => error);
    const inline = await scanApiTarget(`${api.base}/v1`, { ...settings, allowCidrs: [] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(inline).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe((inline as AppError).code);
    expect((refused as AppError).detail).toBe((inline as AppError).detail);
    expect((refused as AppError).status).toBeLessThan(500);
  });

  it('stops a scan on the thread when its signal aborts: the target sees the connection close', async () => {
    const aborter = new AbortController();
    const scan = thread.scan(`${api.base}/slow`, settings, { signal: aborter.signal }).catch((error: unknown) => error);
    await expect.poll(() => api.hung.size, { timeout: 10_000 }).toBeGreaterThan(0);
    aborter.abort(new Error('cancelled by the test'));
    expect(await scan).toBeInstanceOf(Error);
    await expect.poll(() => api.hung.size, { timeout: 10_000 }).toBe(0);
  });

  it('fails what it had when the thread dies, and starts a new thread for the next scan', async () => {
    const scan = thread.scan(`${api.base}/slow`, settings, {}).catch((error: unknown) => error);
    await expect.poll(() => api.hung.size, { timeout: 10_000 }).toBeGreaterThan(0);
    const first = thread.threadId;
    await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const failed = await scan;
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/API scan thread stopped/);
    const next = await thread.scan(`${api.base}/v1`, settings, {});
    expect(next.findings.length).toBeGreaterThan(0);
    expect(thread.threadId).not.toBe(first);
  });

  it('refuses scans once closed, and fails those still running', async () => {
    const closing = new ApiScanThread();
    const scan = closing.scan(`${api.base}/slow`, settings, {}).catch((error: unknown) => error);
    await expect.poll(() => api.hung.size, { timeout: 10_000 }).toBeGreaterThan(0);
    await closing.close();
    expect(await scan).toBeInstanceOf(Error);
    await expect(closing.scan(`${api.base}/v1`, settings, {})).rejects.toThrow(/closed/);
  });
});
