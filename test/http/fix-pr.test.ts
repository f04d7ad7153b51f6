import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import type { Finding } from '../../src/core/findings.js';
import { SUPPORTED_TITLES } from '../../src/services/fixes/registry.js';
import { TITLES } from '../../src/scanners/secrets/rule.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { EXPECTED, leakyFiles } from '../services/fixes/fixture-repo.js';
import { SECRETS } from '../services/fixes/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

// Tokens are assembled at run time: this file holds none of them whole.
const WRITE = ['gh', 'p_', 'FixWriter0123456789abcdefABCDEFGHIJ'].join('');
/** The specification's titles (the leaky repository has one finding of each; workflow fixes: fix-pr-workflows.test.ts). */
const SECRET_FIX_TITLES: readonly string[] = Object.values(TITLES);
const READ_ONLY = ['github', '_pat_', 'ReadOnly0123456789abcdef_ABCDEFGHIJ'].join('');
const READER = ['gh', 'p_', 'FixReader0123456789abcdefABCDEFGHIJ'].join('');
const SERVER = ['gh', 'p_', 'ServerDefault0123456789abcdefABCDEF'].join('');
const TOKENS = [WRITE, READ_ONLY, READER, SERVER];

let fake: FakeGitHub;
let ts: TestStorage;
let t: TestApp;
let proKey: string;
let freeKey: string;
const emitted: string[] = [];

async function post(url: string, key: string, payload: object, app: TestApp = t) {
  const res = await app.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
  emitted.push(JSON.stringify(res.headers), res.body);
  return res;
}

async function scan(repository: string, ref?: string): Promise<Finding[]> {
  const res = await post('/v1/scan/github', proKey, { repository, ...(ref === undefined ? {} : { ref }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ findings: Finding[] }>().findings;
}

const fixPr = (body: object, key = proKey, app = t) => post('/v1/fix/pr', key, body, app);
const branchOf = (finding: Finding) => `vigil/fix-${finding.id.toLowerCase()}`;
const byTitle = (findings: Finding[], title: string): Finding => {
  const found = findings.find((f) => f.title === title);
  if (found === undefined) throw new Error(`no ${title} finding`);
  return found;
};

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(WRITE, { scopes: ['repo'] });
  fake.addToken(READ_ONLY, { scopes: ['repo'], write: false });
  fake.addToken(READER, { scopes: ['repo'], role: 'read' });
  fake.addToken(SERVER, { scopes: ['repo'] });
  for (const repo of ['leaky', 'gone', 'racy', 'stubborn', 'denied', 'served']) {
    fake.addRepo({ owner: 'acme', repo, files: leakyFiles() });
  }
  fake.addRepo({ owner: 'acme', repo: 'nopulls', files: leakyFiles(), pullFailure: { status: 422, message: 'Validation Failed' } });
  fake.addRepo({ owner: 'acme', repo: 'limited', files: leakyFiles(), rateLimit: { kind: 'secondary', retryAfter: 90, on: 'write' } });
  ts = await openTestStorage('embedded');
  // Vigil's own hourly scan quota is not under test here: lift it so GitHub's answers are what we see.
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '2', VIGIL_GITHUB_RETRIES: '0' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  proKey = await t.newAccount('pro');
  freeKey = await t.newAccount('free');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
});

describe('POST /v1/fix/pr, end to end', () => {
  let findings: Finding[] = [];
  beforeAll(async () => {
    findings = (await scan('acme/leaky')).filter((f) => SECRET_FIX_TITLES.includes(f.title));
  });

  it('the scan reports one fixable finding of every supported title', () => {
    expect(findings.map((f) => f.title).sort()).toEqual([...SECRET_FIX_TITLES].sort());
    for (const title of SECRET_FIX_TITLES) expect(SUPPORTED_TITLES).toContain(title);
  });

  it.each(Object.values(TITLES))('fixes "%s": one commit on its branch, only the secret changed, and a re-scan no longer reports it', async (title) => {
    const finding = byTitle(findings, title);
    const expected = EXPECTED[title];
    if (expected === undefined) throw new Error(`no expectation for ${title}`);
    const mainHead = (await fake.branches('acme', 'leaky')).main;
    const res = await fixPr({ finding, repository: 'acme/leaky', token: WRITE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ pr_url: string; message: string }>();
    expect(body.pr_url).toMatch(/\/acme\/leaky\/pull\/\d+$/);
    expect(body.message).toMatch(/^Opened pull request #\d+/);

    const branch = branchOf(finding);
    const file = await fake.readFile('acme', 'leaky', branch, expected.path);
    const original = leakyFiles()[expected.path] as Buffer;
    expect(file?.equals(expected.expected(original)), file?.toString('utf8')).toBe(true);
    if (expected.secret !== undefined) expect(file?.includes(expected.secret)).toBe(false);
    const log = await fake.log('acme', 'leaky', branch);
    expect(log[1]?.sha).toBe(mainHead);
    expect((await fake.branches('acme', 'leaky')).main).toBe(mainHead);

    const pull = (await fake.pulls('acme', 'leaky')).find((p) => p.head === branch);
    expect(pull).toMatchObject({ base: 'main', state: 'open' });
    expect(body.pr_url).toMatch(new RegExp(`/pull/${pull?.number}$`));
    const text = `${pull?.title}\n${pull?.body}\n${log[0]?.message}`;
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(pull?.body).toMatch(/git filter-repo/);
    expect(pull?.body).toMatch(/bfg/i);
    if (expected.secret !== undefined) expect(pull?.body).toMatch(/rotate/i);

    const after = await scan('acme/leaky', branch);
    expect(after.some((f) => f.id === finding.id)).toBe(false);
    expect(after.some((f) => f.title === title)).toBe(false);
    // Only that finding went away.
    expect(after.filter((f) => SECRET_FIX_TITLES.includes(f.title))).toHaveLength(SECRET_FIX_TITLES.length - 1);
  });

  it('returns the open pull request instead of opening a second one', async () => {
    const finding = byTitle(findings, TITLES.awsAccessKey);
    const before = { pulls: (await fake.pulls('acme', 'leaky')).length, head: (await fake.branches('acme', 'leaky'))[branchOf(finding)] };
    const res = await fixPr({ finding, repository: 'https://github.com/acme/leaky', token: WRITE });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/already open/);
    expect((await fake.pulls('acme', 'leaky')).length).toBe(before.pulls);
    expect((await fake.branches('acme', 'leaky'))[branchOf(finding)]).toBe(before.head);
  });

  it('uses the server GITHUB_TOKEN when the body has none', async () => {
    const ts2 = await openTestStorage('embedded');
    const t2 = await createTestApp(ts2, { env: { GITHUB_API_URL: fake.url, GITHUB_TOKEN: SERVER, VIGIL_GITHUB_RETRIES: '0' } });
    try {
      const key = await t2.newAccount('team');
      const res = await fixPr({ finding: byTitle(findings, TITLES.jwt), repository: 'acme/served' }, key, t2);
      expect(res.statusCode, res.body).toBe(200);
      expect(await fake.readFile('acme', 'served', branchOf(byTitle(findings, TITLES.jwt)), 'config/auth.json')).toBeDefined();
      emitted.push(t2.logs());
    } finally {
      await t2.close();
      await ts2.cleanup();
    }
  });
});

describe('POST /v1/fix/pr, conflicts and failures', () => {
  it('409 when the secret is already gone from the default branch, leaving nothing behind', async () => {
    const finding = byTitle(await scan('acme/gone'), TITLES.awsAccessKey);
    await fake.commit('acme', 'gone', 'main', { 'src/config.ts': 'export const awsKey = process.env.AWS_ACCESS_KEY_ID;\n' }, 'Load the key from the environment');
    const res = await fixPr({ finding, repository: 'acme/gone', token: WRITE });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/already gone/);
    expect(Object.keys(await fake.branches('acme', 'gone'))).toEqual(['main']);
    expect(await fake.pulls('acme', 'gone')).toHaveLength(0);
  });

  it('retries once when the branch moved under the commit, and finds the secret on its shifted line', async () => {
    const finding = byTitle(await scan('acme/racy'), TITLES.awsAccessKey);
    const branch = branchOf(finding);
    const original = leakyFiles()['src/config.ts'] as Buffer;
    const hotfix = Buffer.concat([Buffer.from('// hotfix\n// second line\n'), original]);
    fake.intercept('PUT', /^\/repos\/acme\/racy\/contents\//, () => fake.commit('acme', 'racy', branch, { 'src/config.ts': hotfix }, 'Concurrent push').then(() => undefined));
    const res = await fixPr({ finding, repository: 'acme/racy', token: WRITE });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fake.readFile('acme', 'racy', branch, 'src/config.ts'))?.equals(EXPECTED[TITLES.awsAccessKey]?.expected(hotfix) ?? Buffer.alloc(0))).toBe(true);
    expect((await fake.log('acme', 'racy', branch)).map((c) => c.message)).toHaveLength(3);
  });

  it('500 Could not open PR when the branch keeps moving, and deletes the branch it created', async () => {
    const finding = byTitle(await scan('acme/stubborn'), TITLES.githubToken);
    const branch = branchOf(finding);
    const original = leakyFiles()['src/github.py'] as Buffer;
    for (const n of [1, 2]) {
      // Each push changes the file (the secret stays), so each commit attempt carries a stale blob sha.
      const pushed = Buffer.concat([Buffer.from(`# push ${n}\r\n`.repeat(n)), original]);
      fake.intercept('PUT', /^\/repos\/acme\/stubborn\/contents\//, () => fake.commit('acme', 'stubborn', branch, { 'src/github.py': pushed }).then(() => undefined));
    }
    const res = await fixPr({ finding, repository: 'acme/stubborn', token: WRITE });
    expect(res.statusCode, res.body).toBe(500);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Could not open PR/);
    expect(Object.keys(await fake.branches('acme', 'stubborn'))).toEqual(['main']);
  });

  it('500 Could not open PR when GitHub refuses the pull request, and deletes the branch', async () => {
    const finding = byTitle(await scan('acme/nopulls'), TITLES.slackToken);
    const res = await fixPr({ finding, repository: 'acme/nopulls', token: WRITE });
    expect(res.statusCode, res.body).toBe(500);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Could not open PR: GitHub answered 422 while opening the pull request/);
    expect(Object.keys(await fake.branches('acme', 'nopulls'))).toEqual(['main']);
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path.startsWith('/repos/acme/nopulls/git/refs/') && r.status === 204)).toBe(true);
  });
});

describe('POST /v1/fix/pr, refusals', () => {
  let finding: Finding;
  beforeAll(async () => {
    finding = byTitle(await scan('acme/denied'), TITLES.awsAccessKey);
  });

  it('400 Finding not supported for other titles, before calling GitHub', async () => {
    const before = fake.requests.length;
    const res = await fixPr({ finding: { ...finding, title: 'Hard-coded secret' }, repository: 'acme/denied', token: WRITE });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Finding not supported: .*\/v1\/fix\b/);
    expect(fake.requests.length).toBe(before);
  });

  it('400 GitHub token required when neither the body nor the server has one', async () => {
    const res = await fixPr({ finding, repository: 'acme/denied' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/^GitHub token required/);
  });

  it.each([
    ['a read-only token (403 on the ref write)', READ_ONLY],
    ['a user with read access only', READER],
  ])('403 Permission denied for %s, leaving no branch', async (_what, token) => {
    const res = await fixPr({ finding, repository: 'acme/denied', token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Permission denied/);
    expect(Object.keys(await fake.branches('acme', 'denied'))).toEqual(['main']);
  });

  it('404 Repository not found', async () => {
    const res = await fixPr({ finding, repository: 'acme/missing', token: WRITE });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Repository not found: acme\/missing/);
  });

  it('429 with Retry-After when GitHub rate-limits the writes', async () => {
    const res = await fixPr({ finding, repository: 'acme/limited', token: WRITE });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['retry-after']).toBe('90');
    expect(res.json<{ detail: string }>().detail).toMatch(/^Rate limit/);
    expect(Object.keys(await fake.branches('acme', 'limited'))).toEqual(['main']);
  });

  it('403 on the Free plan, before calling GitHub', async () => {
    const before = fake.requests.length;
    const res = await fixPr({ finding, repository: 'acme/denied', token: WRITE }, freeKey);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/Pro or Team/);
    expect(fake.requests.length).toBe(before);
  });

  it('counts in the scans bucket', async () => {
    const key = await t.newAccount('team');
    await fixPr({ finding, repository: 'acme/missing', token: WRITE }, key);
    const account = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
    expect(account.json<{ usage: Record<string, number> }>().usage).toMatchObject({ scans: 1, ai: 0 });
  });
});

describe('secrecy', () => {
  it('never returns or logs a token or a planted secret', () => {
    const everything = `${emitted.join('\n')}\n${t.logs()}`;
    for (const token of TOKENS) expect(everything).not.toContain(token);
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
  });
});
