import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OsvVulnerability } from '../../../src/scanners/advisories/osv-schema.js';
import { createVulnCache, OsvOnlineClient, OsvUnavailableError, type PackageQuery } from '../../../src/adapters/osv/online.js';
import { loadOsvRecords, startFakeOsv, syntheticNpmRecords, type FakeOsv, type FakeOsvOptions } from '../../fakes/osv/index.js';

const RECORDS = loadOsvRecords();
let fake: FakeOsv | undefined;
let extraServer: Server | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (extraServer) {
    extraServer.closeAllConnections();
    await new Promise<void>((resolve) => extraServer!.close(() => resolve()));
    extraServer = undefined;
  }
  vi.useRealTimers();
});

async function start(options: Partial<FakeOsvOptions> = {}): Promise<FakeOsv> {
  fake = await startFakeOsv({ records: RECORDS, ...options });
  return fake;
}

const npm = (name: string, version: string): PackageQuery => ({ ecosystem: 'npm', name, version });
const batches = (f: FakeOsv) => f.requests.filter((r) => r.path === '/v1/querybatch');
const gets = (f: FakeOsv) => f.requests.filter((r) => r.method === 'GET');
const sentQueries = (r: { body?: unknown }) => (r.body as { queries: { package: { name: string }; version: string; page_token?: string }[] }).queries;

/** A one-route server answering every request with `answer` (for malformed answers the fake never gives). */
async function startRaw(answer: (body: string) => { status: number; body: string; headers?: Record<string, string> }): Promise<string> {
  extraServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const a = answer(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => extraServer!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(extraServer.address() as AddressInfo).port}`;
}

describe('OsvOnlineClient.lookup', () => {
  it('answers the records affecting each query, in query order, across ecosystems', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url, userAgent: 'vigil-test/1.0' });
    const result = await client.lookup([
      npm('lodash', '4.17.20'),
      npm('lodash', '4.17.21'),
      { ecosystem: 'PyPI', name: 'requests', version: '2.28.1' },
      { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core', version: '2.14.1' },
      { ecosystem: 'crates.io', name: 'tokio', version: '1.13.0' },
      npm('minimist', '1.2.5'),
    ]);
    expect(result.map((rs) => rs.map((r) => r.id))).toEqual([['GHSA-35jh-r3h4-6jhm'], [], ['PYSEC-2023-74'], ['GHSA-jfh8-c2jp-5v3q'], ['RUSTSEC-2021-0124'], []]);
    // Full records, not the {id, modified} stubs the batch lists.
    expect(result[3]![0]!.severity?.map((s) => s.type)).toEqual(['CVSS_V3', 'CVSS_V4']);
    expect(result[0]![0]).toEqual(RECORDS.find((r) => r.id === 'GHSA-35jh-r3h4-6jhm'));
  });

  it('sends 2,500 queries as three batches of at most 1000', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url });
    const queries = Array.from({ length: 2500 }, (_, i) => npm(`pkg-${i}`, '1.0.0'));
    queries[1500] = npm('next', '14.2.0');
    queries[2499] = npm('semver', '7.5.1');
    const result = await client.lookup(queries);
    expect(batches(f).map((r) => sentQueries(r).length)).toEqual([1000, 1000, 500]);
    expect(result).toHaveLength(2500);
    expect(result[1500]!.map((r) => r.id)).toEqual(['GHSA-f82v-jwr5-mffw']);
    expect(result[2499]!.map((r) => r.id)).toEqual(['GHSA-c2qf-rxjj-qqgw']);
    expect(result.filter((r) => r.length > 0)).toHaveLength(2);
  });

  it('honours a smaller batchSize and never exceeds 1000', async () => {
    const f = await start();
    await new OsvOnlineClient({ baseUrl: f.url, batchSize: 4 }).queryBatch(Array.from({ length: 10 }, (_, i) => npm(`p${i}`, '1.0.0')));
    expect(batches(f).map((r) => sentQueries(r).length)).toEqual([4, 4, 2]);
    f.requests.length = 0;
    await new OsvOnlineClient({ baseUrl: f.url, batchSize: 5000 }).queryBatch(Array.from({ length: 1001 }, (_, i) => npm(`p${i}`, '1.0.0')));
    expect(batches(f).map((r) => sentQueries(r).length)).toEqual([1000, 1]);
  });

  it('sends duplicate queries once and answers each of them', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url });
    const result = await client.lookup([npm('lodash', '4.17.20'), npm('semver', '7.5.1'), npm('lodash', '4.17.20'), npm('lodash', '4.17.20')]);
    expect(sentQueries(batches(f)[0]!).map((q) => `${q.package.name}@${q.version}`)).toEqual(['lodash@4.17.20', 'semver@7.5.1']);
    expect(result.map((rs) => rs.map((r) => r.id))).toEqual([['GHSA-35jh-r3h4-6jhm'], ['GHSA-c2qf-rxjj-qqgw'], ['GHSA-35jh-r3h4-6jhm'], ['GHSA-35jh-r3h4-6jhm']]);
    expect(gets(f)).toHaveLength(2);
  });

  it('fetches each distinct record once even when several queries list it', async () => {
    const f = await start();
    const result = await new OsvOnlineClient({ baseUrl: f.url }).lookup([npm('lodash', '4.17.20'), npm('lodash-es', '4.17.20'), npm('lodash.template', '4.5.0')]);
    expect(result.map((rs) => rs.map((r) => r.id))).toEqual([['GHSA-35jh-r3h4-6jhm'], ['GHSA-35jh-r3h4-6jhm'], ['GHSA-35jh-r3h4-6jhm']]);
    expect(gets(f).map((r) => r.path)).toEqual(['/v1/vulns/GHSA-35jh-r3h4-6jhm']);
  });

  it('answers an empty list without a request', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url });
    expect(await client.lookup([])).toEqual([]);
    expect(client.requestCount).toBe(0);
    expect(f.requests).toHaveLength(0);
  });
});

describe('OsvOnlineClient.queryBatch paging', () => {
  it('follows next_page_token per query until exhausted, re-sending only the queries with more pages', async () => {
    const f = await start({ records: [...syntheticNpmRecords('big', 25), ...syntheticNpmRecords('mid', 12, 'GHSA-mid'), ...RECORDS], pageSize: 10 });
    const client = new OsvOnlineClient({ baseUrl: f.url });
    const ids = await client.queryBatch([npm('big', '1.0.0'), npm('lodash', '4.17.20'), npm('mid', '2.0.0'), npm('none', '1.0.0')]);
    expect(ids[0]).toHaveLength(25);
    expect(new Set(ids[0])).toEqual(new Set(syntheticNpmRecords('big', 25).map((r) => r.id)));
    expect(ids[1]).toEqual(['GHSA-35jh-r3h4-6jhm']);
    expect(ids[2]).toHaveLength(12);
    expect(ids[3]).toEqual([]);

    const sent = batches(f).map(sentQueries);
    expect(sent.map((qs) => qs.map((q) => q.package.name))).toEqual([['big', 'lodash', 'mid', 'none'], ['big', 'mid'], ['big']]);
    expect(sent[0]!.every((q) => q.page_token === undefined)).toBe(true);
    expect(sent[1]!.every((q) => typeof q.page_token === 'string')).toBe(true);
    expect(gets(f)).toHaveLength(0);
  });

  it('lookup fetches every record of every page', async () => {
    const f = await start({ records: syntheticNpmRecords('big', 7), pageSize: 3 });
    const [records] = await new OsvOnlineClient({ baseUrl: f.url, concurrency: 2 }).lookup([npm('big', '0.1.0')]);
    expect(records!.map((r) => r.id).sort()).toEqual(syntheticNpmRecords('big', 7).map((r) => r.id));
    expect(batches(f)).toHaveLength(3);
    expect(gets(f)).toHaveLength(7);
  });
});

describe('OsvOnlineClient.getVulns', () => {
  it('leaves out ids the API does not know (404) and returns the rest', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url });
    const found = await client.getVulns(['GHSA-35jh-r3h4-6jhm', 'GHSA-0000-0000-0000', 'RUSTSEC-2021-0124']);
    expect([...found.keys()].sort()).toEqual(['GHSA-35jh-r3h4-6jhm', 'RUSTSEC-2021-0124']);
    expect(found.get('RUSTSEC-2021-0124')?.aliases).toContain('CVE-2021-45710');
    expect(gets(f)).toHaveLength(3);
  });

  it('escapes ids in the path', async () => {
    const odd: OsvVulnerability = { id: 'ODD/1 2', modified: '2024-01-01T00:00:00Z' };
    const f = await start({ records: [odd] });
    const found = await new OsvOnlineClient({ baseUrl: f.url }).getVulns(['ODD/1 2']);
    expect(found.get('ODD/1 2')).toEqual(odd);
    expect(gets(f)[0]!.path).toBe('/v1/vulns/ODD%2F1%202');
  });

  it('keeps at most `concurrency` detail fetches in flight', async () => {
    const records = syntheticNpmRecords('many', 24);
    const f = await start({ records, delayMs: 40 });
    const found = await new OsvOnlineClient({ baseUrl: f.url, concurrency: 3 }).getVulns(records.map((r) => r.id));
    expect(found.size).toBe(24);
    expect(f.maxInFlight.vulns).toBe(3);

    const g = await startFakeOsv({ records, delayMs: 40 });
    try {
      await new OsvOnlineClient({ baseUrl: g.url }).getVulns(records.map((r) => r.id));
      expect(g.maxInFlight.vulns).toBe(8); // the default
    } finally {
      await g.close();
    }
  });

  it('serves repeated lookups from the shared cache: no GET the second time', async () => {
    const f = await start();
    const cache = createVulnCache();
    const queries = [npm('lodash', '4.17.20'), npm('next', '15.0.0')];
    const first = await new OsvOnlineClient({ baseUrl: f.url, cache }).lookup(queries);
    expect(gets(f)).toHaveLength(2);
    const client = new OsvOnlineClient({ baseUrl: f.url, cache });
    const second = await client.lookup(queries);
    expect(second).toEqual(first);
    expect(gets(f)).toHaveLength(2);
    expect(batches(f)).toHaveLength(2);
    expect(client.requestCount).toBe(1);
    // getVulns alone uses it too.
    await client.getVulns(['GHSA-35jh-r3h4-6jhm']);
    expect(client.requestCount).toBe(1);
  });

  it('refetches a cached record when the batch says it was modified since', async () => {
    const f = await start();
    const cache = createVulnCache();
    const current = RECORDS.find((r) => r.id === 'GHSA-35jh-r3h4-6jhm')!;
    cache.set(current.id, { ...current, modified: '2020-01-01T00:00:00Z', summary: 'stale copy' });
    const [records] = await new OsvOnlineClient({ baseUrl: f.url, cache }).lookup([npm('lodash', '4.17.20')]);
    expect(records![0]!.summary).toBe(current.summary);
    expect(gets(f)).toHaveLength(1);
    expect(cache.get(current.id)?.modified).toBe(current.modified);
  });

  it('drops records that turn out withdrawn when fetched', async () => {
    // The batch lists it (as if withdrawn after the query ran); the record says withdrawn.
    const withdrawn = RECORDS.find((r) => r.withdrawn)!;
    const url = await startRaw((body) =>
      body === ''
        ? { status: 200, body: JSON.stringify(withdrawn) }
        : { status: 200, body: JSON.stringify({ results: [{ vulns: [{ id: withdrawn.id, modified: withdrawn.modified }] }] }) },
    );
    expect(await new OsvOnlineClient({ baseUrl: url }).lookup([npm('minimist', '1.2.5')])).toEqual([[]]);
  });
});

describe('OsvOnlineClient failures', () => {
  it('retries a 503 after the Retry-After it was given', async () => {
    const f = await start({ failNext: { status: 503, count: 1, retryAfter: 1 } });
    const client = new OsvOnlineClient({ baseUrl: f.url });
    const started = Date.now();
    const result = await client.lookup([npm('lodash', '4.17.20')]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result[0]!.map((r) => r.id)).toEqual(['GHSA-35jh-r3h4-6jhm']);
    expect(batches(f).map((r) => r.status)).toEqual([503, 200]);
    expect(client.requestCount).toBe(3);
  });

  it('caps the Retry-After it honours', async () => {
    const f = await start({ failNext: { status: 429, count: 2, retryAfter: 3600 } });
    const started = Date.now();
    const client = new OsvOnlineClient({ baseUrl: f.url, maxRetryDelayMs: 50 });
    await client.queryBatch([npm('lodash', '4.17.20')]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(f.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it('retries a failing detail fetch too', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url, maxRetryDelayMs: 10 });
    const ids = await client.queryBatch([npm('lodash', '4.17.20')]);
    f.setFailure({ status: 500, count: 1 });
    const found = await client.getVulns(ids.flat());
    expect(found.size).toBe(1);
    expect(gets(f).map((r) => r.status)).toEqual([500, 200]);
  });

  it('gives up with OsvUnavailableError when the failure persists, after 1 + retries attempts', async () => {
    const f = await start({ failNext: { status: 500, count: 100 } });
    const client = new OsvOnlineClient({ baseUrl: f.url, retries: 2, maxRetryDelayMs: 10 });
    const error = await client.lookup([npm('lodash', '4.17.20')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OsvUnavailableError);
    expect((error as Error).message).toMatch(/HTTP 500/);
    expect((error as Error).message).toMatch(/3 attempts/);
    expect(f.requests).toHaveLength(3);
    expect(client.requestCount).toBe(3);
  });

  it('does not retry a 400, and says why', async () => {
    const f = await start();
    const client = new OsvOnlineClient({ baseUrl: f.url });
    const error = await client.queryBatch([npm('lodash', '')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OsvUnavailableError);
    expect((error as Error).message).toBe('OSV API answered HTTP 400 to POST /v1/querybatch: Invalid query.');
    expect(f.requests).toHaveLength(1);
  });

  it('stops the other detail fetches when one fails for good', async () => {
    const records = syntheticNpmRecords('many', 40);
    const f = await start({ records, delayMs: 20 });
    const client = new OsvOnlineClient({ baseUrl: f.url, concurrency: 4, retries: 0 });
    f.setFailure({ status: 503, count: 1 });
    await expect(client.getVulns(records.map((r) => r.id))).rejects.toBeInstanceOf(OsvUnavailableError);
    expect(gets(f).length).toBeLessThan(12);
  });

  it('reports an unreachable API', async () => {
    const f = await start();
    const url = f.url;
    await f.close();
    fake = undefined;
    const error = await new OsvOnlineClient({ baseUrl: url, retries: 1, maxRetryDelayMs: 10 }).lookup([npm('lodash', '4.17.20')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OsvUnavailableError);
    expect((error as Error).message).toMatch(/unreachable \(ECONNREFUSED\)/);
  });

  it('times out a slow answer', async () => {
    const f = await start({ delayMs: 500 });
    const error = await new OsvOnlineClient({ baseUrl: f.url, timeoutMs: 100, retries: 0 }).lookup([npm('lodash', '4.17.20')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OsvUnavailableError);
    expect((error as Error).message).toMatch(/no answer within 100 ms/);
  });

  it('passes the caller’s abort through as is', async () => {
    const f = await start({ delayMs: 300 });
    const controller = new AbortController();
    const pending = new OsvOnlineClient({ baseUrl: f.url }).lookup([npm('lodash', '4.17.20')], controller.signal);
    setTimeout(() => controller.abort(new Error('scan cancelled')), 50);
    await expect(pending).rejects.toThrow('scan cancelled');
    await expect(new OsvOnlineClient({ baseUrl: f.url }).lookup([npm('x', '1.0.0')], AbortSignal.abort())).rejects.not.toBeInstanceOf(OsvUnavailableError);
  });

  it('rejects a results list whose length does not match the queries', async () => {
    const url = await startRaw(() => ({ status: 200, body: JSON.stringify({ results: [{}] }) }));
    const error = await new OsvOnlineClient({ baseUrl: url }).queryBatch([npm('a', '1.0.0'), npm('b', '1.0.0')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OsvUnavailableError);
    expect((error as Error).message).toMatch(/1 results for 2 queries/);
  });

  it('rejects malformed JSON with a short excerpt only', async () => {
    const url = await startRaw(() => ({ status: 200, body: `<html>${'x'.repeat(10_000)}</html>` }));
    const error = await new OsvOnlineClient({ baseUrl: url }).queryBatch([npm('a', '1.0.0')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OsvUnavailableError);
    expect((error as Error).message).toMatch(/malformed JSON/);
    expect((error as Error).message.length).toBeLessThan(400);
  });

  it('rejects an answer that is not a results list, and a record that is not a record', async () => {
    const url = await startRaw((body) => ({ status: 200, body: body === '' ? '[1, 2]' : '{"vulns": []}' }));
    const client = new OsvOnlineClient({ baseUrl: url });
    await expect(client.queryBatch([npm('a', '1.0.0')])).rejects.toThrow(/no results list/);
    await expect(client.getVulns(['GHSA-x'])).rejects.toThrow(/not an OSV record/);
  });

  it('refuses an oversized record', async () => {
    const url = await startRaw(() => ({ status: 200, body: JSON.stringify({ id: 'BIG', modified: 'x', details: 'x'.repeat(5 * 1024 * 1024) }) }));
    await expect(new OsvOnlineClient({ baseUrl: url }).getVulns(['BIG'])).rejects.toThrow(/larger than/);
  });

  it('sends the user agent and JSON headers', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    extraServer = createServer((req, res) => {
      seen = req.headers;
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[{}]}'));
    });
    await new Promise<void>((resolve) => extraServer!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(extraServer.address() as AddressInfo).port}/`;
    await new OsvOnlineClient({ baseUrl: url, userAgent: 'vigil/0.1 (+ops@example.test)' }).queryBatch([npm('a', '1.0.0')]);
    expect(seen['user-agent']).toBe('vigil/0.1 (+ops@example.test)');
    expect(seen['content-type']).toBe('application/json');
  });
});

describe('request counting', () => {
  it('counts every HTTP request, retries included, matching the fake’s log', async () => {
    const f = await start({ failNext: { status: 503, count: 1, retryAfter: 0 } });
    const client = new OsvOnlineClient({ baseUrl: f.url });
    await client.lookup([npm('lodash', '4.17.20'), npm('semver', '6.0.0'), npm('ip', '1.1.8'), { ecosystem: 'Go', name: 'stdlib', version: '1.22.1' }]);
    expect(client.requestCount).toBe(f.requests.length);
    expect(client.requestCount).toBe(2 + 4); // 503 + batch, four records
  });
});

describe('createVulnCache', () => {
  const rec = (id: string): OsvVulnerability => ({ id, modified: '2024-01-01T00:00:00Z' });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = createVulnCache(2);
    cache.set('a', rec('a'));
    cache.set('b', rec('b'));
    expect(cache.get('a')?.id).toBe('a');
    cache.set('c', rec('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.id).toBe('a');
    expect(cache.get('c')?.id).toBe('c');
  });

  it('forgets entries older than the TTL', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    const cache = createVulnCache(10, 1000);
    cache.set('a', rec('a'));
    vi.setSystemTime(new Date('2025-01-01T00:00:00.999Z'));
    expect(cache.get('a')?.id).toBe('a');
    vi.setSystemTime(new Date('2025-01-01T00:00:01.000Z'));
    expect(cache.get('a')).toBeUndefined();
  });
});
