import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWellFormedApiKey } from '../../src/services/accounts/keys.js';
import { runCli } from '../../src/cli/program.js';
import { createRuntime } from '../../src/main.js';
import { loadConfig } from '../../src/config/index.js';

describe('vigil accounts / keys commands', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vigil-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function vigil(...args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await runCli(args, {
      env: { VIGIL_DATA_DIR: dataDir },
      cwd: dataDir,
      out: (t) => (out += t),
      err: (t) => (err += t),
    });
    return { code, out, err };
  }

  const keyIn = (text: string) => {
    const keys = text.match(/vgl_live_[0-9A-Za-z]+/g) ?? [];
    expect(keys).toHaveLength(1);
    expect(isWellFormedApiKey(keys[0] ?? '')).toBe(true);
    return keys[0] ?? '';
  };

  async function authenticate(key: string) {
    const runtime = await createRuntime(loadConfig({ VIGIL_DATA_DIR: dataDir }, dataDir));
    try {
      return await runtime.accounts.authenticate(key);
    } finally {
      await runtime.close();
    }
  }

  let firstKey = '';

  it('accounts create prints a working key once', async () => {
    const result = await vigil('accounts', 'create', '--email', 'Dev@Example.test', '--plan', 'pro');
    expect(result.code).toBe(0);
    firstKey = keyIn(result.out);
    expect(result.out).toContain('dev@example.test (pro plan)');
    expect((await authenticate(firstKey))?.account).toMatchObject({ email: 'dev@example.test', plan: 'pro' });
  }, 30_000);

  it('refuses a second account for the same address and unknown plans', async () => {
    const dup = await vigil('accounts', 'create', '--email', 'dev@example.test');
    expect(dup.code).toBe(2);
    expect(dup.err).toContain('already exists');
    const bad = await vigil('accounts', 'create', '--email', 'x@example.test', '--plan', 'gold');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('Allowed choices are free, pro, team');
  }, 30_000);

  it('accounts set-plan changes the plan', async () => {
    const result = await vigil('accounts', 'set-plan', '--email', 'dev@example.test', '--plan', 'team');
    expect(result.code).toBe(0);
    expect((await authenticate(firstKey))?.account.plan).toBe('team');
    const missing = await vigil('accounts', 'set-plan', '--email', 'ghost@example.test', '--plan', 'pro');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('No account for ghost@example.test');
  }, 30_000);

  it('keys rotate prints a new key once, revokes the old one and mails the new one', async () => {
    const result = await vigil('keys', 'rotate', '--email', 'dev@example.test');
    expect(result.code).toBe(0);
    const newKey = keyIn(result.out);
    expect(newKey).not.toBe(firstKey);
    expect(await authenticate(firstKey)).toBeUndefined();
    expect(await authenticate(newKey)).toBeDefined();
    expect((await readdir(join(dataDir, 'outbox'))).filter((n) => n.endsWith('.eml')).length).toBe(1);
  }, 30_000);

  it('accounts list shows email, plan, creation date and key prefix, never a key or hash', async () => {
    const table = await vigil('accounts', 'list');
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/^EMAIL\s+PLAN\s+CREATED\s+KEY PREFIX\ndev@example\.test\s+team\s+\d{4}-\d\d-\d\d\s+vgl_live_\w{4}\n\n1 account\(s\)\n$/);
    const json = await vigil('accounts', 'list', '--format', 'json');
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.out) as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual(['created_at', 'email', 'key_prefix', 'plan']);
    expect(json.out).not.toMatch(/vgl_live_\w{20,}/);
    expect((await vigil('accounts', 'list', '--format', 'csv')).code).toBe(2);
  }, 30_000);

  it('explains that the embedded database is in use by another process', async () => {
    const runtime = await createRuntime(loadConfig({ VIGIL_DATA_DIR: dataDir }, dataDir));
    try {
      // Same process: simulate another owner by writing a live foreign pid (our parent's).
      const { writeFileSync } = await import('node:fs');
      await runtime.close();
      writeFileSync(join(dataDir, 'db', 'vigil.lock'), String(process.ppid));
      const result = await vigil('accounts', 'set-plan', '--email', 'dev@example.test', '--plan', 'free');
      expect(result.code).toBe(2);
      expect(result.err).toContain(`is in use by process ${process.ppid}`);
    } finally {
      await rm(join(dataDir, 'db', 'vigil.lock'), { force: true });
    }
  }, 30_000);
});
