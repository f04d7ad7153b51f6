/**
 * Contract test: findings shaped exactly as the specification describes them are
 * accepted by every endpoint that takes a finding. The specification's Location
 * table: repository findings carry path, line and column (url and method null or,
 * in its fix-PR example, absent; one example also leaves out column); API-scan
 * findings carry url and method, and path, line and column are absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TITLES } from '../../src/scanners/secrets/rule.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';
import { leakyFiles } from '../services/fixes/fixture-repo.js';
import { SECRETS } from '../services/fixes/helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';

// Assembled at run time: this file holds no token whole.
const WRITE = ['gh', 'p_', 'SpecWriter0123456789abcdefABCDEFGHI'].join('');

/** The fix-PR example's shape: a repository secret finding with no url and no method. */
const awsKeyFinding = {
  id: 'SEC-K3Y9Q2',
  category: 'secrets',
  severity: 'CRITICAL',
  title: 'AWS access key',
  description: 'An AWS access key ID is committed to the repository.',
  evidence: 'AKIA************WPR',
  location: { target: 'acme/spec', path: 'src/config.ts', line: 1, column: 24 },
  scanner_name: 'secrets',
  remediation: 'Revoke the key in AWS IAM and load credentials from the environment.',
  confidence: 0.95,
  owasp_categories: ['A07:2021'],
};

/** The other fix-PR example's shape: no url, no method and no column either. */
const githubTokenFinding = {
  id: 'SEC-T0K3N7',
  category: 'secrets',
  severity: 'CRITICAL',
  title: 'GitHub token',
  description: 'A GitHub personal access token is committed to the repository.',
  evidence: 'ghp_****',
  location: { target: 'acme/spec', path: 'src/github.py', line: 3 },
  scanner_name: 'secrets',
  remediation: 'Revoke the token and use a secret store.',
  confidence: 0.9,
  owasp_categories: ['A07:2021'],
};

/** A repository finding as scan responses carry it: url and method null. */
const jwtFinding = {
  id: 'SEC-JWT4X8',
  category: 'secrets',
  severity: 'HIGH',
  title: 'JWT token',
  description: 'A JSON Web Token is committed to the repository.',
  evidence: 'eyJ****',
  location: { target: 'acme/spec', path: 'config/auth.json', line: 3, column: 10, url: null, method: null },
  scanner_name: 'secrets',
  remediation: 'Invalidate the token.',
  confidence: 0.8,
  owasp_categories: ['A07:2021'],
};

/** The .gitignore row of the fix-PR table, shaped like the fix-PR example (no url, no method). */
const envFinding = {
  id: 'SEC-ENV5G1',
  category: 'secrets',
  severity: 'HIGH',
  title: '.env not in .gitignore',
  description: 'The repository does not ignore .env files.',
  evidence: '.gitignore has no rule that ignores .env',
  location: { target: 'acme/spec', path: '.gitignore', line: 1 },
  scanner_name: 'secrets',
  remediation: 'Add .env* to .gitignore.',
  confidence: 0.9,
  owasp_categories: ['A05:2021'],
};

/** An API-scan finding: url and method, and no path, line or column. */
const headerFinding = {
  id: 'HDR-C5P1A2',
  category: 'headers',
  severity: 'HIGH',
  title: 'Missing Content-Security-Policy header',
  description: 'The response has no Content-Security-Policy header.',
  evidence: '(header absent)',
  location: { target: 'https://api.example.com', url: 'https://api.example.com/', method: 'GET' },
  scanner_name: 'api_headers',
  remediation: "Send Content-Security-Policy: default-src 'none'; frame-ancestors 'none'.",
  confidence: 0.9,
  owasp_categories: ['A05:2021'],
};

const REPOSITORY_FINDINGS = [awsKeyFinding, githubTokenFinding, jwtFinding, envFinding];
const EVERY_FINDING = [...REPOSITORY_FINDINGS, headerFinding];

const scanOf = (targetType: 'github' | 'api', target: string, findings: readonly { id: string }[]) => ({
  scan_id: targetType === 'github' ? 'spec1repo' : 'spec2api',
  status: 'completed',
  target_type: targetType,
  target,
  started_at: '2026-11-23T10:00:00Z',
  completed_at: '2026-11-23T10:00:04Z',
  finding_count: findings.length,
  findings,
});

let fake: FakeGitHub;
let ts: TestStorage;
let t: TestApp;
let key: string;
const emitted: string[] = [];

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(WRITE, { scopes: ['repo'] });
  fake.addRepo({ owner: 'acme', repo: 'spec', files: leakyFiles() });
  ts = await openTestStorage('embedded');
  t = await createTestApp(ts, { env: { GITHUB_API_URL: fake.url, VIGIL_GITHUB_RETRIES: '0' } });
  key = await t.newAccount('team');
});

afterAll(async () => {
  await t.close();
  await ts.cleanup();
  await fake.close();
});

async function post(url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
  emitted.push(res.body);
  return res;
}

const titleOf = (finding: { title: string; id: string }) => `${finding.title} (${finding.id})`;

describe('the specification\'s finding shapes', () => {
  it.each(EVERY_FINDING.map((f) => [titleOf(f), f] as const))('POST /v1/explain accepts %s', async (_name, finding) => {
    const res = await post('/v1/explain', { finding });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('[SERVICE_ERROR]');
    expect(res.body.length).toBeGreaterThan(0);
  });

  it.each(EVERY_FINDING.map((f) => [titleOf(f), f] as const))('POST /v1/fix accepts %s', async (_name, finding) => {
    const res = await post('/v1/fix', { finding });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('[SERVICE_ERROR]');
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('POST /v1/triage accepts a repository scan and an API scan of these findings', async () => {
    for (const scan of [scanOf('github', 'acme/spec', REPOSITORY_FINDINGS), scanOf('api', 'https://api.example.com', [headerFinding])]) {
      const res = await post('/v1/triage', { scan });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('[SERVICE_ERROR]');
      for (const finding of scan.findings) expect(res.body).toContain(finding.id);
    }
  });

  it.each(REPOSITORY_FINDINGS.map((f) => [titleOf(f), f] as const))('POST /v1/fix/pr opens a pull request for %s', async (_name, finding) => {
    const res = await post('/v1/fix/pr', { finding, repository: 'acme/spec', token: WRITE });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ pr_url: string; message: string }>();
    expect(body.pr_url).toMatch(/\/acme\/spec\/pull\/\d+$/);
    expect(body.message).toMatch(/^Opened pull request #\d+/);
    const branch = `vigil/fix-${finding.id.toLowerCase()}`;
    expect((await fake.pulls('acme', 'spec')).some((p) => p.head === branch && p.state === 'open')).toBe(true);
  });

  it('the pull requests redacted the secrets the findings point at', async () => {
    const cases = [
      [awsKeyFinding, 'src/config.ts', SECRETS.aws],
      [githubTokenFinding, 'src/github.py', SECRETS.github],
      [jwtFinding, 'config/auth.json', SECRETS.jwt],
    ] as const;
    for (const [finding, path, secret] of cases) {
      const file = await fake.readFile('acme', 'spec', `vigil/fix-${finding.id.toLowerCase()}`, path);
      expect(file?.toString('utf8'), path).toMatch(/REDACTED_/);
      expect(file?.includes(secret), path).toBe(false);
    }
    const gitignore = await fake.readFile('acme', 'spec', `vigil/fix-${envFinding.id.toLowerCase()}`, '.gitignore');
    expect(gitignore?.toString('utf8')).toContain('.env*');
  });

  it('POST /v1/fix/pr answers 400 naming what an API-shaped secret finding lacks, before calling GitHub', async () => {
    const before = fake.requests.length;
    const res = await post('/v1/fix/pr', {
      finding: { ...awsKeyFinding, location: { target: awsKeyFinding.location.target, url: null, method: null } },
      repository: 'acme/spec',
      token: WRITE,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: `Finding incomplete: a fix pull request for a "${TITLES.awsAccessKey}" finding needs the file and line of the secret, but finding.location.path and finding.location.line are missing; send the finding as the repository scan returned it`,
    });
    expect(fake.requests.length).toBe(before);
  });

  it('null for path, line and column reads as absent', async () => {
    const res = await post('/v1/explain', { finding: { ...headerFinding, location: { ...headerFinding.location, path: null, line: null, column: null } } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('still requires the location target', async () => {
    const res = await post('/v1/explain', { finding: { ...headerFinding, location: { url: headerFinding.location.url, method: headerFinding.location.method } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid request body: field "finding.location.target" is required' });
  });

  it('never emits a planted secret or the token', () => {
    const everything = `${emitted.join('\n')}\n${t.logs()}`;
    for (const secret of [...Object.values(SECRETS), WRITE]) expect(everything).not.toContain(secret);
  });
});
