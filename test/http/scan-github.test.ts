import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { withBase62Crc32Checksum } from '../../src/scanners/secrets/checksums.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { loadOsvRecords, startFakeOsv, type FakeOsv } from '../fakes/osv/index.js';
import { privateTmpdir } from '../adapters/sources/helpers.js';

// Every planted value is assembled at run time: this file holds none of them whole.
const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');
const GH_TOKEN = withBase62Crc32Checksum('gh' + 'p_', 'Zq8vN3kLw2Xp7RtY4mBc9HdF6jGs1a');
const DB_PASSWORD = ['r8T#kq2', '!Vx9mLp'].join('');
const ENV_SECRET = ['sk_live_', '51Hq8fKx2Lm9Vb7Rt3Yw6Jd'].join('');
const ACCESS_TOKEN = 'gh' + 'p_RequestOnlyToken0123456789abcdefABCD';
const PLANTED = [AWS_KEY, GH_TOKEN, DB_PASSWORD, ENV_SECRET, ACCESS_TOKEN];

const leakyFiles = {
  'src/config.ts': `export const awsKey = "${AWS_KEY}";\nexport const gh = '${GH_TOKEN}';\n`,
  'src/db.py': `DB_PASSWORD = "${DB_PASSWORD}"\n`,
  'src/ignored.ts': `const again = "${AWS_KEY}"; // vigil-ignore\n`,
  '.env': `STRIPE_KEY=${ENV_SECRET}\nDEBUG=1\n`,
  'package.json': '{ "name": "leaky", "dependencies": { "dotenv": "^16.4.0" } }\n',
  'README.md': '# leaky\n',
};

const depsFiles = {
  'package.json': JSON.stringify({ name: 'deps', dependencies: { lodash: '4.17.20', 'left-pad': '*' } }, null, 2),
  'package-lock.json': JSON.stringify(
    {
      name: 'deps',
      lockfileVersion: 3,
      packages: {
        '': { name: 'deps', dependencies: { lodash: '4.17.20', 'left-pad': '*' } },
        'node_modules/lodash': { version: '4.17.20', resolved: 'https://registry.npmjs.org/lodash/-/lodash-4.17.20.tgz', integrity: 'sha512-' + 'A'.repeat(86) + '==' },
        'node_modules/left-pad': { version: '1.3.0', resolved: 'http://mirror.example.net/left-pad-1.3.0.tgz', integrity: 'sha512-' + 'B'.repeat(86) + '==' },
      },
    },
    null,
    2,
  ),
  'requirements.txt': 'requests==2.28.0\n',
  '.github/workflows/greet.yml': [
    'on:',
    '  issues:',
    '    types: [opened]',
    'jobs:',
    '  greet:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - run: echo "Thanks for ${{ github.event.issue.title }}"',
    '',
  ].join('\n'),
};

/** A shop whose password hash and redirect check live in another file than their use (code scanner, cross-file). */
const shopFiles = {
  'lib/insecurity.ts': "import crypto from 'node:crypto'\nexport const hash = (data: string) => crypto.createHash('md5').update(data).digest('hex')\nexport const isRedirectAllowed = (url: string) => url.includes('https://acme.test')\n",
  'models/user.ts': "import * as security from '../lib/insecurity'\nexport function setPassword (user: { password: string }, clearTextPassword: string) {\n  user.password = security.hash(clearTextPassword)\n}\n",
  'routes/redirect.ts':
    "import { type Request, type Response } from 'express'\nimport * as security from '../lib/insecurity'\nexport const go = ({ query }: Request, res: Response) => {\n  const to = query.to as string\n  if (security.isRedirectAllowed(to)) res.redirect(to)\n}\n",
};

let fake: FakeGitHub;
let osv: FakeOsv;
let ts: TestStorage;
let t: TestApp;
let freeKey: string;
let proKey: string;
let tmp: Awaited<ReturnType<typeof privateTmpdir>>;
const bodies: string[] = [];

async function scan(key: string, body: unknown) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: body as object });
  bodies.push(res.body);
  return res;
}

beforeAll(async () => {
  tmp = await privateTmpdir();
  fake = await startFakeGitHub();
  osv = await startFakeOsv({ records: loadOsvRecords() });
  fake.addToken(ACCESS_TOKEN, { scopes: ['repo'] });
  fake.addToken('gh' + 'p_PublicOnlyToken0123456789abcdefABCDE', { scopes: ['public_repo'] });
  fake.addRepo({ owner: 'acme', repo: 'leaky', refs: ['release'], files: leakyFiles });
  fake.addRepo({ owner: 'acme', repo: 'deps', files: depsFiles });
  fake.addRepo({ owner: 'acme', repo: 'clean', files: { 'README.md': '# nothing here\n', '.gitignore': '.env*\n' } });
  fake.addRepo({ owner: 'acme', repo: 'shop', files: shopFiles });
  fake.addRepo({ owner: 'acme', repo: 'vault', private: true, files: { 'a.txt': `key=${AWS_KEY}\n` } });
  fake.addRepo({ owner: 'acme', repo: 'primary', rateLimit: { kind: 'primary', resetInSeconds: 120 } });
  fake.addRepo({ owner: 'acme', repo: 'secondary', rateLimit: { kind: 'secondary', status: 429, retryAfter: 90, on: 'tarball' } });
  fake.addRepo({ owner: 'acme', repo: 'truncated', tarballFailure: { kind: 'truncate' } });
  fake.addRepo({ owner: 'acme', repo: 'flaky', tarballFailure: { kind: 'status', status: 502 } });
  ts = await openTestStorage('embedded');
  // Vigil's own hourly scan quota is not under test here: lift it so GitHub's answers are what we see.
  t = await createTestApp(ts, {
    env: { GITHUB_API_URL: fake.url, OSV_API_URL: osv.url, VIGIL_SCAN_WORKERS: '2', VIGIL_GITHUB_RETRIES: '0' },
    limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
  });
  freeKey = await t.newAccount('free');
  proKey = await t.newAccount('pro');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
  await osv.close();
  await tmp.restore();
});

describe('POST /v1/scan/github', () => {
  it('scans a repository and answers with the ScanResponse', async () => {
    const res = await scan(freeKey, { repository: 'https://github.com/acme/leaky.git' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Record<string, unknown> & { findings: Record<string, unknown>[]; stats: Record<string, unknown> }>();
    expect(body).toMatchObject({ status: 'completed', target_type: 'github', target: 'acme/leaky' });
    expect(body.scan_id).toMatch(/^[A-Za-z0-9]+$/);
    expect(body.started_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.completed_at).toMatch(/Z$/);
    expect(body.finding_count).toBe(body.findings.length);
    const titles = body.findings.map((f) => f.title);
    expect(titles).toEqual(expect.arrayContaining(['AWS access key', 'GitHub token', 'Hard-coded secret', 'Committed .env file', '.env not in .gitignore']));
    const aws = body.findings.find((f) => f.title === 'AWS access key');
    expect(aws).toMatchObject({
      category: 'secrets',
      scanner_name: 'secrets',
      location: { target: 'acme/leaky', path: 'src/config.ts', line: 1, column: 24, url: null, method: null },
    });
    expect(aws?.id).toMatch(/^SEC-[A-Z0-9]{6}$/);
    expect(aws?.evidence).toContain('[REDACTED]');
    // The inline vigil-ignore comment hid the second copy.
    expect(body.findings.some((f) => (f.location as { path: string }).path === 'src/ignored.ts')).toBe(false);
    expect(body.stats).toMatchObject({ suppressed_inline: 1, repository: { ref: 'main', default_branch: 'main', private: false } });
  });

  it('reports code findings that span files: a password hash helper and a redirect check defined elsewhere', async () => {
    const res = await scan(freeKey, { repository: 'acme/shop' });
    expect(res.statusCode, res.body).toBe(200);
    const findings = res.json<{ findings: { rule_id: string; description: string; location: { path: string; line: number } }[] }>().findings;
    const code = findings.filter((f) => f.rule_id === 'weak-password-hash' || f.rule_id === 'open-redirect');
    expect(code.map((f) => `${f.rule_id} ${f.location.path}:${f.location.line}`).sort()).toEqual(['open-redirect routes/redirect.ts:5', 'weak-password-hash lib/insecurity.ts:2']);
    expect(code.find((f) => f.rule_id === 'weak-password-hash')?.description).toContain('models/user.ts:3');
    expect(code.find((f) => f.rule_id === 'open-redirect')?.description).toContain('lib/insecurity.ts only tests');
  });

  it('gives the same ids when the same repository is scanned again', async () => {
    const ids = async () => (await scan(freeKey, { repository: 'acme/leaky' })).json<{ findings: { id: string }[] }>().findings.map((f) => f.id);
    expect(await ids()).toEqual(await ids());
  });

  it('scans the ref it is given and stores every scan for the account', async () => {
    const res = await scan(freeKey, { repository: 'acme/clean', ref: 'main' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ finding_count: number }>().finding_count).toBe(0);
    const id = res.json<{ scan_id: string }>().scan_id;
    const stored = await t.app.inject({ method: 'GET', url: `/v1/scans/${id}`, headers: { 'x-api-key': freeKey } });
    expect(stored.json()).toEqual(res.json());
    const list = await t.app.inject({ method: 'GET', url: '/v1/scans?limit=1', headers: { 'x-api-key': freeKey } });
    expect(list.json<{ items: { scan_id: string }[] }>().items[0]?.scan_id).toBe(id);
    const other = await t.app.inject({ method: 'GET', url: `/v1/scans/${id}`, headers: { 'x-api-key': proKey } });
    expect(other.statusCode).toBe(404);
  });

  it('checks pinned dependencies against OSV when check_cves is true, and only then', async () => {
    const without = await scan(freeKey, { repository: 'acme/deps' });
    expect(without.statusCode, without.body).toBe(200);
    const titles = (res: typeof without) => res.json<{ findings: { title: string }[] }>().findings.map((f) => f.title);
    expect(titles(without).some((t) => t.includes('CVE-'))).toBe(false);
    const res = await scan(freeKey, { repository: 'acme/deps', check_cves: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ findings: Record<string, unknown>[]; warnings: string[] }>();
    const lodash = body.findings.find((f) => f.title === 'lodash@4.17.20: CVE-2021-23337');
    expect(lodash).toMatchObject({
      category: 'supply_chain',
      scanner_name: 'supply_chain',
      severity: 'HIGH',
      location: { target: 'acme/deps', path: 'package-lock.json', url: null, method: null },
      owasp_categories: ['A06:2021', 'A03:2025'],
    });
    expect(lodash?.remediation).toContain('4.17.21');
    expect(body.findings.find((f) => f.title === 'requests@2.28.0: CVE-2023-32681')).toBeDefined();
    expect(body.warnings).toEqual([]);
  });

  it('audits the repository\'s GitHub Actions workflows in the same scan', async () => {
    const res = await scan(freeKey, { repository: 'acme/deps' });
    const body = res.json<{ findings: { rule_id: string; category: string; scanner_name: string; location: { path: string; line: number; column: number } }[] }>();
    const injection = body.findings.find((f) => f.rule_id === 'template-injection');
    expect(injection).toMatchObject({ category: 'cicd', scanner_name: 'cicd', location: { path: '.github/workflows/greet.yml', line: 8, column: 31 } });
  });

  it('completes the scan with a warning when OSV cannot answer', async () => {
    osv.setFailure({ status: 503, count: 1_000 });
    try {
      const res = await scan(freeKey, { repository: 'acme/deps', check_cves: true });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ findings: { title: string; category: string }[]; warnings: string[] }>();
      expect(body.findings.some((f) => f.title.includes('CVE-'))).toBe(false);
      expect(body.warnings.join(' ')).toMatch(/known-vulnerability \(CVE\) check failed/);
      // The dependency risk checks still ran.
      expect(body.findings.some((f) => f.category === 'supply_chain')).toBe(true);
    } finally {
      osv.setFailure(undefined);
    }
  });

  it.each([
    [{ repository: 'not a repo' }, /expected|owner\/repo/i],
    [{ repository: 'https://gitlab.com/acme/leaky' }, /host.*expected owner\/repo/i],
    [{}, /repository/],
    [{ repository: 'acme/leaky', ref: '../../etc' }, /ref/i],
  ])('400 Bad request for %j', async (body, detail) => {
    const res = await scan(freeKey, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(detail);
  });

  it('the repository hint shows well-formed forms for the configured GitHub host', async () => {
    const res = await scan(freeKey, { repository: 'not a repo' });
    const host = new URL(fake.url).host;
    const hostname = new URL(fake.url).hostname;
    expect(res.json<{ detail: string }>().detail).toContain(
      `expected owner/repo, ${new URL(fake.url).protocol}//${host}/owner/repo (optionally ending in .git or /tree/<ref>), git@${hostname}:owner/repo.git or ssh://git@${hostname}/owner/repo.git`,
    );
  });

  it('404 Repository not found, with the token hint', async () => {
    const res = await scan(freeKey, { repository: 'acme/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Repository not found: acme\/nothing.*token/);
  });

  it('403 Access denied for a token without repo scope on a private repository', async () => {
    const res = await scan(proKey, { repository: 'acme/vault', token: 'gh' + 'p_PublicOnlyToken0123456789abcdefABCDE' });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.json<{ detail: string }>().detail).toMatch(/^(Access denied|Repository not found)/);
  });

  it('403 for a token request on the Free plan, before anything is downloaded', async () => {
    const before = fake.requests.length;
    const res = await scan(freeKey, { repository: 'acme/vault', token: ACCESS_TOKEN });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(/Pro or Team/);
    expect(fake.requests.length).toBe(before);
  });

  it('scans a private repository with a repo-scoped token on Pro', async () => {
    const res = await scan(proKey, { repository: 'acme/vault', token: ACCESS_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ findings: { title: string }[] }>().findings.map((f) => f.title)).toContain('AWS access key');
  });

  it('429 with Retry-After on GitHub primary and secondary rate limits, suggesting a token', async () => {
    const primary = await scan(freeKey, { repository: 'acme/primary' });
    expect(primary.statusCode).toBe(429);
    expect(Number(primary.headers['retry-after'])).toBeGreaterThan(60);
    expect(primary.json<{ detail: string }>().detail).toMatch(/^Rate limit: GitHub's .*token/);
    const secondary = await scan(freeKey, { repository: 'acme/secondary' });
    expect(secondary.statusCode).toBe(429);
    expect(secondary.headers['retry-after']).toBe('90');
  });

  it('400 Archive download failed for a truncated archive and for a failing archive host', async () => {
    for (const repo of ['acme/truncated', 'acme/flaky']) {
      const res = await scan(freeKey, { repository: repo });
      expect(res.statusCode, repo).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/^Archive download failed/);
    }
  });

  it('500 Scan failed when GitHub itself cannot be reached', async () => {
    const down = await createTestApp(ts, { env: { GITHUB_API_URL: 'http://127.0.0.1:9', VIGIL_GITHUB_RETRIES: '0' } });
    try {
      const res = await down.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': freeKey }, payload: { repository: 'acme/leaky' } });
      expect(res.statusCode).toBe(500);
      expect(res.json<{ detail: string }>().detail).toMatch(/^Scan failed/);
    } finally {
      await down.close();
    }
  });

  it('queues a scan while every slot is busy and answers it once one frees; 503 with Retry-After only when the queue is full', async () => {
    const busy = await createTestApp(ts, {
      env: { GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '1', VIGIL_MAX_CONCURRENT_SCANS: '1', VIGIL_MAX_QUEUED_SCANS: '1' },
      limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }),
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    fake.addRepo({ owner: 'acme', repo: 'held', files: { 'README.md': '# held\n' } });
    fake.intercept('GET', /^\/repos\/acme\/held\/tarball/, () => {
      held = true;
      return gate;
    });
    const post = (repository: string, progressId?: string) =>
      busy.app.inject({
        method: 'POST',
        url: '/v1/scan/github',
        headers: { 'x-api-key': freeKey, ...(progressId ? { 'x-vigil-progress-id': progressId } : {}) },
        payload: { repository },
      });
    const stage = async (id: string) => {
      const res = await busy.app.inject({ method: 'GET', url: `/v1/scans/progress/${id}`, headers: { 'x-api-key': freeKey } });
      return res.statusCode === 200 ? res.json<{ stage: string }>().stage : undefined;
    };
    try {
      const first = post('acme/held');
      for (let i = 0; i < 400 && !held; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(held).toBe(true);
      const second = post('acme/clean', 'waiting-scan-0001');
      for (let i = 0; i < 400 && (await stage('waiting-scan-0001')) === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await stage('waiting-scan-0001')).toBe('queued');
      const refused = await post('acme/clean');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('15');
      expect(refused.json<{ detail: string }>().detail).toBe('The repository scan queue is full (1 waiting, its limit); retry shortly');
      open();
      const [a, b] = await Promise.all([first, second]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.json<{ target: string }>().target).toBe('acme/clean');
      expect(await stage('waiting-scan-0001')).toBe('done');
    } finally {
      open();
      await busy.close();
    }
  });

  it('leaves no workspace folder behind', async () => {
    expect((await tmp.leftovers()).filter((name) => name.startsWith('vigil-src-'))).toEqual([]);
  });

  it('never writes a planted secret or the request token to a response, a log line or the database', async () => {
    const rows = await sql<{ dump: string }>`select coalesce(string_agg(row_to_json(s)::text, '\n'), '') as dump from scans s`.execute(ts.storage.db);
    const everything = [bodies.join('\n'), t.logs(), rows.rows[0]?.dump ?? ''];
    expect(everything[2]).toContain('acme/leaky'); // the search covers real content
    for (const secret of PLANTED) for (const text of everything) expect(text).not.toContain(secret);
  });
});
