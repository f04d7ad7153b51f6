import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { ROOT, startService } from '../helpers/service-process.js';
import { privateSchemaUrl, TEST_REDIS_URL } from '../helpers/storage.js';

describe('the service process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-proc-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  let ownerKey = '';

  it('prints the owner key once on first start, and the key works', async () => {
    const service = await startService({ VIGIL_DATA_DIR: dataDir, VIGIL_OWNER_EMAIL: 'admin@example.test' });
    try {
      // The banner follows the "listening" log line.
      for (let i = 0; i < 50 && !service.stderr().includes('shown once'); i++) await new Promise((r) => setTimeout(r, 100));
      const keys = service.stderr().match(/vgl_live_[0-9A-Za-z]{38}/g) ?? [];
      expect(keys).toHaveLength(1);
      ownerKey = keys[0] ?? '';
      expect(service.stderr()).toContain('shown once');
      const health = await fetch(`${service.baseUrl}/health`);
      expect(health.status).toBe(200);
      const account = await fetch(`${service.baseUrl}/v1/account`, { headers: { 'x-api-key': ownerKey } });
      expect(await account.json()).toMatchObject({ email: 'admin@example.test', plan: 'team' });
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);
    }
    expect(existsSync(join(dataDir, 'db', 'vigil.lock'))).toBe(false);
  }, 60_000);

  it('never prints a key again on later starts', async () => {
    const service = await startService({ VIGIL_DATA_DIR: dataDir });
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect(service.stderr()).not.toMatch(/vgl_live_/);
      const account = await fetch(`${service.baseUrl}/v1/account`, { headers: { 'x-api-key': ownerKey } });
      expect(account.status).toBe(200);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);
    }
  }, 60_000);

  it('refuses to start on invalid configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'server.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: 'http', VIGIL_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT: must be an integer');
  }, 60_000);
});

/** Runs the service entry point until it exits on its own; its exit code and stderr. */
async function runServiceToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr };
}

describe('a first start on a busy port', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-busy-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('fails with one line naming the address, and the next start shows a working owner key', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = String((blocker.address() as AddressInfo).port);
    const env = { VIGIL_DATA_DIR: dataDir, VIGIL_OWNER_EMAIL: 'first@example.test', HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'warn' };
    let failed: { code: number | null; stderr: string };
    try {
      failed = await runServiceToExit(env);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(failed.code).toBe(1);
    const lines = failed.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`127.0.0.1:${port}`);
    expect(lines[0]).toContain('set PORT');
    expect(failed.stderr).not.toMatch(/vgl_live_|\n\s+at /);
    // It failed before opening the database: nothing was created for the start that could not listen.
    expect(existsSync(join(dataDir, 'db'))).toBe(false);

    const service = await startService({ ...env, LOG_LEVEL: 'info' });
    try {
      for (let i = 0; i < 50 && !service.stderr().includes('shown once'); i++) await new Promise((r) => setTimeout(r, 100));
      const keys = service.stderr().match(/vgl_live_[0-9A-Za-z]{38}/g) ?? [];
      expect(keys).toHaveLength(1);
      expect(service.stderr()).toContain('npx vigil keys rotate --email first@example.test');
      const account = await fetch(`${service.baseUrl}/v1/account`, { headers: { 'x-api-key': keys[0] ?? '' } });
      expect(account.status).toBe(200);
      expect(await account.json()).toMatchObject({ email: 'first@example.test', plan: 'team' });
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exit).toBe(0);
    }
  }, 180_000);
});

describe('two service processes sharing PostgreSQL and Redis', () => {
  const env: Record<string, string> = {};
  let drop: () => Promise<void>;
  let dataDir: string;
  beforeAll(async () => {
    const schema = await privateSchemaUrl();
    drop = schema.drop;
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-two-'));
    Object.assign(env, {
      DATABASE_URL: schema.url,
      REDIS_URL: TEST_REDIS_URL,
      VIGIL_KEY_PEPPER: 'shared-pepper-for-two-processes-0123456789',
      VIGIL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
  });
  afterAll(async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('let exactly 10 of 50 concurrent requests to a 10-per-hour bucket through between them', async () => {
    // Start both first, so the owner bootstrap race is exercised too: only one may print a key.
    const logReady = { ...env, LOG_LEVEL: 'info' };
    const started = await Promise.allSettled([startService(logReady), startService(logReady)]);
    const [a, b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    if (a === undefined || b === undefined) {
      // One did not start: the other is stopped, so that it does not hold the schema the cleanup drops.
      const running = [a, b].filter((s) => s !== undefined);
      for (const s of running) s.child.kill('SIGTERM');
      await Promise.all(running.map((s) => s.exit));
      throw started.find((s): s is PromiseRejectedResult => s.status === 'rejected')?.reason;
    }
    try {
      await new Promise((r) => setTimeout(r, 500));
      const banners = [a, b].filter((s) => s.stderr().includes('vgl_live_'));
      expect(banners).toHaveLength(1);

      let out = '';
      const code = await runCli(['accounts', 'create', '--email', 'free@example.test', '--plan', 'free'], {
        env,
        cwd: dataDir,
        out: (t) => (out += t),
        err: () => undefined,
      });
      expect(code).toBe(0);
      const key = /vgl_live_[0-9A-Za-z]+/.exec(out)?.[0] ?? '';
      // GET /v1/account is in the account bucket (10 per hour on every plan), like scans on Free.
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${(i % 2 === 0 ? a : b).baseUrl}/v1/account`, { headers: { 'x-api-key': key } }).then((r) => r.status),
        ),
      );
      expect(responses.filter((s) => s === 200)).toHaveLength(10);
      expect(responses.filter((s) => s === 429)).toHaveLength(40);
    } finally {
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exit).toBe(0);
      expect(await b.exit).toBe(0);
    }
  }, 90_000);
});
