/**
 * The API case suite (test/fixtures/api-cases): every case, over http and https with a
 * throw-away CA trusted through NODE_EXTRA_CA_CERTS in a child process, must yield exactly
 * the findings it names, within the request budget. Loopback only.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CASES } from '../../fixtures/api-cases/cases.js';
import { type CaseResult, runCasesInChild } from '../../fixtures/api-cases/run.js';
import { MAX_PROBED_PATHS, MAX_REQUESTS } from '../../../src/adapters/http-target/retrieve.js';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasOpenssl)('API case suite', () => {
  let results: CaseResult[] = [];
  beforeAll(async () => {
    results = await runCasesInChild();
  }, 300_000);

  it('has at least 60 cases and runs each on every transport it names', () => {
    expect(API_CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(API_CASES.map((c) => c.id)).size).toBe(API_CASES.length);
    expect(results).toHaveLength(API_CASES.reduce((n, c) => n + (c.transports?.length ?? 2), 0));
  });

  it('reports exactly the expected findings for every case', () => {
    const wrong = results.filter((r) => !r.agrees).map((r) => ({ id: r.id, transport: r.transport, expected: r.expected, reported: r.reported, error: r.error }));
    expect(wrong).toEqual([]);
  });

  it(`sends at most ${MAX_REQUESTS} requests per scan to the base URL, and at most 1 + ${MAX_PROBED_PATHS} more for the document and the paths`, () => {
    for (const r of results) {
      expect(r.baseRequests, `${r.id}/${r.transport}`).toBeLessThanOrEqual(MAX_REQUESTS);
      expect(r.requests - r.baseRequests, `${r.id}/${r.transport}`).toBeLessThanOrEqual(1 + MAX_PROBED_PATHS);
    }
    const plain = results.filter((r) => !r.id.startsWith('endpoint-'));
    for (const r of plain) expect(r.requests, `${r.id}/${r.transport}`).toBe(r.baseRequests);
  });

  it('fills path and query parameters with the document\'s examples and never requests a state-changing GET', () => {
    for (const transport of ['http', 'https'] as const) {
      const at = (id: string) => results.find((r) => r.id === id && r.transport === transport)?.requested ?? [];
      expect(at('endpoint-secured-object-open')).toContain('/v1/users/42');
      expect(at('endpoint-required-query')).toContain('/v1/search?q=ada');
      expect(at('endpoint-swagger2-yaml-open')).toEqual(expect.arrayContaining(['/swagger.yaml', '/api/orders']));
      expect(at('endpoint-state-change-skipped')).toContain('/v1/orders');
      expect(at('endpoint-state-change-skipped')).not.toContain('/v1/logout');
    }
  });

  it('names the declared security and the fields, never their values, in a data-without-credentials finding', () => {
    const result = results.find((r) => r.id === 'endpoint-secured-object-open' && r.transport === 'https');
    const description = result?.descriptions['unauthenticated-data:secured-object-open'] ?? '';
    expect(description).toMatch(/declares that GET \/v1\/users\/\{userId\} requires bearerAuth/);
    expect(description).not.toContain('ada@example.com');
  });

  it('folds a permissive preflight into the finding of the origin class', () => {
    const result = results.find((r) => r.id === 'cors-null-credentials-write' && r.transport === 'https');
    expect(result?.reported).toEqual(['cors-null-origin:null-credentials']);
    expect(result?.descriptions['cors-null-origin:null-credentials']).toMatch(/Its preflight \(OPTIONS with Origin null\) also allows the methods PUT and the request headers x-vigil-probe/);
  });

  it('titles a wildcard without credentials apart from a reflected origin', () => {
    const wildcard = results.find((r) => r.id === 'cors-wildcard' && r.transport === 'http');
    const reflected = results.find((r) => r.id === 'cors-reflect' && r.transport === 'http');
    expect(wildcard?.reported).toContain('cors-wildcard-origin:wildcard');
    expect(reflected?.reported).toContain('cors-origin-reflection:reflect');
    expect(wildcard?.reported).not.toContain('cors-origin-reflection:reflect');
  });
});
