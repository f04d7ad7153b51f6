import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDOC_REMOTE_LOGO } from '../../src/http/plugins/docs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const run = promisify(execFile);

interface Operation {
  security?: Record<string, string[]>[];
  operationId?: string;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

describe('API documentation', () => {
  let ts: TestStorage;
  let t: TestApp;
  let spec: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts);
    spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  it('is OpenAPI 3.1 with the X-API-Key and session cookie schemes', () => {
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.components.securitySchemes.ApiKeyAuth).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }));
    expect(spec.components.securitySchemes.SessionCookie).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'vigil_session' }));
  });

  it('documents every route with an operation id, a JSON schema for every status, and its security', () => {
    expect(Object.keys(spec.paths).sort()).toEqual([
      '/auth/config',
      '/auth/email',
      '/auth/first-key',
      '/auth/github',
      '/auth/github/callback',
      '/auth/session',
      '/auth/signout',
      '/auth/verify',
      '/health',
      '/v1/account',
      '/v1/account/rotate-key',
      '/v1/explain',
      '/v1/fix',
      '/v1/fix/pr',
      '/v1/fix/pr/supported',
      '/v1/scan/api',
      '/v1/scan/github',
      '/v1/scans',
      '/v1/scans/progress/{progress_id}',
      '/v1/scans/{scan_id}',
      '/v1/scans/{scan_id}/sarif',
      '/v1/triage',
      '/v1/webhooks',
      '/v1/webhooks/{webhook_id}',
      '/v1/webhooks/{webhook_id}/deliveries',
    ]);
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(t.app.hasRoute({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') }), `${method} ${path} is served`).toBe(true);
        expect(op.operationId, `${method} ${path}`).toBeTruthy();
        const success = Object.keys(op.responses).filter((status) => status.startsWith('2') || status.startsWith('3'));
        // One success each; the scan endpoints also document 202 of their opt-in asynchronous form.
        const expected = method === 'post' && path.startsWith('/v1/scan/') ? 2 : 1;
        expect(success, `${method} ${path} documents its success`).toHaveLength(expected);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(response.description, `${method} ${path} ${status}`).toBeTruthy();
          // Redirects and 204 have no body; streaming AI answers are text/plain, SARIF is its own type; everything else, errors included, is JSON.
          if (status === '204' || status === '302') {
            expect(response.content, `${method} ${path} ${status}`).toBeUndefined();
            continue;
          }
          const type =
            status === '200' && ['/v1/explain', '/v1/fix', '/v1/triage'].includes(path)
              ? 'text/plain'
              : status === '200' && path.endsWith('/sarif')
                ? 'application/sarif+json'
                : 'application/json';
          expect(response.content?.[type]?.schema, `${method} ${path} ${status}`).toBeDefined();
        }
        if (path.startsWith('/v1/')) {
          expect(op.security).toEqual([{ ApiKeyAuth: [] }, { SessionCookie: [] }]);
          for (const status of ['401', '429', '500']) expect(Object.keys(op.responses)).toContain(status);
        } else if (['/auth/session', '/auth/signout', '/auth/first-key'].includes(path)) {
          expect(op.security).toEqual([{ SessionCookie: [] }]);
        } else {
          expect(op.security).toEqual([]);
        }
      }
    }
  });

  it('passes redocly lint without errors', async () => {
    const file = join(ts.dataDir, 'openapi.json');
    await writeFile(file, JSON.stringify(spec));
    const cli = join(process.cwd(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const { stdout, stderr } = await run(process.execPath, [cli, 'lint', file, '--format', 'json'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 10e6 });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number }; problems: { severity: string; message: string }[] };
    expect(report.problems.filter((p) => p.severity === 'error'), stderr).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it.each(['/docs', '/redoc'])('serves %s and every asset it references from this service', async (page) => {
    const res = await t.app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(1);
    for (const ref of refs) {
      expect(ref, 'no CDN or external asset').not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.inject({ method: 'GET', url: new URL(ref, `http://vigil.test${page}`).pathname });
      expect(asset.statusCode, ref).toBe(200);
      expect(asset.body.length).toBeGreaterThan(0);
    }
  });

  it('configures Swagger UI to load the spec locally and without the external validator badge', async () => {
    const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).not.toContain('validator.swagger.io');
    const redocInit = await t.app.inject({ method: 'GET', url: '/redoc/init.js' });
    expect(redocInit.body).toContain("'/openapi.json'");
  });

  it("serves ReDoc's bundle without the CDN logo of its sidebar credit (the browser test proves no request leaves)", async () => {
    const bundle = await t.app.inject({ method: 'GET', url: '/redoc/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).not.toContain(REDOC_REMOTE_LOGO);
    expect(bundle.body).toContain('API docs by Redocly');
    // The string replaced is the one the shipped bundle holds, so an upgrade that moves it fails here.
    const shipped = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    expect(shipped).toContain(`src:"${REDOC_REMOTE_LOGO}"`);
  });
});
