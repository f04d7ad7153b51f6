/**
 * POST /v1/fix/pr for known-vulnerability findings, end to end: scan the CVE
 * workspace on the fake GitHub against the fake OSV, open an upgrade pull
 * request for each fixable finding, check the manifest's exact bytes on the
 * branch and the pull request's lockfile instructions, and that a re-scan of
 * the branch no longer reports the findings whose manifest is the lock.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import type { Finding } from '../../src/core/findings.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { loadOsvRecords, startFakeOsv, type FakeOsv } from '../fakes/osv/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

const WRITE = ['gh', 'p_', 'DepFixWriter0123456789abcdefABCDEFGH'].join('');
const WORKSPACE = fileURLToPath(new URL('../fixtures/cve-workspace/', import.meta.url));
const FILES = Object.fromEntries(readdirSync(WORKSPACE).map((name) => [name, readFileSync(join(WORKSPACE, name), 'utf8')]));

let fake: FakeGitHub;
let osv: FakeOsv;
let ts: TestStorage;
let t: TestApp;
let key: string;

async function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
}

async function vulnerabilities(repository: string, ref?: string): Promise<Finding[]> {
  const res = await post('/v1/scan/github', { repository, check_cves: true, ...(ref === undefined ? {} : { ref }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ findings: Finding[] }>().findings.filter((f) => f.rule_id === 'known-vulnerability');
}

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(WRITE, { scopes: ['repo'] });
  fake.addRepo({ owner: 'acme', repo: 'deps', files: FILES });
  // The manifest already asks for the fix; only the lockfile still holds the vulnerable version.
  fake.addRepo({
    owner: 'acme',
    repo: 'stale-lock',
    files: { 'package.json': (FILES['package.json'] ?? '').replace('"lodash": "4.17.20"', '"lodash": "^4.17.21"'), 'package-lock.json': FILES['package-lock.json'] ?? '' },
  });
  osv = await startFakeOsv({ records: loadOsvRecords() });
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, OSV_API_URL: osv.url, VIGIL_SCAN_WORKERS: '2', VIGIL_GITHUB_RETRIES: '0' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  key = await t.newAccount('pro');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
  await osv.close();
});

/** Title → the manifest that changes and its exact new bytes. */
const EXPECTED: Record<string, { path: string; content: (text: string) => string; lockfile?: RegExp }> = {
  'lodash@4.17.20: CVE-2021-23337': { path: 'package.json', content: (x) => x.replace('"lodash": "4.17.20"', '"lodash": "4.17.21"'), lockfile: /npm install --package-lock-only/ },
  'requests@2.28.0: CVE-2023-32681': { path: 'requirements.txt', content: (x) => x.replace('requests==2.28.0', 'requests==2.31.0') },
  'golang.org/x/net@0.17.0: CVE-2023-45288': { path: 'go.mod', content: (x) => x.replace('golang.org/x/net v0.17.0', 'golang.org/x/net v0.23.0'), lockfile: /go mod tidy/ },
  'org.apache.logging.log4j:log4j-core@2.14.1: CVE-2021-44228': { path: 'pom.xml', content: (x) => x.replace('<log4j.version>2.14.1<', '<log4j.version>2.15.0<') },
};

describe('POST /v1/fix/pr for known vulnerabilities', () => {
  it('GET /v1/fix/pr/supported lists the rule and how its titles read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/fix/pr/supported', headers: { 'x-api-key': key } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ rules: unknown[] }>().rules).toEqual([{ rule_id: 'known-vulnerability', title_pattern: '<package>@<version>: <advisory id>' }]);
  });

  it.each(Object.keys(EXPECTED))('upgrades "%s" in its manifest and says how to regenerate the lockfile', async (title) => {
    const expected = EXPECTED[title] as (typeof EXPECTED)[string];
    const finding = (await vulnerabilities('acme/deps')).find((f) => f.title === title);
    if (!finding) throw new Error(`no finding ${title}`);
    const res = await post('/v1/fix/pr', { finding, repository: 'acme/deps', token: WRITE });
    expect(res.statusCode, res.body).toBe(200);
    const branch = `vigil/fix-${finding.id.toLowerCase()}`;
    expect((await fake.readFile('acme', 'deps', branch, expected.path))?.toString('utf8')).toBe(expected.content(FILES[expected.path] ?? ''));
    // One file changed: the lockfiles are as they were.
    for (const [path, text] of Object.entries(FILES)) if (path !== expected.path) expect((await fake.readFile('acme', 'deps', branch, path))?.toString('utf8')).toBe(text);
    const pull = (await fake.pulls('acme', 'deps')).find((p) => p.head === branch);
    expect(pull?.title).toMatch(/^Upgrade /);
    if (expected.lockfile) expect(pull?.body).toMatch(expected.lockfile);
    else expect(pull?.body).not.toMatch(/Regenerate the lockfile/);
    // Where the manifest is all there is (requirements.txt, pom.xml), the branch is clean of the finding.
    if (!expected.lockfile) expect((await vulnerabilities('acme/deps', branch)).some((f) => f.id === finding.id)).toBe(false);
    expect((await fake.readFile('acme', 'deps', 'main', expected.path))?.toString('utf8')).toBe(FILES[expected.path]);
  });

  it('answers with the open pull request when asked again', async () => {
    const finding = (await vulnerabilities('acme/deps')).find((f) => f.title === 'lodash@4.17.20: CVE-2021-23337');
    if (!finding) throw new Error('no finding');
    const pulls = (await fake.pulls('acme', 'deps')).length;
    const again = await post('/v1/fix/pr', { finding, repository: 'acme/deps', token: WRITE });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ message: string }>().message).toMatch(/already open/);
    expect((await fake.pulls('acme', 'deps')).length).toBe(pulls);
  });

  it('answers 409 when the manifest already requires the fix, naming the lockfile command', async () => {
    const finding = (await vulnerabilities('acme/stale-lock')).find((f) => f.title === 'lodash@4.17.20: CVE-2021-23337');
    if (!finding) throw new Error('no finding');
    const res = await post('/v1/fix/pr', { finding, repository: 'acme/stale-lock', token: WRITE });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Finding already gone: package\.json on main already requires lodash "\^4\.17\.21".*npm install --package-lock-only/);
    expect(res.json<{ detail: string }>().detail).not.toMatch(/rotate/);
    expect(Object.keys(await fake.branches('acme', 'stale-lock'))).toEqual(['main']);
  });

  it('refuses the Go standard library with 400 (raise the toolchain instead), leaving no branch', async () => {
    const findings = await vulnerabilities('acme/deps');
    const stdlib = findings.find((f) => f.title.startsWith('stdlib@'));
    if (!stdlib) throw new Error('no stdlib finding');
    const res = await post('/v1/fix/pr', { finding: stdlib, repository: 'acme/deps', token: WRITE });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Finding not supported: .*Go standard library/);
    const branches = Object.keys(await fake.branches('acme', 'deps'));
    expect(branches).not.toContain(`vigil/fix-${stdlib.id.toLowerCase()}`);
  });
});
