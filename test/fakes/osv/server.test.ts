import { afterEach, describe, expect, it } from 'vitest';
import { loadOsvRecords, startFakeOsv, syntheticNpmRecords, type FakeOsv } from './index.js';

let fake: FakeOsv | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const q = (ecosystem: string, name: string, version: string, page_token?: string) => ({ package: { ecosystem, name }, version, ...(page_token ? { page_token } : {}) });

describe('fake OSV: querybatch errors', () => {
  it('refuses more than 1000 queries with the API error shape', async () => {
    fake = await startFakeOsv({ records: loadOsvRecords() });
    const queries = Array.from({ length: 1001 }, (_, i) => q('npm', `p${i}`, '1.0.0'));
    const res = await post(`${fake.url}/v1/querybatch`, { queries });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 3, message: 'Too many queries.' });
    const ok = await post(`${fake.url}/v1/querybatch`, { queries: queries.slice(0, 1000) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { results: unknown[] }).results).toHaveLength(1000);
  });

  it('refuses a body that is not JSON', async () => {
    fake = await startFakeOsv({ records: [] });
    const res = await post(`${fake.url}/v1/querybatch`, '{"queries": [');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; message: string };
    expect(body.code).toBe(3);
    expect(body.message).toMatch(/JSON/);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/querybatch', body: '{"queries": [', status: 400 });
  });

  it.each([
    ['an empty version', { package: { ecosystem: 'npm', name: 'lodash' }, version: '' }],
    ['no package', { version: '1.0.0' }],
    ['no ecosystem', { package: { name: 'lodash' }, version: '1.0.0' }],
    ['empty name', { package: { ecosystem: 'npm', name: '' }, version: '1.0.0' }],
  ])('refuses a query with %s', async (_, query) => {
    fake = await startFakeOsv({ records: loadOsvRecords() });
    const res = await post(`${fake.url}/v1/querybatch`, { queries: [q('npm', 'lodash', '4.17.20'), query] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 3, message: 'Invalid query.' });
  });

  it('answers {} for a query with nothing to list, and {id, modified} only otherwise', async () => {
    fake = await startFakeOsv({ records: loadOsvRecords() });
    const res = await post(`${fake.url}/v1/querybatch`, { queries: [q('npm', 'lodash', '4.17.21'), q('npm', 'lodash', '4.17.20')] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ results: [{}, { vulns: [{ id: 'GHSA-35jh-r3h4-6jhm', modified: '2024-09-13T19:10:55.118Z' }] }] });
  });

  it('lists every record naming the package for a query without a version', async () => {
    const records = loadOsvRecords();
    fake = await startFakeOsv({ records });
    const res = await post(`${fake.url}/v1/querybatch`, { queries: [{ package: { ecosystem: 'npm', name: 'lodash' } }, q('npm', 'lodash', '4.17.21')] });
    expect(res.status).toBe(200);
    const naming = records.filter((r) => !r.withdrawn && r.affected?.some((a) => a.package?.ecosystem === 'npm' && a.package.name === 'lodash')).map((r) => r.id);
    expect(naming.length).toBeGreaterThan(0);
    const body = (await res.json()) as { results: { vulns?: { id: string }[] }[] };
    expect(body.results[0]?.vulns?.map((v) => v.id).sort()).toEqual(naming.sort());
    expect(body.results[1]).toEqual({});
  });

  it('answers an empty batch with an empty results list', async () => {
    fake = await startFakeOsv({ records: [] });
    const res = await post(`${fake.url}/v1/querybatch`, { queries: [] });
    expect(await res.json()).toEqual({ results: [] });
  });
});

describe('fake OSV: paging', () => {
  it('pages each query with next_page_token and continues it on page_token', async () => {
    fake = await startFakeOsv({ records: [...syntheticNpmRecords('big', 25), ...loadOsvRecords()], pageSize: 10 });
    const first = (await (await post(`${fake.url}/v1/querybatch`, { queries: [q('npm', 'big', '1.0.0'), q('npm', 'lodash', '4.17.20')] })).json()) as {
      results: { vulns?: { id: string }[]; next_page_token?: string }[];
    };
    expect(first.results[0]!.vulns).toHaveLength(10);
    expect(first.results[0]!.next_page_token).toEqual(expect.any(String));
    expect(first.results[1]).toEqual({ vulns: [{ id: 'GHSA-35jh-r3h4-6jhm', modified: expect.any(String) }] });

    const ids = first.results[0]!.vulns!.map((v) => v.id);
    let token = first.results[0]!.next_page_token;
    let pages = 1;
    while (token !== undefined) {
      const next = (await (await post(`${fake.url}/v1/querybatch`, { queries: [q('npm', 'big', '1.0.0', token)] })).json()) as typeof first;
      ids.push(...next.results[0]!.vulns!.map((v) => v.id));
      token = next.results[0]!.next_page_token;
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(25);
  });

  it('refuses a page token that belongs to another query', async () => {
    fake = await startFakeOsv({ records: syntheticNpmRecords('big', 5), pageSize: 2 });
    const first = (await (await post(`${fake.url}/v1/querybatch`, { queries: [q('npm', 'big', '1.0.0')] })).json()) as { results: { next_page_token: string }[] };
    const res = await post(`${fake.url}/v1/querybatch`, { queries: [q('npm', 'big', '2.0.0', first.results[0]!.next_page_token)] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: number }).code).toBe(3);
  });

  it('pages POST /v1/query with full records', async () => {
    fake = await startFakeOsv({ records: syntheticNpmRecords('big', 3), pageSize: 2 });
    const first = (await (await post(`${fake.url}/v1/query`, q('npm', 'big', '1.0.0'))).json()) as { vulns: { id: string; affected: unknown[] }[]; next_page_token: string };
    expect(first.vulns).toHaveLength(2);
    expect(first.vulns[0]!.affected).toHaveLength(1);
    const second = (await (await post(`${fake.url}/v1/query`, q('npm', 'big', '1.0.0', first.next_page_token))).json()) as Record<string, unknown>;
    expect(second).toEqual({ vulns: [expect.objectContaining({ id: 'GHSA-test-0002' })] });
    expect(await (await post(`${fake.url}/v1/query`, q('npm', 'big', '9.9.9'))).json()).toEqual({});
  });
});

describe('fake OSV: records and matching', () => {
  it('serves full records and 404s unknown ids', async () => {
    const records = loadOsvRecords();
    fake = await startFakeOsv({ records });
    const res = await fetch(`${fake.url}/v1/vulns/GHSA-f82v-jwr5-mffw`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(records.find((r) => r.id === 'GHSA-f82v-jwr5-mffw'));
    const missing = await fetch(`${fake.url}/v1/vulns/GHSA-0000-0000-0000`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 5, message: 'Bug not found.' });
    // Withdrawn records are still served by id.
    expect(((await (await fetch(`${fake.url}/v1/vulns/GHSA-w5p7-h5w8-2hfq`)).json()) as { withdrawn?: string }).withdrawn).toEqual(expect.any(String));
  });

  it('has a dozen fixtures across the ecosystems, with the shapes the tests rely on', () => {
    const records = loadOsvRecords();
    expect(records.length).toBeGreaterThanOrEqual(12);
    const ecosystems = new Set(records.flatMap((r) => (r.affected ?? []).map((a) => a.package?.ecosystem)));
    expect([...ecosystems].sort()).toEqual(['Go', 'Maven', 'NuGet', 'Packagist', 'PyPI', 'RubyGems', 'crates.io', 'npm']);
    const severityTypes = new Set(records.flatMap((r) => (r.severity ?? []).map((s) => s.type)));
    expect(severityTypes).toEqual(new Set(['CVSS_V3', 'CVSS_V4']));
    expect(records.some((r) => r.withdrawn)).toBe(true);
    expect(records.some((r) => r.affected?.some((a) => a.ranges?.some((g) => g.events.some((e) => e.last_affected !== undefined))))).toBe(true);
    expect(records.some((r) => r.affected?.some((a) => a.ranges?.some((g) => g.type === 'ECOSYSTEM')))).toBe(true);
    expect(records.some((r) => r.affected?.some((a) => a.versions !== undefined && a.ranges === undefined))).toBe(true);
    for (const r of records) expect(r.aliases === undefined || r.aliases.every((a) => /^(CVE|GHSA)-/.test(a))).toBe(true);
  });

  const cases: [string, string, string, string[]][] = [
    ['npm', 'lodash', '4.17.20', ['GHSA-35jh-r3h4-6jhm']],
    ['npm', 'lodash', '4.17.21', []],
    ['npm', 'lodash-es', '4.17.15', ['GHSA-35jh-r3h4-6jhm']],
    ['npm', 'lodash.template', '4.5.0', ['GHSA-35jh-r3h4-6jhm']],
    ['npm', 'semver', '7.5.1', ['GHSA-c2qf-rxjj-qqgw']],
    ['npm', 'semver', '7.5.2', []],
    ['npm', 'semver', '6.3.0', ['GHSA-c2qf-rxjj-qqgw']],
    ['npm', 'semver', '6.3.1', []],
    ['npm', 'semver', '5.7.1', ['GHSA-c2qf-rxjj-qqgw']],
    ['npm', 'ip', '2.0.1', ['GHSA-2p57-rm9w-gvfp']],
    ['npm', 'ip', '2.0.2', []],
    ['npm', 'next', '14.2.24', ['GHSA-f82v-jwr5-mffw']],
    ['npm', 'next', '14.2.25', []],
    ['npm', 'next', '12.0.0', ['GHSA-f82v-jwr5-mffw']],
    ['npm', 'next', '11.1.3', []],
    ['npm', 'next', '15.2.3-canary.1', ['GHSA-f82v-jwr5-mffw']], // a prerelease of the fix is still affected
    ['npm', 'next', '15.2.4-canary.0', []],
    ['npm', 'minimist', '1.2.5', []],
    ['PyPI', 'requests', '2.30.0', ['PYSEC-2023-74']],
    ['PyPI', 'Requests', '2.3.0', ['PYSEC-2023-74']],
    ['PyPI', 'requests', '2.31.0', []],
    ['PyPI', 'PyYAML', '3.13', ['PYSEC-2018-49']],
    ['PyPI', 'pyyaml', '5.1', []],
    ['Go', 'stdlib', '1.22.1', ['GO-2024-2687']],
    ['Go', 'stdlib', '1.22.0-rc.1', ['GO-2024-2687']],
    ['Go', 'stdlib', '1.21.9', []],
    ['Go', 'golang.org/x/net', 'v0.22.0', ['GO-2024-2687']],
    ['Go', 'golang.org/x/net', '0.23.0', []],
    ['crates.io', 'tokio', '1.13.0', ['RUSTSEC-2021-0124']],
    ['crates.io', 'tokio', '1.8.4', []],
    ['crates.io', 'tokio', '1.9.0', ['RUSTSEC-2021-0124']],
    ['crates.io', 'tokio', '0.1.13', []],
    ['RubyGems', 'rack', '2.2.8', ['GHSA-54rr-7fvw-6x8f']],
    ['RubyGems', 'rack', '2.2.8.1', []],
    ['RubyGems', 'rack', '2.0.9.3', ['GHSA-54rr-7fvw-6x8f']],
    ['RubyGems', 'rack', '3.1.0', []],
    ['Packagist', 'guzzlehttp/guzzle', '7.4.4', ['GHSA-25mq-v84q-4j7r']],
    ['Packagist', 'guzzlehttp/guzzle', '7.4.5', []],
    ['Packagist', 'guzzlehttp/guzzle', '6.5.7', ['GHSA-25mq-v84q-4j7r']],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.14.1', ['GHSA-jfh8-c2jp-5v3q']],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.15.0', []],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.12.2', []],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.0-beta9', ['GHSA-jfh8-c2jp-5v3q']],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.0-beta8', []],
    ['Maven', 'org.apache.logging.log4j:log4j-core', '2.3', ['GHSA-jfh8-c2jp-5v3q']],
    ['NuGet', 'system.text.encodings.web', '4.5.0', ['GHSA-ghhp-997w-qr28']],
    ['NuGet', 'System.Text.Encodings.Web', '4.5.1', []],
    ['NuGet', 'System.Text.Encodings.Web', '4.7.1', ['GHSA-ghhp-997w-qr28']],
  ];

  it('matches the fixtures by its own rules', async () => {
    fake = await startFakeOsv({ records: loadOsvRecords() });
    const res = await post(`${fake.url}/v1/querybatch`, { queries: cases.map(([e, n, v]) => q(e, n, v)) });
    const body = (await res.json()) as { results: { vulns?: { id: string }[] }[] };
    const got = body.results.map((r, i) => [...cases[i]!.slice(0, 3), (r.vulns ?? []).map((v) => v.id)]);
    expect(got).toEqual(cases);
  });
});

describe('fake OSV: failure injection', () => {
  it('fails the next requests with the status, Retry-After and error shape asked for', async () => {
    fake = await startFakeOsv({ records: loadOsvRecords(), failNext: { status: 503, count: 2, retryAfter: 3 } });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${fake.url}/v1/vulns/GHSA-35jh-r3h4-6jhm`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('3');
      expect(await res.json()).toEqual({ code: 14, message: expect.any(String) });
    }
    expect((await fetch(`${fake.url}/v1/vulns/GHSA-35jh-r3h4-6jhm`)).status).toBe(200);

    fake.setFailure({ status: 429, count: 1 });
    const limited = await post(`${fake.url}/v1/querybatch`, { queries: [] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(((await limited.json()) as { code: number }).code).toBe(8);
    fake.setFailure({ status: 500, count: 5 });
    fake.setFailure(undefined);
    expect((await post(`${fake.url}/v1/querybatch`, { queries: [] })).status).toBe(200);
    expect(fake.requests.map((r) => r.status)).toEqual([503, 503, 200, 429, 200]);
  });

  it('answers unknown routes with 404', async () => {
    fake = await startFakeOsv({ records: [] });
    const res = await fetch(`${fake.url}/v2/whatever`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(5);
  });
});
