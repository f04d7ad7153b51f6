import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../../src/services/accounts/plans.js';
import { loadConfig, type Config } from '../../../src/config/index.js';
import { createScanEngine, type ScanEngine } from '../../../src/engine/runtime.js';
import { bullConnection, queueName } from '../../../src/services/scans/queue/redis.js';
import { SILENT_LOGGER } from '../../../src/services/scans/runner.js';
import { createRedisScanService, startScanWorkers } from '../../../src/services/scans/setup.js';
import { threadNices } from '../../helpers/thread-nices.js';
import type { ScanWorkers } from '../../../src/services/scans/worker.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { ROOT } from '../../helpers/service-process.js';
import { openTestStorage, TEST_REDIS_URL, type TestStorage } from '../../helpers/storage.js';
import { startFakeApi, type FakeApi } from '../../scanners/http/servers.js';

const SECRET = 'redis-queue-test-pepper-0123456789abcdef';
const TOKEN = 'gh' + 'p_QueueOnlyToken0123456789abcdefABCDEF';

let fake: FakeGitHub;
let target: FakeApi;
let ts: TestStorage;
const engines: ScanEngine[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(TOKEN, { scopes: ['repo'] });
  for (const repo of ['app', 'held', 'drain', 'a1', 'a2', 'a3', 'b1']) fake.addRepo({ owner: 'acme', repo, files: { 'README.md': `# ${repo}\n`, 'src/index.ts': 'export {};\n' } });
  target = await startFakeApi();
  ts = await openTestStorage('postgres');
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(engines.map((e) => e.close()));
  await ts.cleanup();
  await Promise.all([fake.close(), target.close()]);
});

/** The environment of one installation: its own queue prefix in the shared Redis, the test's schema in PostgreSQL. */
function installation(extra: Record<string, string> = {}): Record<string, string> {
  return {
    REDIS_URL: TEST_REDIS_URL,
    DATABASE_URL: ts.databaseUrl ?? '',
    VIGIL_KEY_PEPPER: SECRET,
    VIGIL_QUEUE_PREFIX: `vigil-test-${randomBytes(6).toString('hex')}`,
    VIGIL_DATA_DIR: ts.dataDir,
    GITHUB_API_URL: fake.url,
    VIGIL_GITHUB_RETRIES: '0',
    SCAN_API_ALLOW_CIDRS: '127.0.0.1/32',
    VIGIL_SCAN_WORKERS: '1',
    VIGIL_WORKER_LOCK_MS: '2000',
    ...extra,
  };
}

async function apiProcess(env: Record<string, string>): Promise<TestApp> {
  return createTestApp(ts, { env, limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }) });
}

async function worker(env: Record<string, string>): Promise<ScanWorkers> {
  const config: Config = loadConfig(env, ts.dataDir);
  const engine = createScanEngine({ workers: 1, timeoutMs: config.scanTimeoutMs });
  engines.push(engine);
  return startScanWorkers({ config, engine, storage: ts.storage, userAgent: 'vigil-test', log: SILENT_LOGGER, secret: SECRET });
}

/** `vigil worker` as its own process; resolves once it says it is ready. */
async function workerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'cli', 'index.ts'), 'worker'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${err}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('scan worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${err}`)));
  });
  return child;
}

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 1500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('scans on the Redis queue', () => {
  it('API processes enqueue and wait; a worker runs the scan, stores it and reports progress; the token never reaches Redis in clear', async () => {
    const env = installation();
    const workers = await worker(env);
    const t = await apiProcess(env);
    try {
      const key = await t.newAccount('pro');
      const api = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: target.url } });
      expect(api.statusCode, api.body).toBe(200);
      expect(api.json()).toMatchObject({ status: 'completed', target_type: 'api', target: target.url });
      expect(api.json().findings.length).toBeGreaterThan(0);

      const repo = await t.app.inject({
        method: 'POST',
        url: '/v1/scan/github',
        headers: { 'x-api-key': key, 'x-vigil-progress-id': 'redis-progress-0001' },
        payload: { repository: 'acme/app', token: TOKEN },
      });
      expect(repo.statusCode, repo.body).toBe(200);
      const body = repo.json<{ scan_id: string; target: string }>();
      expect(body.target).toBe('acme/app');
      const stored = await t.app.inject({ method: 'GET', url: `/v1/scans/${body.scan_id}`, headers: { 'x-api-key': key } });
      expect(stored.json()).toEqual(repo.json());
      const progress = await t.app.inject({ method: 'GET', url: '/v1/scans/progress/redis-progress-0001', headers: { 'x-api-key': key } });
      expect(progress.json()).toEqual({ stage: 'done' });

      const queue = new Queue(queueName('github'), { connection: bullConnection(TEST_REDIS_URL), prefix: env.VIGIL_QUEUE_PREFIX });
      try {
        const job = await queue.getJob(body.scan_id);
        expect(job).toBeDefined();
        const text = JSON.stringify(job?.data);
        expect(text).toContain('sealedToken');
        expect(text).not.toContain(TOKEN);
      } finally {
        await queue.close();
      }
    } finally {
      await t.close();
      await workers.close();
    }
  });

  it('answers 503 at once when no worker serves the queue', async () => {
    const t = await apiProcess(installation());
    try {
      const key = await t.newAccount('pro');
      const res = await t.app.inject({ method: 'POST', url: '/v1/scan/api', headers: { 'x-api-key': key }, payload: { url: target.url } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('15');
      expect(res.json().detail).toMatch(/^No scan worker is running/);
      const account = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
      expect(account.json().usage.scans).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('takes a waiting account\'s scan before the rest of another account\'s burst', async () => {
    const env = installation({ VIGIL_MAX_CONCURRENT_SCANS: '1' });
    const config = loadConfig(env, ts.dataDir);
    const engine = createScanEngine({ workers: 1, timeoutMs: 60_000 });
    engines.push(engine);
    const scans = createRedisScanService({ config, engine, storage: ts.storage, userAgent: 'vigil-test', secret: SECRET });
    const t = await apiProcess(env);
    try {
      const issuedA = await t.accounts.createAccount(`a-${Date.now()}@example.test`, 'team');
      const issuedB = await t.accounts.createAccount(`b-${Date.now()}@example.test`, 'team');
      const a = { id: issuedA.account.id, email: issuedA.account.email, plan: 'team' as const, key: issuedA.apiKey };
      const b = { id: issuedB.account.id, email: issuedB.account.email, plan: 'team' as const, key: issuedB.apiKey };
      // Queued before any worker runs: a's burst of three, then b's one.
      const ids: Record<string, string> = {};
      for (const [account, repo] of [[a, 'a1'], [a, 'a2'], [a, 'a3'], [b, 'b1']] as const) {
        ids[repo] = (await scans.submit({ account: { id: account.id, email: account.email, plan: account.plan }, request: { kind: 'github', repository: `acme/${repo}`, checkCves: false } })).scan_id;
      }
      const before = fake.requests.length;
      const workers = await worker(env);
      try {
        const statusOf = async (repo: string, account: typeof a) => {
          const res = await t.app.inject({ method: 'GET', url: `/v1/scans/${ids[repo] ?? ''}`, headers: { 'x-api-key': account.key } });
          return res.json<{ status: string }>().status;
        };
        await until(async () => (await statusOf('a3', a)) === 'completed', 'the last scan');
        const order = fake.requests
          .slice(before)
          .map((r) => /^\/repos\/acme\/(\w+)\/tarball/.exec(r.path)?.[1])
          .filter((name): name is string => name !== undefined);
        expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
        expect(await statusOf('b1', b)).toBe('completed');
      } finally {
        await workers.close();
      }
    } finally {
      await t.close();
      await scans.close();
    }
  });

  it('runs a scan again on another worker when its worker is killed with SIGKILL mid-scan', async () => {
    const env = installation();
    const first = await workerProcess(env);
    const t = await apiProcess(env);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    fake.intercept('GET', /^\/repos\/acme\/held\/tarball/, () => {
      held = true;
      return gate;
    });
    try {
      const key = await t.newAccount('pro');
      const answer = t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: { repository: 'acme/held' } });
      await until(() => held, 'the first worker to start downloading');
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const second = await worker(env);
      try {
        const res = await answer;
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'completed', target: 'acme/held' });
        // The fake records a request once answered: the killed worker's download never was, the second worker's was.
        const tarballs = fake.requests.filter((r) => r.path.startsWith('/repos/acme/held/tarball'));
        expect(tarballs.length).toBe(1);
        expect(first.exitCode === null && first.signalCode === 'SIGKILL').toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      open();
      await t.close();
    }
  }, 90_000);

  it('on SIGTERM a worker takes no new scan, finishes the running one and exits 0', async () => {
    const env = installation();
    const child = await workerProcess(env);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const t = await apiProcess(env);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    fake.intercept('GET', /^\/repos\/acme\/drain\/tarball/, () => {
      held = true;
      return gate;
    });
    try {
      const key = await t.newAccount('pro');
      const answer = t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: { repository: 'acme/drain' } });
      await until(() => held, 'the worker to start downloading');
      if (process.platform === 'linux' && child.pid !== undefined) {
        // A worker process is background work: every one of its threads runs at VIGIL_SCAN_NICE (default 10).
        const nices = [...threadNices(child.pid).values()];
        expect(nices.length).toBeGreaterThan(4);
        expect(new Set(nices)).toEqual(new Set([10]));
      }
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(child.exitCode).toBeNull();
      open();
      const res = await answer;
      expect(res.statusCode, res.body).toBe(200);
      expect(await exited).toBe(0);
    } finally {
      open();
      await t.close();
    }
  }, 90_000);
});

