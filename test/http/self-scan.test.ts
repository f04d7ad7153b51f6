import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanApiTarget } from '../../src/services/scans/api.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

/** Vigil's own API scanned by Vigil: the headers and CORS policy it sends must pass its own checks. */
describe('the service scanned by its own API scanner', () => {
  let ts: TestStorage;
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  it.each(['/health', '/v1/account', '/docs'])('%s has no finding above LOW besides being served over plain http in this test', async (path) => {
    const scan = await scanApiTarget(`${base}${path}`, { allowCidrs: ['127.0.0.1/32'], timeoutMs: 30_000 });
    const transport = new Set(['https-enforcement', 'strict-transport-security']);
    const severe = scan.findings.filter((f) => !['LOW', 'INFO'].includes(f.severity) && !transport.has(f.rule_id ?? ''));
    expect(severe.map((f) => `${f.severity} ${f.rule_id}: ${f.title}`)).toEqual([]);
  });
});
