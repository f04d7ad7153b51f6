import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_BUILT_DETAIL } from '../../src/http/plugins/dashboard.js';
import { DASHBOARD_CSP, DOCS_CSP } from '../../src/http/plugins/security-headers.js';
import { loadWebBundle } from '../../src/http/dashboard/bundle.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const API_CSP_START = "default-src 'none'";
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd.js"></script></head><body><div id="app"></div></body></html>';
// Long enough to be compressed.
const SCRIPT = `console.log("dashboard");\n${'export const filler = "abcdefghijklmnopqrstuvwxyz";\n'.repeat(60)}`;
const STYLE = 'body { color: #111; }\n';
const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>';

async function fixtureBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), INDEX);
  await writeFile(join(dir, 'assets', 'index-Ab12Cd.js'), SCRIPT);
  await writeFile(join(dir, 'assets', 'index-Ef34Gh.css'), STYLE);
  await writeFile(join(dir, 'favicon.svg'), ICON);
  return dir;
}

/**
 * Reads a one-image ICO of a 32-bit bitmap (the layout the ICO format documents:
 * ICONDIR, ICONDIRENTRY, BITMAPINFOHEADER, BGRA rows bottom-up, AND mask).
 */
function readIco(file: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  expect([file.readUInt16LE(0), file.readUInt16LE(2), file.readUInt16LE(4)]).toEqual([0, 1, 1]);
  const width = file.readUInt8(6) || 256;
  const height = file.readUInt8(7) || 256;
  const size = file.readUInt32LE(14);
  const offset = file.readUInt32LE(18);
  expect(offset + size).toBe(file.length);
  expect(file.readUInt32LE(offset)).toBe(40);
  expect([file.readInt32LE(offset + 4), file.readInt32LE(offset + 8), file.readUInt16LE(offset + 14)]).toEqual([width, height * 2, 32]);
  const pixels = offset + 40;
  return {
    width,
    height,
    pixel: (x, y) => {
      const at = pixels + ((height - 1 - y) * width + x) * 4;
      return [file[at + 2] ?? -1, file[at + 1] ?? -1, file[at] ?? -1, file[at + 3] ?? -1];
    },
  };
}

const PAGES = ['/', '/signin', '/welcome', '/scans', '/scans/abc123DEF', '/settings'];

describe('dashboard serving (built)', () => {
  let ts: TestStorage;
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = await fixtureBuild();
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, { webDir });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
    await rm(webDir, { recursive: true, force: true });
  });

  it.each(PAGES)('answers index.html at %s, never cached, under the dashboard CSP', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('answers a page query string (the GitHub sign-in error) with index.html too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signin?error=state' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('answers 304 when the client has the same version, and HEAD without a body', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/scans' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves hashed assets with their content type and a year-long immutable cache', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(js.body).toBe(SCRIPT);
    const css = await t.app.inject({ method: 'GET', url: '/assets/index-Ef34Gh.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(STYLE);
  });

  it('sends gzip to clients that accept it, with its own ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    const zipped = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(SCRIPT);
    const refused = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
  });

  it('serves top-level build files by name, revalidated by ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    expect(res.body).toBe(ICON);
  });

  it('answers /favicon.ico with a 32×32 icon of the shield, revalidated by ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    const icon = readIco(res.rawPayload);
    expect([icon.width, icon.height]).toEqual([32, 32]);
    expect(icon.pixel(0, 0)).toEqual([0, 0, 0, 0]); // outside the shield: transparent
    expect(icon.pixel(16, 9)).toEqual([0x1d, 0x4e, 0xd8, 255]); // the shield's blue
    expect(icon.pixel(14, 18)).toEqual([255, 255, 255, 255]); // the check mark
    const again = await t.app.inject({ method: 'GET', url: '/favicon.ico', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 {detail} as JSON, under the API headers, for an unknown asset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<{ detail: string }>().detail).toBe('No dashboard asset at /assets/missing.js');
    expect(res.headers['content-security-policy']).toMatch(new RegExp(`^${API_CSP_START}`));
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers only files of the build for dotted or encoded asset paths', async () => {
    for (const url of ['/assets/%2e%2e/index.html', '/assets/..%2findex.html', '/assets/%2E%2E%2F%2E%2E%2Fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('never answers the app for API paths or other unknown paths', async () => {
    const cases: [string, number][] = [
      ['/v1/account', 401],
      ['/v1/unknown', 404],
      ['/auth/anything', 404],
      ['/healthz', 404],
      ['/scans/a/b', 404],
      ['/index.html', 404],
      ['/unknown-page', 404],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toMatch(new RegExp(`^${API_CSP_START}`));
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves the health check, the OpenAPI document and the docs pages as they were', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json<{ status: string }>().status).toBeDefined();
    expect(health.headers['content-security-policy']).toMatch(new RegExp(`^${API_CSP_START}`));
    const spec = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths.filter((p) => !p.startsWith('/v1/') && p !== '/health' && !p.startsWith('/auth'))).toEqual([]);
    const redoc = await t.app.inject({ method: 'GET', url: '/redoc' });
    expect(redoc.headers['content-security-policy']).toBe(DOCS_CSP);
  });
});

describe('dashboard serving (not built)', () => {
  let ts: TestStorage;
  let emptyDir: string;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    emptyDir = await mkdtemp(join(tmpdir(), 'vigil-web-empty-'));
  });
  afterAll(async () => {
    await ts.cleanup();
    await rm(emptyDir, { recursive: true, force: true });
  });

  it.each([
    ['a folder without index.html', true],
    ['no folder given', false],
  ])('answers 503 {detail} at the dashboard paths with %s, and the API still works', async (_name, withDir) => {
    const t = await createTestApp(ts, withDir ? { webDir: emptyDir } : {});
    try {
      for (const url of ['/', '/signin', '/scans/abc', '/assets/index.js']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json<{ detail: string }>().detail).toBe(NOT_BUILT_DETAIL);
        expect(res.headers['content-security-policy']).toMatch(new RegExp(`^${API_CSP_START}`));
      }
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      const icon = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/x-icon');
    } finally {
      await t.close();
    }
  });
});

describe('loadWebBundle', () => {
  it('skips symbolic links, so nothing outside the build folder is read', async () => {
    const dir = await fixtureBuild();
    const outside = await mkdtemp(join(tmpdir(), 'vigil-outside-'));
    try {
      await writeFile(join(outside, 'secret.txt'), 'not part of the build');
      await symlink(join(outside, 'secret.txt'), join(dir, 'assets', 'linked.txt'));
      const bundle = await loadWebBundle(dir);
      expect([...(bundle?.files.keys() ?? [])].sort()).toEqual(['/assets/index-Ab12Cd.js', '/assets/index-Ef34Gh.css', '/favicon.svg']);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('refuses a folder with more files or bytes than a dashboard build has', async () => {
    const dir = await fixtureBuild();
    try {
      await expect(loadWebBundle(dir, { maxFiles: 2, maxTotalBytes: 1_000_000 })).rejects.toThrow(/more than 2 files/);
      await expect(loadWebBundle(dir, { maxFiles: 100, maxTotalBytes: 100 })).rejects.toThrow(/more than 100 bytes/);
      await expect(loadWebBundle(dir, { maxFiles: 100, maxTotalBytes: 1_000_000 })).resolves.toBeDefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
