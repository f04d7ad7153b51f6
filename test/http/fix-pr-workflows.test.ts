/**
 * POST /v1/fix/pr for workflow findings, end to end against the fake GitHub:
 * scan, fix each fixable workflow finding, check the branch's exact bytes, and
 * that a re-scan of the branch no longer reports the finding; then
 * idempotency and the no-branch-left-behind guarantee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import type { Finding } from '../../src/core/findings.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const WRITE = ['gh', 'p_', 'WfFixWriter0123456789abcdefABCDEFGH'].join('');
const PATH = '.github/workflows/triage.yml';
const DEPLOY_SHA = '3f1c2b4a5d6e7f8091a2b3c4d5e6f708192a3b4c';
const OLD_SHA = '0123456789abcdef0123456789abcdef01234567';

// CRLF line endings on purpose: new lines must follow them.
const WORKFLOW = [
  'name: triage',
  'on:',
  '  issues:',
  '    types: [opened]',
  'jobs:',
  '  label:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2',
  '      - run: |',
  '          echo "New issue: ${{ github.event.issue.title }}"',
  '      - uses: acme/deploy@v2',
  '      - uses: actions/upload-artifact@v3',
  '        with:',
  '          path: .',
  '',
].join('\r\n');

const EXPECTED: Record<string, (text: string) => string> = {
  'No permissions set for the workflow token': (t) => t.replace('jobs:\r\n', 'permissions:\r\n  contents: read\r\njobs:\r\n'),
  'Checkout credentials left where untrusted code or artifacts can reach them': (t) =>
    t.replace('# v4.2.2\r\n', '# v4.2.2\r\n        with:\r\n          persist-credentials: false\r\n'),
  'Untrusted input expanded into a script': (t) =>
    t.replace('echo "New issue: ${{ github.event.issue.title }}"\r\n', 'echo "New issue: ${ISSUE_TITLE}"\r\n        env:\r\n          ISSUE_TITLE: ${{ github.event.issue.title }}\r\n'),
  'Third-party action not pinned to a commit': (t) => t.replace('acme/deploy@v2', `acme/deploy@${DEPLOY_SHA} # v2.3.1`),
};

let fake: FakeGitHub;
let ts: TestStorage;
let t: TestApp;
let key: string;

async function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
}

async function scan(repository: string, ref?: string): Promise<Finding[]> {
  const res = await post('/v1/scan/github', { repository, ...(ref === undefined ? {} : { ref }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ findings: Finding[] }>().findings;
}

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(WRITE, { scopes: ['repo'] });
  for (const repo of ['ci', 'again', 'missing-tag']) fake.addRepo({ owner: 'acme', repo, files: { [PATH]: WORKFLOW, 'README.md': '# ci\n' } });
  fake.addRepo({ owner: 'acme', repo: 'deploy', files: { 'action.yml': 'name: deploy\nruns:\n  using: node20\n  main: index.js\n' }, tags: { 'v2.3.1': DEPLOY_SHA, v2: DEPLOY_SHA, 'v2.3': DEPLOY_SHA, v1: OLD_SHA } });
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '2', VIGIL_GITHUB_RETRIES: '0' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  key = await t.newAccount('pro');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
});

describe('POST /v1/fix/pr for workflow findings', () => {
  it('GET /v1/fix/pr/supported lists the workflow titles', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/fix/pr/supported', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    for (const title of Object.keys(EXPECTED)) expect(res.json<{ titles: string[] }>().titles).toContain(title);
  });

  it.each(Object.keys(EXPECTED))('fixes "%s": exact bytes on the branch, and the re-scan no longer reports it', async (title) => {
    const finding = (await scan('acme/ci')).find((f) => f.title === title && f.location.path === PATH);
    if (!finding) throw new Error(`no ${title} finding`);
    const res = await post('/v1/fix/pr', { finding, repository: 'acme/ci', token: WRITE });
    expect(res.statusCode, res.body).toBe(200);
    const branch = `vigil/fix-${finding.id.toLowerCase()}`;
    const file = await fake.readFile('acme', 'ci', branch, PATH);
    expect(file?.toString('utf8')).toBe(EXPECTED[title]?.(WORKFLOW));
    const after = await scan('acme/ci', branch);
    expect(after.some((f) => f.id === finding.id)).toBe(false);
    // main is untouched.
    expect((await fake.readFile('acme', 'ci', 'main', PATH))?.toString('utf8')).toBe(WORKFLOW);
  });

  it('answers with the open pull request on a second request, and 409 once the fix is on the default branch', async () => {
    const finding = (await scan('acme/again')).find((f) => f.title === 'Untrusted input expanded into a script');
    if (!finding) throw new Error('no finding');
    const first = await post('/v1/fix/pr', { finding, repository: 'acme/again', token: WRITE });
    expect(first.statusCode, first.body).toBe(200);
    const pulls = (await fake.pulls('acme', 'again')).length;
    const second = await post('/v1/fix/pr', { finding, repository: 'acme/again', token: WRITE });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ message: string }>().message).toMatch(/already open/);
    expect((await fake.pulls('acme', 'again')).length).toBe(pulls);
    // Merge the fix by hand into main: the finding is gone there.
    const fixedText = (await fake.readFile('acme', 'again', `vigil/fix-${finding.id.toLowerCase()}`, PATH))?.toString('utf8') ?? '';
    await fake.commit('acme', 'again', 'main', { [PATH]: fixedText });
    const other = { ...finding, id: `${finding.id}X` };
    const third = await post('/v1/fix/pr', { finding: other, repository: 'acme/again', token: WRITE });
    expect(third.statusCode, third.body).toBe(409);
  });

  it('leaves no branch when the tag cannot be resolved', async () => {
    await fake.commit('acme', 'missing-tag', 'main', { [PATH]: WORKFLOW.replace('acme/deploy@v2', 'acme/deploy@v7') });
    const finding = (await scan('acme/missing-tag')).find((f) => f.title === 'Third-party action not pinned to a commit');
    if (!finding) throw new Error('no finding');
    const res = await post('/v1/fix/pr', { finding, repository: 'acme/missing-tag', token: WRITE });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/no tag or branch named v7/);
    expect(Object.keys(await fake.branches('acme', 'missing-tag'))).toEqual(['main']);
  });
});
