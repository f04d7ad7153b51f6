/**
 * The API case suite (test/fixtures/api-cases): every case, over http and https with a
 * throw-away CA trusted through NODE_EXTRA_CA_CERTS in a child process, must yield exactly
 * the findings it names, within the request budget. Loopback only.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_CASES } from '../../fixtures/api-cases/cases.js';
import { type CaseResult, runCasesInChild } from '../../fixtures/api-cases/run.js';
import { MAX_REQUESTS } from '../../../src/scanners/http/retrieve.js';

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

  it(`sends at most ${MAX_REQUESTS} requests per scan`, () => {
    for (const r of results) expect(r.requests, `${r.id}/${r.transport}`).toBeLessThanOrEqual(MAX_REQUESTS);
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
