import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The checkout as a fresh clone would have it: its files (no data/, no dist/), sharing node_modules. */
async function freshCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-fresh-'));
  const { stdout } = await promisify(execFile)('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 << 20 });
  for (const path of stdout.split('\0').filter(Boolean)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await copyFile(join(ROOT, path), join(dir, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error; // deleted in the work tree, not yet in the index
    });
  }
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start on a fresh checkout', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await freshCopy();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds, serves on the embedded defaults with the owner key in a banner, and stops whole when npm is signalled', async () => {
    // Only what a new user's shell would have: no DATABASE_URL, no REDIS_URL, no AI key.
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, HOST: '127.0.0.1', PORT: '0' };
    const npm = spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const npmExit = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    let serverPid = 0;
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        const timer = setInterval(() => {
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (match?.[1]) {
            clearInterval(timer);
            resolve(match[1]);
          }
        }, 200);
        void npmExit.then((code) => {
          clearInterval(timer);
          reject(new Error(`npm start exited with ${code}:\n${err}`));
        });
      });
      serverPid = Number(/"pid":(\d+)/.exec(out)?.[1]);
      expect(serverPid).toBeGreaterThan(0);
      expect(serverPid).not.toBe(npm.pid);

      const health = await fetch(`${baseUrl}/health`);
      expect(health.status).toBe(200);
      const key = /vgl_live_[0-9A-Za-z]+/.exec(err)?.[0];
      expect(key, `no owner key in the banner:\n${err}`).toBeDefined();
      const account = await fetch(`${baseUrl}/v1/account`, { headers: { 'X-API-Key': key! } });
      expect(account.status).toBe(200);
      expect(((await account.json()) as { plan: string }).plan).toBe('team');
      const page = await fetch(`${baseUrl}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="app"');

      npm.kill('SIGTERM');
      await npmExit;
      for (let i = 0; i < 100 && alive(serverPid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alive(serverPid)).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (serverPid > 0 && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  }, 300_000);
});
