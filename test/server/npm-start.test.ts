import { isAscii } from 'node:buffer';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
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

  it('starts again without building when nothing the build reads has changed', async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, HOST: '127.0.0.1', PORT: '0' };
    const npm = spawn('npm', ['start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', () => undefined);
    const npmExit = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      for (let i = 0; i < 600 && !/Server listening at http/.test(out) && npm.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
      expect(out).toMatch(/Server listening at http/);
      expect(out).toContain('dist/ is up to date with the sources');
      // No build ran: neither the bundler's lines nor Vite's.
      expect(out).not.toMatch(/bundled cli\/main\.cjs|vite v\d/);
      npm.kill('SIGTERM');
      expect(await npmExit).not.toBeNull();
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  }, 120_000);

  it('builds the command line and the file scanners as CommonJS bundles whose code caches the next runs use, on either parser, with the findings the sources give', async () => {
    const exec = promisify(execFile);
    if (!existsSync(join(dir, 'dist', 'cli', 'index.js'))) await exec('npm', ['run', 'build'], { cwd: dir, maxBuffer: 64 << 20 });
    for (const name of ['secrets', 'code', 'workflows']) {
      expect(existsSync(join(dir, 'dist', 'scanners', name, 'scanner.cjs')), name).toBe(true);
      expect(existsSync(join(dir, 'dist', 'scanners', name, 'scanner.cjs.v8cache')), name).toBe(true);
    }
    // The command line's own bundle, with a cache for `vigil scan` and one for the other commands.
    for (const file of ['main.cjs', 'main.cjs.v8cache', 'main.cjs.commands.v8cache']) expect(existsSync(join(dir, 'dist', 'cli', file)), file).toBe(true);
    // ASCII only, so V8 holds each as a one-byte string (a single non-ASCII character would double it).
    for (const bundle of ['cli/main.cjs', 'scanners/secrets/scanner.cjs', 'scanners/code/scanner.cjs', 'scanners/workflows/scanner.cjs']) {
      const text = await readFile(join(dir, 'dist', bundle), 'latin1');
      expect(isAscii(Buffer.from(text, 'latin1')), bundle).toBe(true);
      // Written inside the CommonJS wrapper, the text V8 compiles as it is (src/engine/scanner-module.ts).
      expect(text.startsWith("(function (exports, require, module, __filename, __dirname) {'use strict';\n"), bundle).toBe(true);
    }
    // The scan thread's entry is required, as any CommonJS file: not wrapped.
    expect((await readFile(join(dir, 'dist', 'engine', 'lane-worker.cjs'), 'latin1')).startsWith("'use strict';\n")).toBe(true);
    const tree = join(dir, 'scan-me');
    await mkdir(join(tree, '.github', 'workflows'), { recursive: true });
    await writeFile(join(tree, 'app.js'), "const { exec } = require('child_process');\napp.get('/run', (req, res) => { exec(req.query.cmd); res.send('ok'); });\n");
    await writeFile(
      join(tree, '.github', 'workflows', 'pr.yml'),
      'on: pull_request_target\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          ref: ${{ github.event.pull_request.head.sha }}\n      - run: npm ci && npm test\n',
    );
    // Reports, at exit, how each bundle was loaded (the built loader module, the one the scan uses).
    const hook = join(dir, 'report-loads.mjs');
    await writeFile(
      hook,
      `import { bundleLoads } from ${JSON.stringify(new URL(`file://${join(dir, 'dist', 'engine', 'scanner-module.js')}`).href)};\n` +
        `import { earlyScanThreadState } from ${JSON.stringify(new URL(`file://${join(dir, 'dist', 'engine', 'early-thread.js')}`).href)};\n` +
        `process.on('exit', () => process.stderr.write('LOADS ' + JSON.stringify(bundleLoads().map((l) => l.file.split('/').slice(-2).join('/') + ' ' + l.cache)) + '\\nEARLY ' + earlyScanThreadState() + '\\n'));\n`,
    );
    const loaded = (cache: string) => JSON.stringify(['cli/main.cjs', 'secrets/scanner.cjs', 'code/scanner.cjs', 'workflows/scanner.cjs'].map((file) => `${file} ${cache}`));
    const scan = async (args: string[], env: Record<string, string> = {}, at = tree) => {
      const { stdout, stderr } = await exec(process.execPath, [...args, 'scan', at, '--format', 'json'], { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
      const findings = (JSON.parse(stdout) as { findings: { id: string; scanner_name: string }[] }).findings.map(({ id: _id, ...rest }) => rest);
      return { findings, loads: /LOADS (.*)/.exec(stderr)?.[1], early: /EARLY (.*)/.exec(stderr)?.[1] };
    };
    const built = await scan(['--import', hook, join(dir, 'dist', 'cli', 'index.js')]);
    expect(built.loads).toBe(loaded('accepted'));
    expect(new Set(built.findings.map((f) => f.scanner_name))).toEqual(new Set(['code', 'cicd']));
    const uncached = await scan(['--import', hook, join(dir, 'dist', 'cli', 'index.js')], { VIGIL_CODE_CACHE: '0' });
    expect(uncached.loads).toBe(loaded('none'));
    expect(uncached.findings).toEqual(built.findings);
    // The WebAssembly parser (where the native one is not built) is loaded by the cached code scanner too.
    const wasm = await scan(['--import', hook, join(dir, 'dist', 'cli', 'index.js')], { VIGIL_PARSER: 'wasm' });
    expect(wasm.loads).toBe(loaded('accepted'));
    expect(wasm.findings).toEqual(built.findings);
    const sources = await scan(['--import', 'tsx', join(dir, 'src', 'cli', 'index.ts')]);
    expect(sources.findings).toEqual(built.findings);
    // A plain directory scan starts its first scan thread before its V8 flags (src/engine/early-thread.ts). A tree
    // this small stays on the main thread, which ends the thread once walked; past OFFLOAD_BYTES the code scanner runs on it.
    expect(built.early).toBe('discarded');
    const larger = join(dir, 'scan-me-larger');
    await mkdir(larger, { recursive: true });
    for (let i = 0; i < 40; i++) await writeFile(join(larger, `table-${i}.js`), `// table ${i}\nmodule.exports = [${'7, '.repeat(3000)}];\n`);
    await writeFile(join(larger, 'app.js'), await readFile(join(tree, 'app.js')));
    const early = await scan(['--import', hook, join(dir, 'dist', 'cli', 'index.js')], {}, larger);
    expect(early.early).toBe('taken');
    expect(early.loads).toBe(JSON.stringify(['cli/main.cjs', 'secrets/scanner.cjs', 'workflows/scanner.cjs'].map((file) => `${file} accepted`)));
    expect(early.findings.map((f) => f.scanner_name)).toContain('code');
    expect(early.findings).toEqual((await scan(['--import', 'tsx', join(dir, 'src', 'cli', 'index.ts')], {}, larger)).findings);

    // The command line's scan thread starts from its own CommonJS bundle, and scans with the built scanners.
    expect(existsSync(join(dir, 'dist', 'engine', 'lane-worker.cjs'))).toBe(true);
    const laneUrl = new URL(`file://${join(dir, 'dist', 'engine', 'lane.js')}`).href;
    const { threadScript } = (await import(new URL(`file://${join(dir, 'dist', 'core', 'thread-script.js')}`).href)) as typeof import('../../src/core/thread-script.js');
    expect(threadScript(laneUrl, 'lane-worker').bootstrap).toBe(`require(${JSON.stringify(join(dir, 'dist', 'engine', 'lane-worker.cjs'))})`);
    const { createThreadLane } = (await import(laneUrl)) as typeof import('../../src/engine/lane.js');
    const { FILE_SCANNERS } = (await import(new URL(`file://${join(dir, 'dist', 'scanners', 'index.js')}`).href)) as typeof import('../../src/scanners/index.js');
    const lane = createThreadLane();
    try {
      const result = await lane.run({ root: tree, paths: ['app.js'], scannerModules: FILE_SCANNERS.filter((s) => s.name === 'code').map((s) => s.module) });
      expect(result.findings.map((f) => [f.scanner, f.path])).toContainEqual(['code', 'app.js']);
    } finally {
      await lane.close();
    }

    // Other commands load the same bundle under V8's default flags, with the other cache; --version loads nothing.
    const other = async (args: string[]) => {
      const { stdout, stderr } = await exec(process.execPath, ['--import', hook, join(dir, 'dist', 'cli', 'index.js'), ...args], { cwd: dir, maxBuffer: 64 << 20 });
      return { stdout, loads: /LOADS (.*)/.exec(stderr)?.[1] };
    };
    const help = await other(['triage', '--help']);
    expect(help.stdout).toMatch(/^Usage: vigil triage/);
    expect(help.loads).toBe(JSON.stringify(['cli/main.cjs accepted']));
    const version = await other(['--version']);
    expect(version.stdout).toBe(`${JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).version}\n`);
    expect(version.loads).toBe('[]');
    // An error inside the bundle still ends as one line with exit code 2 (the error-to-message mapping is in the bundle too).
    const failed = await exec(process.execPath, [join(dir, 'dist', 'cli', 'index.js'), 'triage', 'missing.json'], { cwd: dir }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect({ code: failed?.code, stderr: failed?.stderr }).toEqual({ code: 2, stderr: 'vigil: cannot read missing.json\n' });
    // With VIGIL_DEBUG=1 its stack names the TypeScript sources' lines, not the bundle's (the maps beside the bundle).
    const debug = await exec(process.execPath, [join(dir, 'dist', 'cli', 'index.js'), 'triage', 'missing.json'], { cwd: dir, env: { ...process.env, VIGIL_DEBUG: '1' } }).then(
      () => undefined,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    expect(debug).toMatch(/^vigil: Error: cannot read missing\.json\n/);
    expect(debug).toContain(`${join(dir, 'src', 'cli')}/`);
    expect(debug).not.toMatch(/main\.cjs:\d+/);
  }, 300_000);
});
