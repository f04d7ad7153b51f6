import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSocketPath } from '../../src/http/admin/socket.js';
import { ROOT, startService, type StartedService } from '../helpers/service-process.js';
import { OSV_RECORDS_DIR } from '../fakes/osv/index.js';

/** The vigil command as its own process, on the same data folder as the service. */
async function vigil(dataDir: string, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'vigil.js'), ...args], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', VIGIL_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
}

const keyIn = (text: string): string => {
  const keys = text.match(/vgl_live_[0-9A-Za-z]{38}/g) ?? [];
  expect(keys).toHaveLength(1);
  return keys[0] ?? '';
};

describe('admin commands while the service runs on the embedded database', () => {
  let dataDir: string;
  let service: StartedService;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-admin-'));
    service = await startService({ VIGIL_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  }, 60_000);
  afterAll(async () => {
    service.child.kill('SIGTERM');
    await service.exit;
    await rm(dataDir, { recursive: true, force: true });
  });

  const status = async (key: string): Promise<number> =>
    (await fetch(`${service.baseUrl}/v1/account`, { headers: { 'x-api-key': key } })).status;
  const plan = async (key: string): Promise<unknown> =>
    ((await (await fetch(`${service.baseUrl}/v1/account`, { headers: { 'x-api-key': key } })).json()) as { plan: unknown }).plan;

  it('listens on a socket only its user can reach', () => {
    const socket = adminSocketPath(dataDir);
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(socket, '..')).mode & 0o777).toBe(0o700);
  });

  it('creates, lists, re-plans and rotates through the running service', async () => {
    const created = await vigil(dataDir, 'accounts', 'create', '--email', 'Dev@Example.test', '--plan', 'pro');
    expect(created.code, created.err).toBe(0);
    expect(created.out).toContain('Account created for dev@example.test (pro plan).');
    const firstKey = keyIn(created.out);
    expect(await plan(firstKey)).toBe('pro');

    const listed = await vigil(dataDir, 'accounts', 'list', '--format', 'json');
    expect(listed.code, listed.err).toBe(0);
    const accounts = JSON.parse(listed.out) as { email: string; plan: string; created_at: string; key_prefix: string }[];
    expect(accounts.map((a) => [a.email, a.plan])).toEqual([
      ['owner@localhost', 'team'],
      ['dev@example.test', 'pro'],
    ]);
    expect(firstKey.startsWith(accounts[1]?.key_prefix ?? '?')).toBe(true);
    expect(listed.out).not.toContain(firstKey);

    const replanned = await vigil(dataDir, 'accounts', 'set-plan', '--email', 'dev@example.test', '--plan', 'team');
    expect(replanned.code, replanned.err).toBe(0);
    expect(await plan(firstKey)).toBe('team');

    const rotated = await vigil(dataDir, 'keys', 'rotate', '--email', 'dev@example.test', '--no-mail');
    expect(rotated.code, rotated.err).toBe(0);
    const newKey = keyIn(rotated.out);
    expect(await status(newKey)).toBe(200);
    expect(await status(firstKey)).toBe(401);
  }, 120_000);

  it("reports the service's refusals in one line with exit code 2", async () => {
    const duplicate = await vigil(dataDir, 'accounts', 'create', '--email', 'dev@example.test');
    expect(duplicate.code).toBe(2);
    expect(duplicate.err).toBe('vigil: An account for dev@example.test already exists\n');
    const missing = await vigil(dataDir, 'keys', 'rotate', '--email', 'ghost@example.test');
    expect(missing.code).toBe(2);
    expect(missing.err).toBe('vigil: No account for ghost@example.test\n');
  }, 120_000);

  it('imports OSV records and reports the offline database through the running service', async () => {
    const before = await vigil(dataDir, 'osv', 'status');
    expect(before.code, before.err).toBe(0);
    expect(before.out).toMatch(/^0 advisories \(0 withdrawn\) for 0 packages; OSV_MODE is online\.\nNo ecosystem has advisories yet/);
    const imported = await vigil(dataDir, 'osv', 'import', OSV_RECORDS_DIR);
    expect(imported.code, imported.err).toBe(0);
    const held = Number(/The offline database holds (\d+) advisories/.exec(imported.out)?.[1]);
    expect(held).toBeGreaterThan(0);
    const after = await vigil(dataDir, 'osv', 'status');
    expect(after.out).toContain(`${held} advisories`);
    // One line per ecosystem, with the import date.
    expect(after.out).toMatch(new RegExp(`\\n  npm +4 advisories, imported ${new Date().toISOString().slice(0, 10)}\\n`));
    const missing = await vigil(dataDir, 'osv', 'import', join(dataDir, 'no-such-export.zip'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^vigil: .*no-such-export\.zip: no such file or folder\n$/);
  }, 120_000);

  it('removes the socket when the service stops', async () => {
    service.child.kill('SIGTERM');
    expect(await service.exit).toBe(0);
    expect(existsSync(adminSocketPath(dataDir))).toBe(false);
    const offline = await vigil(dataDir, 'accounts', 'list');
    expect(offline.code, offline.err).toBe(0);
    expect(offline.out).toMatch(/^EMAIL\s+PLAN\s+CREATED\s+KEY PREFIX\nowner@localhost\s+team\s+\d{4}-\d\d-\d\d\s+vgl_live_\w{4}\n/);
  }, 120_000);
});
