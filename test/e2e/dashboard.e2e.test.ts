import { readFile, rm } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TITLES } from '../../src/scanners/secrets/rule.js';
import { mailText } from '../helpers/app.js';
import { buildDashboard, launchChromium } from '../web/browser.js';
import { contrastAudit, UNLABELLED_CONTROLS } from '../web/contrast.js';
import { openScreens, type Screens } from './screens.js';
import { OWNER, PLANTED_AWS_KEY, REPO, startE2eService, WRITE_TOKEN, type E2eService } from './service.js';

/**
 * The dashboard against the real service: vite build, buildApp with that build, the fake GitHub
 * and a fake Anthropic API, driven in Debian's Chromium. One visitor's journey, step by step:
 * each step starts where the previous one left the page.
 */

const EMAIL = 'dana@example.test';
const WAIT = { timeout: 20_000, interval: 100 };

interface FindingBody {
  readonly id: string;
  readonly title: string;
  readonly severity: string;
  readonly category: string;
  readonly location: { readonly path?: string; readonly line?: number };
}

let outDir: string | undefined;
let service: E2eService;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let screens: Screens;
const problems: string[] = [];

let firstKey = '';
let newKey = '';
let findings: FindingBody[] = [];
let scanId = '';

beforeAll(async () => {
  browser = await launchChromium();
  outDir = await buildDashboard();
  service = await startE2eService(outDir);
  screens = await openScreens();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  // CSP violations and script errors show up as console or page errors; 40x answers are part of the journey.
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 40[0-9]/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await service?.close();
  await screens?.dispose();
  if (outDir !== undefined) await rm(outDir, { recursive: true, force: true });
});

const url = (path: string): string => `${service.origin}${path}`;

function v1(path: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url(path), { headers });
}

/**
 * Every page pictured is first checked: no planted key in it, every visible text at 4.5:1
 * contrast or more, every control labelled (with the real service's data, not a stub's).
 */
async function shot(name: string, options: { mask?: Locator[]; fullPage?: boolean } = {}): Promise<void> {
  expect(await page.content(), name).not.toContain(PLANTED_AWS_KEY);
  const scope = (await page.locator('dialog[open]').count()) > 0 ? 'dialog[open]' : 'body';
  expect(await page.evaluate<string[]>(contrastAudit(scope)), name).toEqual([]);
  expect(await page.evaluate<string[]>(UNLABELLED_CONTROLS), name).toEqual([]);
  await screens.take(page, name, options);
}

async function mailsTo(email: string): Promise<string[]> {
  return (await service.t.mails()).map(mailText).filter((m) => m.includes(`To: ${email}`));
}

const findingRows = (): Locator => page.locator('table.table--findings tbody tr');

describe('dashboard end to end (real service, fake GitHub and AI, Chromium)', () => {
  // Each step starts where the previous one left the page: after a failure the rest cannot run.
  let failedStep: string | undefined;
  beforeEach((ctx) => {
    if (failedStep !== undefined) ctx.skip();
  });
  afterEach((ctx) => {
    if (ctx.task.result?.state === 'fail') failedStep ??= ctx.task.name;
  });

  it('signs in with a mailed link and shows the first key once, with the "will not be shown again" message', async () => {
    await page.goto(url('/signin'));
    await page.getByRole('heading', { name: 'Sign in to Vigil' }).waitFor();
    await shot('01-signin');
    await page.getByLabel('Email address', { exact: true }).fill(EMAIL);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    await shot('02-signin-mail-sent');

    const link = /(\S+\/signin#token=[A-Za-z0-9_-]+)/.exec((await mailsTo(EMAIL)).join('\n'))?.[1];
    expect(link?.startsWith(`${service.origin}/signin#token=`), link).toBe(true);
    await page.goto(link ?? '');
    await page.waitForURL(url('/welcome'));
    const shown = page.getByTestId('api-key');
    await shown.waitFor();
    firstKey = ((await shown.textContent()) ?? '').trim();
    expect(firstKey).toMatch(/^vgl_/);
    expect(page.url()).not.toContain('token=');
    expect(await page.getByText('This key will not be shown again').isVisible()).toBe(true);
    await shot('03-welcome-key', { mask: [shown] });

    // The same key went out by mail.
    expect((await mailsTo(EMAIL)).some((m) => m.includes(firstKey))).toBe(true);
    await page.reload();
    await page.getByText('already issued').waitFor();
    expect(await page.getByTestId('api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(firstKey);
    expect(problems).toEqual([]);
  });

  it('the shown key works with a plain HTTP client; the new account is on the Free plan', async () => {
    const res = await v1('/v1/account', { 'x-api-key': firstKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: EMAIL, plan: 'free' });
  });

  it('scans the repository from the Scans page with progress and lands on the scan', async () => {
    // Fix pull requests need Pro: the administrator raises the plan (the CLI's path).
    await service.t.accounts.setPlan(EMAIL, 'pro');
    // Hold the archive download until the page has shown that stage.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    service.github.intercept('GET', new RegExp(`^/repos/${OWNER}/${REPO}/tarball`), () => held);

    await page.getByRole('link', { name: 'Scans' }).click();
    await page.waitForURL(url('/scans'));
    await page.getByLabel('Repository', { exact: true }).fill(`${OWNER}/${REPO}`);
    await page.getByRole('button', { name: 'Start scan' }).click();
    const progress = page.locator('.progress__line');
    await expect.poll(() => progress.textContent(), WAIT).toMatch(/^Downloading the repository · \d+:\d\d$/);
    expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await shot('04-scans-progress');
    release();

    await page.waitForURL(/\/scans\/[^/]+$/, WAIT);
    scanId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const stored = await v1(`/v1/scans/${encodeURIComponent(scanId)}`, { 'x-api-key': firstKey });
    expect(stored.status).toBe(200);
    findings = ((await stored.json()) as { findings: FindingBody[] }).findings;
    const titles = findings.map((f) => f.title);
    expect(titles).toContain(TITLES.awsAccessKey);
    expect(titles).toContain('OS command built from untrusted data');
    expect(titles).toContain('Untrusted input expanded into a script');

    await expect.poll(() => findingRows().count(), WAIT).toBe(findings.length);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(`${OWNER}/${REPO}`);
    await shot('05-scan-detail');
    expect(problems).toEqual([]);
  });

  it('summarises the findings by severity and category and filters and sorts the table', async () => {
    const bySeverity = await page.getByRole('img', { name: /^Findings by severity: / }).getAttribute('aria-label');
    const byCategory = await page.getByRole('img', { name: /^Findings by category: / }).getAttribute('aria-label');
    for (const severity of new Set(findings.map((f) => f.severity))) {
      expect(bySeverity).toContain(`${severity} ${findings.filter((f) => f.severity === severity).length}`);
    }
    for (const category of new Set(findings.map((f) => f.category))) {
      expect(byCategory).toContain(`${category.replace(/_/g, ' ')} ${findings.filter((f) => f.category === category).length}`);
    }

    const critical = findings.filter((f) => f.severity === 'CRITICAL');
    expect(critical.length).toBeGreaterThan(0);
    await page.getByLabel('Severity', { exact: true }).selectOption('CRITICAL');
    await expect.poll(() => findingRows().count(), WAIT).toBe(critical.length);
    expect(await findingRows().locator('.badge').allTextContents()).toEqual(critical.map(() => 'CRITICAL'));
    await page.getByLabel('Severity', { exact: true }).selectOption('');
    await expect.poll(() => findingRows().count(), WAIT).toBe(findings.length);

    await page.getByRole('button', { name: 'Location' }).click();
    expect(await page.getByRole('columnheader', { name: 'Location' }).getAttribute('aria-sort')).toBe('ascending');
    const shown = (await findingRows().locator('.cell-location').allTextContents()).map((s) => s.trim());
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    expect(shown).toEqual([...shown].sort((a, b) => collator.compare(a, b)));
    expect(shown.length).toBe(findings.length);
  });

  it('triages the whole scan as a streamed answer and exports it as SARIF with the session', async () => {
    service.ai.script({ pieces: ['1. Rotate the AWS key.', { text: '\n2. Run ping without a shell.', delayMs: 200 }] });
    await page.getByRole('button', { name: 'Triage this scan' }).click();
    await page.getByText('Triage plan: complete').waitFor(WAIT);
    // Rendered as Markdown: the numbered lines are an ordered list.
    expect(await page.getByLabel('Triage plan', { exact: true }).locator('ol > li').allTextContents()).toEqual(['Rotate the AWS key.', 'Run ping without a shell.']);
    const sent = JSON.stringify(service.ai.requests.at(-1)?.body);
    expect(sent).toContain('src/config.ts');
    expect(sent).not.toContain(PLANTED_AWS_KEY);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export SARIF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${scanId}.sarif`);
    const sarif = JSON.parse(await readFile(await download.path(), 'utf8')) as { version: string; runs: { results: { ruleId?: string }[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs.flatMap((r) => r.results)).toHaveLength(findings.length);
    expect(JSON.stringify(sarif)).not.toContain(PLANTED_AWS_KEY);
    expect(problems).toEqual([]);
  });

  it('opens the AWS key finding, streams an explanation from the AI as Markdown with its HTML shown as text, and shows no secret', async () => {
    service.ai.script({ pieces: ['Rotate ', 'the key', { text: ' <b>now</b>: it opens the AWS account.', delayMs: 2500 }] });
    await page.getByRole('button', { name: TITLES.awsAccessKey }).click();
    const dialog = page.getByRole('dialog', { name: TITLES.awsAccessKey });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Evidence (secret values are redacted)').textContent()).not.toContain(PLANTED_AWS_KEY);
    expect(await page.content()).not.toContain(PLANTED_AWS_KEY);

    await dialog.getByRole('button', { name: 'Explain' }).click();
    const output = dialog.getByLabel('Explanation', { exact: true });
    // The first pieces are on the page while the rest is still coming.
    await expect.poll(() => output.locator('p').textContent(), WAIT).toBe('Rotate the key');
    expect(await dialog.getByText('Explanation: receiving…').isVisible()).toBe(true);
    await expect.poll(() => output.locator('p').textContent(), WAIT).toBe('Rotate the key <b>now</b>: it opens the AWS account.');
    await dialog.getByText('Explanation: complete').waitFor();
    expect(await output.locator('b').count()).toBe(0);
    // The prompt the service sent carried no secret either.
    expect(JSON.stringify(service.ai.requests.at(-1)?.body)).not.toContain(PLANTED_AWS_KEY);
    await output.scrollIntoViewIfNeeded();
    await shot('06-finding-explain', { fullPage: false });
    expect(problems).toEqual([]);
  });

  it('opens a fix pull request: the link appears and the fake GitHub has the branch without the secret', async () => {
    const dialog = page.getByRole('dialog', { name: TITLES.awsAccessKey });
    expect(await dialog.getByLabel('Repository', { exact: true }).inputValue()).toBe(`${OWNER}/${REPO}`);
    const token = dialog.getByLabel('GitHub token with write access (optional)', { exact: true });
    await token.fill(WRITE_TOKEN);
    await dialog.getByRole('button', { name: 'Open fix PR' }).click();
    const link = dialog.getByRole('link', { name: 'View the pull request' });
    await link.waitFor(WAIT);
    expect(await token.inputValue()).toBe('');

    const pulls = await service.github.pulls(OWNER, REPO);
    expect(pulls).toHaveLength(1);
    const pull = pulls[0];
    expect(pull).toMatchObject({ base: 'main', state: 'open' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`/${OWNER}/${REPO}/pull/${pull?.number}$`));
    const aws = findings.find((f) => f.title === TITLES.awsAccessKey);
    expect(pull?.head).toBe(`vigil/fix-${aws?.id.toLowerCase()}`);
    const changed = (await service.github.readFile(OWNER, REPO, pull?.head ?? '', 'src/config.ts'))?.toString('utf8') ?? '';
    expect(changed).toContain('REDACTED_AWS_ACCESS_KEY');
    expect(changed).not.toContain(PLANTED_AWS_KEY);
    expect(await page.content()).not.toContain(WRITE_TOKEN);
    await link.scrollIntoViewIfNeeded();
    await shot('07-fix-pr', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows an AI failure in the middle of the answer as an error, not as text', async () => {
    service.ai.script({ pieces: ['Partial', ' answer'], end: { error: 'overloaded' } });
    await page.getByRole('button', { name: 'OS command built from untrusted data' }).click();
    const dialog = page.getByRole('dialog', { name: 'OS command built from untrusted data' });
    await dialog.getByRole('button', { name: 'Explain' }).click();
    await dialog.getByText('Explanation: failed').waitFor(WAIT);
    expect(await dialog.getByLabel('Explanation', { exact: true }).locator('p').allTextContents()).toEqual(['Partial answer']);
    const alert = dialog.getByRole('alert').filter({ hasText: /retry/i });
    expect(await alert.count()).toBe(1);
    expect(await dialog.textContent()).not.toContain('[SERVICE_ERROR]');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
  });

  it('shows the service\'s own error when a scan fails', async () => {
    const missing = `${OWNER}/no-such-repo`;
    const direct = await fetch(url('/v1/scan/github'), {
      method: 'POST',
      headers: { 'x-api-key': firstKey, 'content-type': 'application/json' },
      body: JSON.stringify({ repository: missing }),
    });
    expect(direct.status).toBe(404);
    const { detail } = (await direct.json()) as { detail: string };
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scans' }).click();
    await page.getByLabel('Repository', { exact: true }).fill(missing);
    await page.getByRole('button', { name: 'Start scan' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: detail }).count(), WAIT).toBe(1);
    await page.goBack();
    await page.getByRole('heading', { name: 'Findings' }).waitFor(WAIT);
  });

  it('fits the scan detail into 360 px without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
    await shot('08-scan-detail-360');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows the plan, this hour\'s usage and the scan on the overview and in the history', async () => {
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: `${OWNER}/${REPO}` }).waitFor(WAIT);
    expect(await page.getByRole('main').textContent()).toContain('Pro');
    await shot('09-overview');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scans' }).click();
    await page.getByRole('table', { name: 'Scan history' }).getByRole('link', { name: `${OWNER}/${REPO}` }).waitFor(WAIT);
    await shot('10-scans-history');
  });

  it('rotates the key behind a confirmation: the new key is shown once and mailed, the old key gets 401', async () => {
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(url('/settings'));
    await page.getByText(firstKey.slice(0, 12)).first().waitFor(WAIT);
    await shot('11-settings');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the API key?' });
    await confirm.getByRole('button', { name: 'Rotate now' }).click();
    const shown = page.getByTestId('api-key');
    await shown.waitFor(WAIT);
    newKey = ((await shown.textContent()) ?? '').trim();
    expect(newKey).toMatch(/^vgl_/);
    expect(newKey).not.toBe(firstKey);
    await shot('12-settings-rotated', { mask: [shown] });

    expect((await v1('/v1/account', { 'x-api-key': firstKey })).status).toBe(401);
    expect((await v1('/v1/account', { 'x-api-key': newKey })).status).toBe(200);
    const mails = await mailsTo(EMAIL);
    expect(mails.filter((m) => m.includes(newKey))).toHaveLength(1);
    expect(mails.some((m) => m.includes('Subject: Your new Vigil API key') && m.includes(newKey))).toBe(true);

    await page.getByRole('button', { name: 'I have stored the key' }).click();
    expect(await page.getByTestId('api-key').count()).toBe(0);
    expect(await page.content()).not.toContain(newKey);
    expect(problems).toEqual([]);
  });

  it('signs out: the session ends on the server, so the old cookie gets 401', async () => {
    const cookie = (await context.cookies(service.origin)).find((c) => c.name === 'vigil_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const headers = { cookie: `vigil_session=${cookie?.value ?? ''}` };
    expect((await v1('/v1/account', headers)).status).toBe(200);

    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('/signin'));
    expect((await v1('/v1/account', headers)).status).toBe(401);
    expect((await v1('/auth/session', headers)).status).toBe(401);
    expect(problems).toEqual([]);
  });
});

describe('GitHub sign-in in the browser (real service, fake GitHub OAuth pages)', () => {
  it('explains a cancelled GitHub sign-in, then signs in through GitHub and shows the first key once', async () => {
    const own = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await own.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    try {
      service.github.oauth.setUser(undefined);
      await tab.goto(url('/signin'));
      await tab.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await tab.waitForURL(url('/signin?error=denied'));
      await tab.getByRole('alert').filter({ hasText: 'GitHub sign-in was cancelled.' }).waitFor(WAIT);

      const email = 'octo@example.test';
      service.github.oauth.setUser({ login: 'octo', emails: [{ email, primary: true, verified: true, visibility: 'private' }] });
      await tab.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await tab.waitForURL(url('/welcome'), WAIT);
      const shown = tab.getByTestId('api-key');
      await shown.waitFor(WAIT);
      const key = ((await shown.textContent()) ?? '').trim();
      const res = await v1('/v1/account', { 'x-api-key': key });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email, plan: 'free' });

      // A Free account sees the private-repository token disabled, with the plans that include it, as the service would answer.
      await tab.getByRole('button', { name: 'I have stored the key' }).click();
      await tab.goto(url('/scans'));
      const token = tab.getByLabel('GitHub token (optional, private repositories)');
      await expect.poll(() => token.isDisabled(), WAIT).toBe(true);
      expect(await tab.locator('#scan-token-help').textContent()).toBe('Private repositories need the Pro or Team plan; this account is on the Free plan. Public repositories need no token.');
      const refused = await fetch(url('/v1/scan/github'), {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ repository: `${OWNER}/${REPO}`, token: WRITE_TOKEN }),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { detail: string }).detail).toContain('the Pro or Team plan');
      expect(errors).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
