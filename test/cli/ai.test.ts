import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { startFakeAnthropic } from '../fakes/ai/anthropic.js';
import type { FakeAi } from '../fakes/ai/server.js';
import { KEYS } from '../services/ai/providers/harness.js';
import { startFakeApi, type FakeApi } from '../scanners/http/servers.js';

const finding = {
  id: 'SEC-A1B2C3',
  category: 'secrets',
  severity: 'HIGH',
  title: '.env not in .gitignore',
  description: 'The repository uses dotenv files but does not ignore .env.',
  evidence: '.gitignore has no rule that ignores .env',
  location: { target: 'acme/demo', path: '.gitignore', line: 1, column: 1, url: null, method: null },
  scanner_name: 'secrets',
  remediation: 'Add .env* to .gitignore.',
  confidence: 0.9,
  owasp_categories: ['A07:2021'],
  rule_id: 'env-not-gitignored',
};

let dir: string;
let fake: FakeAi;
let api: FakeApi;
const key = KEYS.anthropic();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vigil-cli-ai-'));
  await writeFile(join(dir, 'finding.json'), JSON.stringify(finding));
  await writeFile(join(dir, 'scan.json'), JSON.stringify({ scan_id: 'x1', status: 'completed', target_type: 'github', target: 'acme/demo', finding_count: 1, findings: [finding] }));
  fake = await startFakeAnthropic({ apiKey: key });
  api = await startFakeApi({ cors: 'reflect-any' });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fake.close();
  await api.close();
});

async function vigil(env: Record<string, string>, ...args: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(args, { env: { VIGIL_DATA_DIR: join(dir, 'data'), ...env }, cwd: dir, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe('vigil explain / fix / triage', () => {
  it('streams the offline engine’s answers for a finding file, an id in a scan, and a scan', async () => {
    const explain = await vigil({}, 'explain', '--finding', 'finding.json');
    expect(explain.code, explain.err).toBe(0);
    expect(explain.out).toMatch(/offline/i);
    const fix = await vigil({}, 'fix', '--finding', 'SEC-A1B2C3', '--scan', 'scan.json');
    expect(fix.code).toBe(0);
    expect(fix.out).toContain('.env*');
    const triage = await vigil({}, 'triage', 'scan.json');
    expect(triage.code).toBe(0);
    expect(triage.out).toMatch(/1\./);
  });

  it('exits 2 with a clear message for an id without --scan or a missing file', async () => {
    const noScan = await vigil({}, 'explain', '--finding', 'SEC-A1B2C3');
    expect(noScan.code).toBe(2);
    expect(noScan.err).toMatch(/--scan/);
    expect((await vigil({}, 'triage', 'missing.json')).code).toBe(2);
  });

  it('streams from a configured provider and ends with the sentinel and exit 2 when it fails mid-answer', async () => {
    const env = { AI_PROVIDER: 'anthropic', AI_API_KEY: key, AI_BASE_URL: fake.url };
    fake.script({ pieces: ['Because', ' reasons'] });
    const ok = await vigil(env, 'explain', '--finding', 'finding.json');
    expect(ok.code).toBe(0);
    expect(ok.out).toBe('Because reasons\n');
    fake.script({ pieces: ['Half'], end: { error: 'overloaded' } });
    const broken = await vigil(env, 'fix', '--finding', 'finding.json');
    expect(broken.code).toBe(2);
    expect(broken.out).toMatch(/^Half\n\[SERVICE_ERROR\] /);
  });
});

describe('vigil scan api', () => {
  it('scans an allowed loopback API and refuses it without the allow-list', async () => {
    const allowed = await vigil({ SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, 'scan', 'api', api.url, '--format', 'json', '--fail-on', 'high');
    expect(allowed.code).toBe(1);
    expect(JSON.parse(allowed.out)).toMatchObject({ target_type: 'api', target: api.url });
    const refused = await vigil({}, 'scan', 'api', api.url);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/not publicly reachable/);
  });

  it('checks the --path endpoints too, and refuses a path without a leading slash', async () => {
    const withPaths = await vigil({ SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, 'scan', 'api', api.url, '--path', '/v1/users', '/v1/items', '--format', 'json');
    expect(withPaths.code).toBe(0);
    expect(JSON.parse(withPaths.out)).toMatchObject({ target_type: 'api' });
    expect(api.requests.some((q) => q.url === '/v1/users')).toBe(true);
    expect(api.requests.some((q) => q.url === '/v1/items')).toBe(true);
    const bad = await vigil({ SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, 'scan', 'api', api.url, '--path', 'v1/users');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--path takes at most 5 paths, each starting with \//);
  });

  it('probes the GET operations of an --openapi document, and fails with its reason when it cannot be read', async () => {
    const spec = await startFakeApi({
      intercept: (req, res) => {
        if (req.url !== '/openapi.json') return false;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"openapi":"3.0.0","paths":{"/v1/reports":{"get":{}}}}');
        return true;
      },
    });
    try {
      const ok = await vigil({ SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, 'scan', 'api', api.url, '--openapi', `${spec.origin}/openapi.json`, '--format', 'json');
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.out)).toMatchObject({ stats: { paths_probed: 1, openapi_get_operations: 1 } });
      expect(api.requests.some((q) => q.url === '/v1/reports')).toBe(true);
      const missing = await vigil({ SCAN_API_ALLOW_CIDRS: '127.0.0.1/32' }, 'scan', 'api', api.url, '--openapi', `${spec.origin}/nothing.json`);
      expect(missing.code).toBe(2);
      expect(missing.err).toMatch(/Invalid OpenAPI document|Could not fetch openapi_url/);
    } finally {
      await spec.close();
    }
  });
});
