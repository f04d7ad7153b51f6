import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { builtinExplain, builtinFix, builtinTriage } from '../../src/services/ai/builtin/index.js';
import type { Finding } from '../../src/core/findings.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const finding = {
  id: 'SEC-A1B2C3',
  category: 'secrets',
  severity: 'HIGH',
  title: 'AWS access key',
  description: 'An AWS access key id is committed.',
  evidence: 'AWS access key: const key = "****REDACTED****";',
  location: { target: 'acme/demo', path: 'src/config.ts', line: 3, column: 14, url: null, method: null },
  scanner_name: 'secrets',
  remediation: 'Rotate the key.',
  confidence: 0.9,
  owasp_categories: ['A07:2021'],
  rule_id: 'aws-access-key-id',
} satisfies Finding;
const scan = {
  scan_id: 'abc123',
  status: 'completed',
  target_type: 'github',
  target: 'acme/demo',
  started_at: '2026-11-23T10:00:00.000Z',
  completed_at: '2026-11-23T10:00:01.000Z',
  finding_count: 1,
  findings: [finding],
};

/** The body as the client's reads delivered it, one string per read of a real socket. */
async function readChunks(res: Response): Promise<string[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(decoder.decode(read.value, { stream: true }));
  const tail = decoder.decode();
  if (tail !== '') chunks.push(tail);
  return chunks;
}

describe('the offline engine over HTTP', () => {
  let ts: TestStorage;
  let t: TestApp;
  let base: string;
  let key: string;

  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    // The default provider is the offline engine, with its default pace between sections.
    t = await createTestApp(ts, { limitsFor: (plan) => PLAN_LIMITS[plan] });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    key = await t.newAccount('team');
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  it.each([
    ['/v1/explain', { finding }, () => builtinExplain(finding)],
    ['/v1/fix', { finding }, () => builtinFix(finding)],
    ['/v1/triage', { scan }, () => builtinTriage(scan)],
  ])('%s arrives in several reads, each ending on a section boundary, and joins back to the whole answer', async (path, body, whole) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    const chunks = await readChunks(res);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(whole());
    // Sections are written whole: a read never ends in the middle of one.
    for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith('\n\n'), JSON.stringify(chunk.slice(-40))).toBe(true);
  });
});
