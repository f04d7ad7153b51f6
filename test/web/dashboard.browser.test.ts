import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadWebBundle } from '../../src/http/dashboard/bundle.js';
import { buildDashboard, launchChromium } from './browser.js';
import { contrastAudit, UNLABELLED_CONTROLS } from './contrast.js';
import { createStubService, STUB_COMMIT, STUB_CSRF, STUB_KEY, STUB_TOKEN, STUB_WEBHOOK_SECRET, type StubService } from './stub-service.js';

/** Installed before any page script: every CSP violation the page reports, as "directive blocked-uri". */
const RECORD_CSP_VIOLATIONS = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));`;

const SERVICE_ERROR_MESSAGE = 'The AI engine is at capacity; retry the request.';

describe('dashboard in Chromium (built with vite, served by the dashboard plugin, stubbed API)', () => {
  let outDir: string;
  let stub: StubService;
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  /** Requests the page made to anywhere but the stub's origin. */
  let elsewhere: string[];

  beforeAll(async () => {
    outDir = await buildDashboard();
    const bundle = await loadWebBundle(outDir);
    if (bundle === undefined) throw new Error('vite build produced no index.html');
    stub = await createStubService({ bundle, explainFailsWith: SERVICE_ERROR_MESSAGE });
    await stub.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(stub.app.server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stub?.app.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    stub.setKeyPending(false);
    stub.setPlan('free');
    stub.scanBodies.length = 0;
    context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    await context.addInitScript(RECORD_CSP_VIOLATIONS);
    page = await context.newPage();
    problems = [];
    elsewhere = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${origin}/`)) elsewhere.push(request.url());
    });
    // CSP violations and script errors show up as console errors or page errors.
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 40[0-9]/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterEach(async () => {
    await context.close();
  });

  // Browser-side expressions are strings: this file is type-checked for Node, without the DOM library.
  const FOCUSED_TEXT = `(() => {
    const el = document.activeElement;
    if (el === null) return '';
    const label = el.id ? document.querySelector('label[for="' + el.id + '"]') : null;
    return ((label ?? el).textContent ?? '').trim();
  })()`;

  function focusedText(): Promise<string> {
    return page.evaluate<string>(FOCUSED_TEXT);
  }

  it('renders the sign-in page and works with the keyboard alone', async () => {
    await page.goto(`${origin}/signin`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to Vigil');
    expect(await page.getByRole('link', { name: 'Sign in with GitHub' }).getAttribute('href')).toBe('/auth/github');

    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Skip to content');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Vigil');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Email address');
    await page.keyboard.type('dev@example.test');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Email me a sign-in link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Check your mail' }).isVisible()).toBe(true);
    // A focus indicator is drawn on the focused control.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate<string>('getComputedStyle(document.activeElement).outlineStyle');
    expect(outline).toBe('solid');
    expect(problems).toEqual([]);
  });

  it('shows the reason from ?error= on the sign-in page', async () => {
    await page.goto(`${origin}/signin?error=email`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'verified' }).count()).toBe(1);
  });

  it('signs in through the mailed link, removes the token from the address bar and shows the key once', async () => {
    stub.setKeyPending(true);
    await page.goto(`${origin}/signin#token=${STUB_TOKEN}`);
    await page.waitForURL(`${origin}/welcome`);
    expect(page.url()).not.toContain(STUB_TOKEN);
    const key = page.getByTestId('api-key');
    await expect.poll(() => key.textContent()).toBe(STUB_KEY);
    expect(await page.getByText('This key will not be shown again').isVisible()).toBe(true);
    expect(stub.writes.find((w) => w.url === '/auth/first-key')?.csrf).toBe(STUB_CSRF);

    await page.getByRole('button', { name: 'I have stored the key' }).click();
    await page.waitForURL(`${origin}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview');
    expect(await page.content()).not.toContain(STUB_KEY);

    // The link's address was replaced, not kept: back goes to the welcome page, then to where the tab started.
    await page.goBack();
    expect(page.url()).toBe(`${origin}/welcome`);
    await expect.poll(() => page.getByText('already issued').count()).toBe(1);
    expect(await page.content()).not.toContain(STUB_KEY);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    expect(problems).toEqual([]);
  });

  it('opens a finding from the keyboard, streams an explanation and shows [SERVICE_ERROR] as an error; Esc closes and returns focus', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans/scan0001`);
    const rows = page.locator('table.table--findings tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().locator('.badge').textContent()).toBe('CRITICAL');

    const opener = page.getByRole('button', { name: 'AWS access key' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'AWS access key' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Open a fix pull request' }).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Repository').inputValue()).toBe('octo/demo');

    await dialog.getByRole('button', { name: 'Explain' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: SERVICE_ERROR_MESSAGE });
    await expect.poll(() => alert.count()).toBe(1);
    const output = dialog.getByLabel('Explanation', { exact: true });
    expect(await output.locator('p').allTextContents()).toEqual(['The key grants access to your AWS account.']);
    expect(await dialog.textContent()).not.toContain('[SERVICE_ERROR]');
    expect(stub.writes.find((w) => w.url === '/v1/explain')?.csrf).toBe(STUB_CSRF);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focusedText()).toBe('AWS access key');
    expect(problems).toEqual([]);
  });

  it('renders a streamed suggested fix as Markdown while it arrives; raw HTML stays text, unsafe links lose their href, nothing runs', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans/scan0001`);
    await page.getByRole('button', { name: 'AWS access key' }).click();
    const dialog = page.getByRole('dialog', { name: 'AWS access key' });
    await dialog.getByRole('button', { name: 'Suggest a fix' }).click();
    const output = dialog.getByLabel('Suggested fix', { exact: true });

    // The first part is formatted while the stub still holds the rest.
    await expect.poll(() => output.locator('h4').allTextContents()).toEqual(['Summary']);
    expect(await output.locator('ul > li').allTextContents()).toEqual(['remove it from config/prod.env', 'read it from the environment']);
    expect(await output.locator('li > code').textContent()).toBe('config/prod.env');
    expect(await dialog.getByText('Suggested fix: receiving…').isVisible()).toBe(true);
    expect(await output.locator('pre').count()).toBe(0);

    stub.releaseFixes();
    await dialog.getByText('Suggested fix: complete').waitFor();
    expect(await output.locator('h4').allTextContents()).toEqual(['Summary', 'Fix']);
    expect(await output.locator('pre > code').textContent()).toBe('-AWS_KEY=<redacted>\n+AWS_KEY=${AWS_KEY}\n');
    expect(await output.locator('ol > li').allTextContents()).toEqual(['Deploy the change.', 'Revoke the old key.']);
    const external = output.getByRole('link', { name: 'the AWS guide' });
    expect(await external.getAttribute('href')).toBe('https://docs.aws.example/rotate');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await external.getAttribute('target')).toBe('_blank');
    const internal = output.getByRole('link', { name: 'the docs' });
    expect(await internal.getAttribute('href')).toBe('/docs');
    expect(await internal.getAttribute('target')).toBeNull();

    // What the model wrote as HTML is on the page as text, and no element of it exists.
    const text = (await output.textContent()) ?? '';
    expect(text).toContain('<img src=x onerror="window.__vigilPwned = 1">');
    expect(text).toContain('<script>window.__vigilPwned = 2</script>');
    expect(text).toContain('<b onclick="window.__vigilPwned = 3">bold</b>');
    expect(await output.locator('img, script, b, iframe, [onerror], [onclick]').count()).toBe(0);
    // The javascript: link keeps its text but has nothing to follow; the image is its alt text.
    const unsafe = output.locator('a', { hasText: 'click me' });
    expect(await unsafe.getAttribute('href')).toBeNull();
    await unsafe.click();
    expect(text).toContain('tracker');
    expect(await page.evaluate('window.__vigilPwned')).toBeUndefined();
    expect(await page.evaluate('window.__cspViolations')).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows a Free account the plan-gated actions disabled, with the plans that include them, and sends nothing', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans`);
    const token = page.getByLabel('GitHub token (optional, private repositories)');
    await token.waitFor();
    expect(await token.isDisabled()).toBe(true);
    expect(await page.locator('#scan-token-help').textContent()).toBe('Private repositories need the Pro or Team plan; this account is on the Free plan. Public repositories need no token.');
    expect(await token.getAttribute('aria-describedby')).toBe('scan-token-help');

    await page.goto(`${origin}/scans/scan0001`);
    await page.getByRole('button', { name: 'AWS access key' }).click();
    const dialog = page.getByRole('dialog', { name: 'AWS access key' });
    const note = dialog.getByRole('note');
    await expect.poll(() => note.textContent()).toBe('Needs the Pro or Team plan; this account is on the Free plan.');
    expect(await dialog.getByLabel('Repository', { exact: true }).isDisabled()).toBe(true);
    expect(await dialog.getByLabel('GitHub token with write access (optional)').isDisabled()).toBe(true);
    const open = dialog.getByRole('button', { name: 'Open fix PR' });
    expect(await open.isDisabled()).toBe(true);
    // A submit that gets past the disabled button (here, the form's own requestSubmit) sends nothing either.
    await page.evaluate(`document.querySelector('dialog[open] form').requestSubmit()`);
    // Explain and Suggest a fix are not plan-gated.
    expect(await dialog.getByRole('button', { name: 'Explain' }).isEnabled()).toBe(true);
    expect(stub.writes.some((w) => w.url === '/v1/fix/pr')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('gives a Pro account the same actions enabled: the fix pull request opens', async () => {
    stub.setPlan('pro');
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans`);
    const token = page.getByLabel('GitHub token (optional, private repositories)');
    await token.waitFor();
    await expect.poll(() => token.isEnabled()).toBe(true);
    expect(await page.locator('#scan-token-help').textContent()).toBe('Used for this scan only; never stored.');

    await page.goto(`${origin}/scans/scan0001`);
    await page.getByRole('button', { name: 'AWS access key' }).click();
    const dialog = page.getByRole('dialog', { name: 'AWS access key' });
    const open = dialog.getByRole('button', { name: 'Open fix PR' });
    await expect.poll(() => open.isEnabled()).toBe(true);
    expect(await dialog.getByRole('note').count()).toBe(0);
    await open.click();
    const link = dialog.getByRole('link', { name: 'View the pull request' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://github.test/octo/demo/pull/7');
    expect(stub.writes.find((w) => w.url === '/v1/fix/pr')?.csrf).toBe(STUB_CSRF);
    expect(problems).toEqual([]);
  });

  it('shows an account upgraded while the page was open the action enabled once it opens the panel', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans/scan0001`);
    const opener = page.getByRole('button', { name: 'AWS access key' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'AWS access key' });
    await expect.poll(() => dialog.getByRole('note').count()).toBe(1);
    await page.keyboard.press('Escape');
    stub.setPlan('pro');
    await opener.click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Open fix PR' }).isEnabled()).toBe(true);
    expect(await dialog.getByRole('note').count()).toBe(0);
  });

  it('has a Rule column instead of a second copy of the category, and filters by rule', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans/scan0001`);
    const rows = page.locator('table.table--findings tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect((await page.locator('table.table--findings thead th').allTextContents()).map((t) => t.replace(/[▲▼]/g, '').trim())).toEqual(['Severity', 'Finding', 'Category', 'Rule', 'Location']);
    expect(await rows.locator('td.cell-rule').allTextContents()).toEqual(['sec-aaaaaa', 'sec-bbbbbb', 'dep-cccccc', 'code-dddddd']);
    await page.getByLabel('Rule', { exact: true }).selectOption('dep-cccccc');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.locator('th').textContent()).toBe('lodash: prototype pollution (CVE-2020-8203)');
    await page.getByRole('button', { name: 'Rule' }).click();
    expect(await page.getByRole('columnheader', { name: 'Rule' }).getAttribute('aria-sort')).toBe('ascending');
    // The scanner is in the finding panel.
    await page.getByRole('button', { name: 'lodash: prototype pollution (CVE-2020-8203)' }).click();
    // The panel opens after the click's render: wait for it rather than count once.
    await expect.poll(() => page.getByRole('dialog').locator('dt', { hasText: 'Scanner' }).count()).toBe(1);
  });

  it('scans a repository with progress, forgets the token once sent, and opens the result', async () => {
    stub.setPlan('pro');
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans`);
    await page.getByLabel('Repository', { exact: true }).fill('octo/demo');
    const token = page.getByLabel('GitHub token (optional, private repositories)');
    await token.fill(['gh', 'p_', 'not_a_real_token_for_the_form'].join(''));
    await page.getByRole('button', { name: 'Start scan' }).click();

    await expect.poll(() => page.getByText('Scanning files · 12 of 40 files (30%)').count()).toBe(1);
    expect(await token.inputValue()).toBe('');
    const sent = stub.writes.find((w) => w.url === '/v1/scan/github');
    expect(sent?.progressId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(sent?.csrf).toBe(STUB_CSRF);

    stub.releaseScans();
    await page.waitForURL(`${origin}/scans/scan0001`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('octo/demo');
    expect(problems).toEqual([]);
  });

  it('offers history and verification only to plans that include them, and sends what a Pro account chose', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans`);
    const history = page.getByLabel('Scan the git history for secrets');
    const verify = page.getByLabel('Check found secrets with their providers');
    await history.waitFor();
    expect(await history.isDisabled()).toBe(true);
    expect(await verify.isDisabled()).toBe(true);
    expect(await page.locator('#scan-history-help').textContent()).toBe('History scans need the Pro or Team plan; this account is on the Free plan.');
    expect(await page.locator('#scan-verify-help').textContent()).toBe('Verification needs the Pro or Team plan; this account is on the Free plan.');

    stub.setPlan('pro');
    await page.reload();
    await page.getByLabel('Repository', { exact: true }).fill('octo/demo');
    const cves = page.getByLabel('Check dependencies for known CVEs');
    await cves.check();
    await expect.poll(() => history.isEnabled()).toBe(true);
    await history.check();
    // Only the secrets rules run over the history, so the CVE check is switched off with it.
    expect(await cves.isDisabled()).toBe(true);
    expect(await cves.isChecked()).toBe(false);
    await page.getByLabel('Only commits after (optional: commit, branch or tag)').fill('v1.2.0');
    await verify.check();
    await page.getByRole('button', { name: 'Start scan' }).click();
    await expect.poll(() => stub.scanBodies.length).toBe(1);
    expect(stub.scanBodies[0]).toEqual({ url: '/v1/scan/github', body: { repository: 'octo/demo', check_cves: false, history: true, since: 'v1.2.0', verify: true } });
    stub.releaseScans();
    await page.waitForURL(`${origin}/scans/scan0001`);
    expect(problems).toEqual([]);
  });

  it('sends an API scan with its OpenAPI document and extra paths, leaving out blank lines', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans`);
    await page.getByRole('radio', { name: 'API base URL' }).check();
    await page.getByRole('textbox', { name: 'API base URL' }).fill('https://api.example.test');
    await page.getByLabel('OpenAPI document URL (optional)').fill('https://api.example.test/openapi.json');
    await page.getByLabel('More paths (optional, one per line)').fill(' /v1/users \n\n/v1/orders\n');
    await page.getByRole('button', { name: 'Start scan' }).click();
    await page.waitForURL(`${origin}/scans/scan0002`);
    expect(stub.scanBodies).toEqual([
      { url: '/v1/scan/api', body: { url: 'https://api.example.test', openapi_url: 'https://api.example.test/openapi.json', paths: ['/v1/users', '/v1/orders'] } },
    ]);
    expect(problems).toEqual([]);
  });

  it('shows where a history finding came from: live and unknown badges, the commit in the table, and a link to it in the panel', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans/scan0003`);
    const stripe = page.getByRole('row').filter({ hasText: 'Stripe secret key' });
    await stripe.waitFor();
    expect(await stripe.locator('.badge.verified--live').textContent()).toBe('live');
    expect(await stripe.locator('.cell-commit').textContent()).toBe(` @${STUB_COMMIT.slice(0, 8)}`);
    expect(await page.getByRole('row').filter({ hasText: 'Slack bot token' }).locator('.badge.verified--unknown').textContent()).toBe('unknown');
    expect(await page.evaluate<string[]>(contrastAudit('body'))).toEqual([]);

    await page.getByRole('button', { name: 'Stripe secret key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stripe secret key' });
    const link = dialog.getByRole('link', { name: STUB_COMMIT.slice(0, 12) });
    expect(await link.getAttribute('href')).toBe(`https://github.com/octo/demo/commit/${STUB_COMMIT}`);
    expect(await link.getAttribute('rel')).toBe('noreferrer noopener');
    const introduced = await dialog.locator('dt:text-is("Introduced in") + dd').textContent();
    expect(introduced).toBe(`${STUB_COMMIT.slice(0, 12)} on 2026-02-11 by Dev One (no longer in the latest commit: rotate it, deleting is not enough)`);
    expect(problems).toEqual([]);
  });

  it('shows a quota error with when it can be retried', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/scans`);
    await page.getByLabel('Repository', { exact: true }).fill('octo/limited');
    await page.getByRole('button', { name: 'Start scan' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Hourly limit of 10 scans' });
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.textContent()).toContain('You can retry in 20 min.');
  });

  it('rotates the key behind a confirmation and shows the new key once', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/settings`);
    const rotate = page.getByRole('button', { name: 'Rotate key' });
    await rotate.click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the API key?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focusedText()).toBe('Rotate key');
    expect(stub.writes.some((w) => w.url === '/v1/account/rotate-key')).toBe(false);

    await rotate.click();
    await dialog.getByRole('button', { name: 'Rotate now' }).click();
    await expect.poll(() => page.getByTestId('api-key').textContent()).toBe(`${STUB_KEY}-rotated`);
    expect(stub.writes.find((w) => w.url === '/v1/account/rotate-key')?.csrf).toBe(STUB_CSRF);
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(`${origin}/`);
    expect(await page.content()).not.toContain(STUB_KEY);
    expect(problems).toEqual([]);
  });

  it('registers a webhook, shows its secret once, reads its delivery log and deletes it', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.goto(`${origin}/settings`);
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByLabel('Webhook URL').fill('https://ci.example.test/vigil');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => page.locator('#webhook-secret').textContent()).toBe(STUB_WEBHOOK_SECRET);
    expect(stub.writes.find((w) => w.url === '/v1/webhooks')?.csrf).toBe(STUB_CSRF);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.locator('#webhook-secret').count()).toBe(0);

    await page.getByRole('button', { name: 'Deliveries' }).click();
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain('scan.failed');
    expect(await rows.nth(1).textContent()).toContain('HTTP 503');
    expect(await rows.nth(2).getByRole('link', { name: 'scan0001' }).getAttribute('href')).toBe('/scans/scan0001');
    expect(await page.evaluate<string[]>(contrastAudit('body'))).toEqual([]);

    await page.getByRole('button', { name: 'Delete webhook https://ci.example.test/vigil' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    expect(stub.writes.some((w) => w.method === 'DELETE' && w.url === '/v1/webhooks/wh1')).toBe(true);
    expect(problems).toEqual([]);
  });

  it('keeps every visible text at 4.5:1 contrast or more and every control labelled, on each page', async () => {
    await page.goto(`${origin}/signin?error=state`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate<string[]>(contrastAudit('body'))).toEqual([]);
    expect(await page.evaluate<string[]>(UNLABELLED_CONTROLS)).toEqual([]);
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    for (const path of ['/', '/scans', '/scans/scan0001', '/settings']) {
      await page.goto(`${origin}${path}`);
      await page.locator('main h2').first().waitFor();
      expect(await page.evaluate<string[]>(contrastAudit('body')), path).toEqual([]);
      expect(await page.evaluate<string[]>(UNLABELLED_CONTROLS), path).toEqual([]);
    }
    await page.goto(`${origin}/scans/scan0001`);
    await page.getByRole('button', { name: 'AWS access key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Explain' }).click();
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'capacity' }).waitFor();
    expect(await page.evaluate<string[]>(contrastAudit('dialog[open]'))).toEqual([]);
    expect(await page.evaluate<string[]>(UNLABELLED_CONTROLS)).toEqual([]);
  });

  it('collapses the navigation behind a menu button at 360 px', async () => {
    await context.addCookies([{ name: 'vigil_session', value: 'stub-session', url: origin }]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${origin}/scans`);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Settings' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
  });
});
