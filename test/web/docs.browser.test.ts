import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { launchChromium } from './browser.js';

/** Installed before any page script: every CSP violation the page reports, as "directive blocked-uri". */
const RECORD_CSP_VIOLATIONS = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`;

interface Visit {
  readonly page: Page;
  /** Requests for anywhere but the service, aborted before they leave the browser. */
  readonly elsewhere: string[];
  /** Console errors and page errors. */
  readonly problems: string[];
}

describe('API documentation pages in Chromium (the real service)', () => {
  let ts: TestStorage;
  let t: TestApp;
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(RECORD_CSP_VIOLATIONS);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
    await ts?.cleanup();
  });

  async function visit(path: string): Promise<Visit> {
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const problems: string[] = [];
    // Every request passes through here; none may go anywhere but the service on 127.0.0.1.
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort('blockedbyclient');
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    return { page, elsewhere, problems };
  }

  it('/redoc renders the API reference from this service alone, with no CSP violation', async () => {
    const { page, elsewhere, problems } = await visit('/redoc');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/^Vigil API/);
    // A section rendered from the document proves the spec was read.
    await expect.poll(() => page.getByText('POST/v1/explain').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
    expect(await page.evaluate('window.__cspViolations')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('/docs (Swagger UI) renders from this service alone, with no CSP violation', async () => {
    const { page, elsewhere, problems } = await visit('/docs');
    await expect.poll(() => page.locator('.swagger-ui .info .title').textContent()).toMatch(/^Vigil API/);
    await expect.poll(() => page.locator('.opblock-summary-path', { hasText: '/v1/explain' }).count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
    expect(await page.evaluate('window.__cspViolations')).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
