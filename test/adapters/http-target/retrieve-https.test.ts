/**
 * https targets cannot be served from a loopback fake without certificates, so these
 * tests inject the client: a function with safeFetch's contract answering from a table.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import type { SafeFetchOptions, SafeResponse } from '../../../src/adapters/net/index.js';
import { retrieve } from '../../../src/adapters/http-target/retrieve.js';
import { scanRetrieved } from '../../../src/scanners/http/scanner.js';

interface Call {
  readonly url: string;
  readonly options: SafeFetchOptions;
}

type Answer = (call: Call) => Partial<SafeResponse> | AppError;

function fakeFetch(answer: Answer) {
  const calls: Call[] = [];
  const fetch = (url: string, options: SafeFetchOptions = {}): Promise<SafeResponse> => {
    calls.push({ url, options });
    const result = answer({ url, options });
    if (result instanceof AppError) return Promise.reject(result);
    return Promise.resolve({ url, status: 200, headers: {}, body: Buffer.alloc(0), truncated: false, redirects: [], address: '192.0.2.10', ...result });
  };
  return { fetch, calls };
}

const HSTS = { 'strict-transport-security': ['max-age=63072000; includeSubDomains'] };

describe('retrieve for an https target', () => {
  it('asks the http:// variant without following redirects and accepts a redirect to https', async () => {
    const { fetch, calls } = fakeFetch(({ url }) =>
      url.startsWith('http:') ? { status: 301, headers: { location: ['https://api.example.com/'] } } : { headers: HSTS },
    );
    const r = await retrieve('https://api.example.com/', { fetch });
    const variant = calls.find((c) => c.url === 'http://api.example.com/');
    expect(variant?.options.maxRedirects).toBe(0);
    expect(r.httpVariant?.followed).toBeUndefined();
    expect(scanRetrieved(r).map((f) => f.raw.ruleId)).not.toContain('https-enforcement');
    // main + http variant + 14 origins + 2 preflights (nothing trusted: no further preflight)
    expect(r.requestCount).toBe(18);
    expect(calls).toHaveLength(18);
  });

  it('reports an http variant that serves the API', async () => {
    const { fetch } = fakeFetch(() => ({ headers: { 'content-type': ['application/json'], ...HSTS } }));
    const findings = scanRetrieved(await retrieve('https://api.example.com/', { fetch }));
    const finding = findings.find((f) => f.raw.ruleId === 'https-enforcement');
    expect(finding?.raw.fingerprintMaterial).toBe('https-enforcement:http-serves-content');
    expect(finding?.url).toBe('http://api.example.com/');
  });

  it('follows an http-to-http redirect once to see where it ends', async () => {
    const { fetch, calls } = fakeFetch(({ url, options }) => {
      if (url.startsWith('https:')) return { headers: HSTS };
      if (options.maxRedirects === 0) return { status: 301, headers: { location: ['http://www.example.com/'] } };
      return { url: 'https://www.example.com/', redirects: [{ url, status: 301, location: 'http://www.example.com/' }] };
    });
    const r = await retrieve('https://api.example.com/', { fetch });
    expect(calls.filter((c) => c.url === 'http://api.example.com/').map((c) => c.options.maxRedirects)).toEqual([0, undefined]);
    expect(scanRetrieved(r).map((f) => f.raw.fingerprintMaterial)).toContain('https-enforcement:indirect-redirect');
    // main + 2 variant requests (one with a redirect hop) + 16 probes
    expect(r.requestCount).toBe(20);
  });

  it('treats a closed port 80 as enforcement and skips the variant on non-default ports', async () => {
    const refused = fakeFetch(({ url }) => (url.startsWith('http:') ? new AppError('bad_request', 'Could not reach target URL: connection refused') : { headers: HSTS }));
    const r = await retrieve('https://api.example.com/', { fetch: refused.fetch });
    expect(r.httpVariant?.first.ok).toBe(false);
    expect(scanRetrieved(r).map((f) => f.raw.ruleId)).not.toContain('https-enforcement');
    const custom = fakeFetch(() => ({ headers: HSTS }));
    const r2 = await retrieve('https://api.example.com:8443/', { fetch: custom.fetch });
    expect(r2.httpVariant).toBeNull();
    expect(custom.calls.some((c) => c.url.startsWith('http:'))).toBe(false);
  });

  it('sends the plain-http origin of the host and reports it when trusted', async () => {
    const { fetch, calls } = fakeFetch(({ url, options }) => {
      const origin = options.headers?.origin;
      if (url.startsWith('http:')) return new AppError('bad_request', 'Could not reach target URL: connection refused');
      if (origin === 'http://api.example.com') return { headers: { 'access-control-allow-origin': [origin], 'access-control-allow-credentials': ['true'], vary: ['Origin'] } };
      return { headers: HSTS };
    });
    const findings = scanRetrieved(await retrieve('https://api.example.com/', { fetch }));
    expect(calls.map((c) => c.options.headers?.origin)).toContain('https://vigil-probe.example.com');
    const finding = findings.find((f) => f.raw.ruleId === 'cors-insecure-origin');
    expect(finding?.raw.severity).toBe('MEDIUM');
    expect(finding?.raw.evidence.split('\n')[0]).toBe('Origin: http://api.example.com (sent with GET)');
  });

  it('rethrows our own failures instead of recording them', async () => {
    const { fetch } = fakeFetch(({ options }) => (options.method === 'OPTIONS' ? new AppError('internal', 'Scan failed: bug') : { headers: HSTS }));
    await expect(retrieve('https://api.example.com/', { fetch })).rejects.toThrow('Scan failed: bug');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(({ options }) => {
      if (options.headers?.origin !== undefined) controller.abort(new Error('client went away'));
      return { headers: HSTS };
    });
    await expect(retrieve('https://api.example.com/', { fetch, signal: controller.signal })).rejects.toThrow('client went away');
  });
});
