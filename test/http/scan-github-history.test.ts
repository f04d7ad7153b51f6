import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { cloneBare, cloneEnvironment, gitBaseUrl } from '../../src/adapters/sources/git/clone.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { git, makeRepository } from '../helpers/git-repo.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { startFakeProviders, type FakeProviders } from '../fakes/verify/server.js';
import { createVerifier } from '../../src/adapters/verify/verifier.js';

const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const ACCESS_TOKEN = 'gh' + 'p_HistoryReadToken0123456789abcdefABCD';
const SERVER_TOKEN = 'gh' + 'p_ServerOwnToken0123456789abcdefABCDEF';

let root: string;
let fake: FakeGitHub;
let ts: TestStorage;
let t: TestApp;
let freeKey: string;
let proKey: string;
let teamKey: string;
let shas: string[];

async function scan(key: string, body: object) {
  return t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: body });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vigil-api-history-'));
  shas = await makeRepository(join(root, 'work'), [
    { message: 'readme', files: { 'README.md': '# demo\n' } },
    { message: 'key', files: { 'src/config.ts': `export const awsKey = "${AWS_KEY}";\n` } },
    { message: 'remove', files: { 'src/config.ts': null } },
  ]);
  await git(root, 'clone', '-q', '--bare', join(root, 'work'), join(root, 'demo.git'));
  await git(root, 'clone', '-q', '--bare', join(root, 'work'), join(root, 'vault.git'));
  fake = await startFakeGitHub();
  fake.addToken(ACCESS_TOKEN, { scopes: ['repo'] });
  fake.addToken(SERVER_TOKEN, { scopes: ['repo'] });
  fake.addRepo({ owner: 'acme', repo: 'demo', gitDir: join(root, 'demo.git') });
  fake.addRepo({ owner: 'acme', repo: 'vault', private: true, gitDir: join(root, 'vault.git') });
  fake.addRepo({ owner: 'acme', repo: 'huge', sizeKb: 10 * 1024 * 1024, gitDir: join(root, 'demo.git') });
  fake.addRepo({ owner: 'acme', repo: 'nogit', files: { 'a.txt': 'x\n' } });
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, GITHUB_TOKEN: SERVER_TOKEN, VIGIL_OWNER_EMAIL: 'owner@example.test', VIGIL_SCAN_WORKERS: '1', VIGIL_GITHUB_RETRIES: '0' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  freeKey = await t.newAccount('free');
  proKey = await t.newAccount('pro');
  teamKey = await t.newAccount('team');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
  await rm(root, { recursive: true, force: true });
});

describe('POST /v1/scan/github with "history": true', () => {
  it('clones over smart HTTP and reports the deleted secret at its commit', async () => {
    const res = await scan(proKey, { repository: 'acme/demo', history: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ findings: Record<string, unknown>[]; stats: { history: { commits: number }; repository: Record<string, unknown> } }>();
    expect(body.findings).toHaveLength(1);
    expect(body.findings[0]).toMatchObject({
      rule_id: 'aws-access-key-id',
      location: { target: 'acme/demo', path: 'src/config.ts', line: 1, commit: shas[1], commit_date: '2024-01-01T00:02:00.000Z' },
      present_at_head: false,
    });
    expect(body.stats.history.commits).toBe(3);
    expect(body.stats.repository).toMatchObject({ commit: shas[2], default_branch: 'main', private: false });
    expect(res.body).not.toContain(AWS_KEY);
    // git spoke smart HTTP to the fake: refs then a pack.
    expect(fake.requests.some((r) => r.path === '/acme/demo.git/info/refs')).toBe(true);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === '/acme/demo.git/git-upload-pack')).toBe(true);
  });

  it('is refused on the Free plan with the plan-limit 403, before anything is fetched', async () => {
    const before = fake.requests.length;
    const res = await scan(freeKey, { repository: 'acme/demo', history: true });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toBe("Scanning a repository's git history (history: true) requires the Pro or Team plan; this account is on the Free plan");
    expect(fake.requests.length).toBe(before);
  });

  it('clones a private repository with the caller token in a header, never in the URL or the logs', async () => {
    const res = await scan(teamKey, { repository: 'acme/vault', history: true, token: ACCESS_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ finding_count: number }>().finding_count).toBe(1);
    const gitRequests = fake.requests.filter((r) => r.path.startsWith('/acme/vault.git/'));
    expect(gitRequests.length).toBeGreaterThan(0);
    expect(gitRequests.every((r) => r.authorization && !r.path.includes(ACCESS_TOKEN))).toBe(true);
    expect(t.logs()).not.toContain(ACCESS_TOKEN);
    expect(t.logs()).not.toContain(Buffer.from(`x-access-token:${ACCESS_TOKEN}`).toString('base64'));
  });

  it('applies the private-scan rules to the server token', async () => {
    const res = await scan(teamKey, { repository: 'acme/vault', history: true });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Access denied: acme\/vault is private, and this server's GitHub token is not used/);
  });

  it('answers 400 naming the limit when the repository is larger than the clone-size limit', async () => {
    const res = await scan(proKey, { repository: 'acme/huge', history: true });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe('History clone failed: acme/huge is larger than the 500 MB clone-size limit (VIGIL_HISTORY_MAX_CLONE_BYTES)');
  });

  it('limits to later commits with since, and refuses since without history or check_cves with it', async () => {
    const later = await scan(proKey, { repository: 'acme/demo', history: true, since: shas[1] });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<{ finding_count: number }>().finding_count).toBe(0);
    expect((await scan(proKey, { repository: 'acme/demo', since: 'main' })).json<{ detail: string }>().detail).toBe('Invalid request: since goes with "history": true');
    expect((await scan(proKey, { repository: 'acme/demo', history: true, check_cves: true })).statusCode).toBe(400);
    const unknown = await scan(proKey, { repository: 'acme/demo', history: true, since: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ detail: string }>().detail).toBe('Unknown since: "nope" is not a commit of this repository');
    const ref = await scan(proKey, { repository: 'acme/demo', history: true, ref: 'no-such-branch' });
    expect(ref.json<{ detail: string }>().detail).toBe('Unknown ref: "no-such-branch" is not a commit of this repository');
  });
});

describe('clone URL', () => {
  it('clones from github.com for api.github.com, from the host for GitHub Enterprise Server, else the same origin', () => {
    expect(gitBaseUrl('https://api.github.com')).toBe('https://github.com');
    expect(gitBaseUrl('https://ghe.example.com/api/v3/')).toBe('https://ghe.example.com');
    expect(gitBaseUrl('http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
    expect(gitBaseUrl('https://api.github.com', 'https://mirror.example.com/')).toBe('https://mirror.example.com');
  });
});

describe('clone environment', () => {
  it('carries the token only in http.extraHeader and refuses other protocols and redirects', () => {
    const env = cloneEnvironment(new URL('https://github.com/acme/demo.git'), 'secret-token', '/tmp/x');
    const pairs = Object.fromEntries(
      Array.from({ length: Number(env.GIT_CONFIG_COUNT) }, (_, i) => [env[`GIT_CONFIG_KEY_${i}`], env[`GIT_CONFIG_VALUE_${i}`]]),
    );
    expect(pairs).toMatchObject({
      'credential.helper': '',
      'protocol.allow': 'never',
      'protocol.https.allow': 'always',
      'http.followRedirects': 'false',
      'http.extraHeader': `Authorization: Basic ${Buffer.from('x-access-token:secret-token').toString('base64')}`,
    });
    expect(env.GIT_CONFIG_NOSYSTEM).toBe('1');
  });
});

describe('POST /v1/scan/github with "verify": true', () => {
  const AWS_SECRET = ['q8Vt3LmZ9xWc2RbN7kPd', '4FsJ6hYg1TaE0uKo5MnB'].join('');
  let fakes: FakeProviders;
  let vt: TestApp;
  let vts: TestStorage;
  let proKey2: string;
  let freeKey2: string;

  beforeAll(async () => {
    await makeRepository(join(root, 'keys'), [
      { message: 'keys', files: { 'deploy/aws.env': `aws_access_key_id = ${AWS_KEY}\naws_secret_access_key = "${AWS_SECRET}"\n` } },
      { message: 'remove', files: { 'deploy/aws.env': null } },
    ]);
    await git(root, 'clone', '-q', '--bare', join(root, 'keys'), join(root, 'keys.git'));
    fake.addRepo({ owner: 'acme', repo: 'keys', gitDir: join(root, 'keys.git'), files: { 'deploy/aws.env': `aws_access_key_id = ${AWS_KEY}\naws_secret_access_key = "${AWS_SECRET}"\n` } });
    fakes = await startFakeProviders({ live: { aws: [`${AWS_KEY}:${AWS_SECRET}`] } });
    vts = await openTestStorage('embedded');
    vt = await createTestApp(vts, {
      env: { GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '1', VIGIL_GITHUB_RETRIES: '0' },
      limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
      verifier: createVerifier({ baseUrls: fakes.baseUrls }),
    });
    proKey2 = await vt.newAccount('pro');
    freeKey2 = await vt.newAccount('free');
  });

  afterAll(async () => {
    await vt.close();
    await vts.cleanup();
    await fakes.close();
  });

  const post = (key: string, body: object) => vt.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: body });

  it('marks a live AWS key pair found in history verified and CRITICAL, with the time checked', async () => {
    const res = await post(proKey2, { repository: 'acme/keys', history: true, verify: true });
    expect(res.statusCode, res.body).toBe(200);
    const findings = res.json<{ findings: { rule_id: string; severity: string; verified?: boolean | null; verified_at?: string; present_at_head?: boolean }[] }>().findings;
    const aws = findings.filter((f) => f.rule_id.startsWith('aws-'));
    expect(aws.length).toBe(2);
    for (const f of aws) {
      expect(f).toMatchObject({ verified: true, severity: 'CRITICAL', present_at_head: false });
      expect(f.verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    }
    expect(fakes.requests.filter((r) => r.provider === 'aws')).toHaveLength(2);
    expect(res.body).not.toContain(AWS_SECRET);
    expect(vt.logs()).not.toContain(AWS_SECRET);
  });

  it('verifies in archive scans too, and is refused on the Free plan', async () => {
    const res = await post(proKey2, { repository: 'acme/keys', verify: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ findings: { rule_id: string; verified?: boolean }[] }>().findings.find((f) => f.rule_id === 'aws-access-key-id')).toMatchObject({ verified: true });
    const free = await post(freeKey2, { repository: 'acme/keys', verify: true });
    expect(free.statusCode).toBe(403);
    expect(free.json<{ detail: string }>().detail).toBe('Checking found secrets with their providers (verify: true) requires the Pro or Team plan; this account is on the Free plan');
  });
});

describe('bare clone limits', () => {
  it('stops a clone past its time limit with a 400 that names the limit', async () => {
    fake.intercept('GET', /^\/acme\/demo\.git\/info\/refs$/, () => new Promise((resolve) => setTimeout(resolve, 1_500)));
    await expect(cloneBare({ url: `${fake.url}/acme/demo.git`, name: 'acme/demo', limits: { maxCloneBytes: 1 << 30, cloneTimeoutMs: 300, maxCommits: 10 } })).rejects.toMatchObject({
      status: 400,
      detail: 'History clone failed: cloning acme/demo did not finish within the 0 s clone-time limit (VIGIL_HISTORY_CLONE_TIMEOUT_MS)',
    });
  });

  it('stops a clone that grows past its size limit on disk, and leaves nothing behind', async () => {
    await expect(cloneBare({ url: `${fake.url}/acme/demo.git`, name: 'acme/demo', limits: { maxCloneBytes: 2048, cloneTimeoutMs: 30_000, maxCommits: 10 } })).rejects.toMatchObject({
      status: 400,
      detail: 'History clone failed: acme/demo is larger than the 2 KB clone-size limit (VIGIL_HISTORY_MAX_CLONE_BYTES)',
    });
  });

  it('clones within the limits and removes the clone on dispose', async () => {
    const clone = await cloneBare({ url: `${fake.url}/acme/demo.git`, name: 'acme/demo', limits: { maxCloneBytes: 1 << 30, cloneTimeoutMs: 30_000, maxCommits: 10 } });
    expect(clone.bytes).toBeGreaterThan(0);
    expect(await git(clone.dir, 'rev-parse', 'HEAD')).toBe(shas[2]);
    await clone.dispose();
    await expect(stat(clone.dir)).rejects.toThrow();
  });
});
