import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/core/version.js';

const ROOT = join(import.meta.dirname, '..', '..');
const AWS_KEY = ['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/**
 * Runs a command as its own process. With closeStdout, the read end of its
 * standard output is closed at once, as `| head -1` does after one line: every
 * write of the child then fails with EPIPE.
 */
async function run(command: string, args: string[], options: { cwd: string; env?: Record<string, string>; closeStdout?: boolean }): Promise<Run> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), VIGIL_SCAN_WORKERS: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  if (options.closeStdout) child.stdout.destroy();
  else child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
  return { code, signal, out, err };
}

const vigil = (args: string[], options: { cwd: string; env?: Record<string, string>; closeStdout?: boolean }) =>
  run(process.execPath, [join(ROOT, 'bin', 'vigil.js'), ...args], options);

describe('the vigil command as a process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vigil-cli-proc-'));
    await mkdir(join(dir, 'repo'));
    await writeFile(join(dir, 'repo', 'config.js'), `export const awsKey = "${AWS_KEY}";\n`);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs through npx in the checkout, built or not', async () => {
    const result = await run('npx', ['vigil', '--version'], { cwd: ROOT });
    expect(result.err).toBe('');
    expect(result.out).toBe(`${VERSION}\n`);
    expect(result.code).toBe(0);
  }, 120_000);

  it('prints the version on its short path (-V, --version) exactly as commander does (--version with more arguments)', async () => {
    for (const args of [['--version'], ['-V'], ['--version', 'scan']]) {
      const result = await vigil(args, { cwd: dir });
      expect({ args, out: result.out, err: result.err, code: result.code }).toEqual({ args, out: `${VERSION}\n`, err: '', code: 0 });
    }
  }, 120_000);

  it('keeps its exit code and prints nothing when the reader of a scan goes away (EPIPE)', async () => {
    const result = await vigil(['scan', 'repo', '--format', 'json', '--fail-on', 'high'], { cwd: dir, env: { VIGIL_DATA_DIR: join(dir, 'data') }, closeStdout: true });
    expect(result.err).toBe('');
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
  }, 120_000);

  it('stops a streamed triage quietly with 0 when the reader goes away (EPIPE)', async () => {
    const scan = await vigil(['scan', 'repo', '--format', 'json', '--output', 'scan.json'], { cwd: dir, env: { VIGIL_DATA_DIR: join(dir, 'data') } });
    expect(scan.code, scan.err).toBe(0);
    const result = await vigil(['triage', 'scan.json'], { cwd: dir, env: { VIGIL_DATA_DIR: join(dir, 'data') }, closeStdout: true });
    expect(result.err).toBe('');
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
  }, 120_000);

  it('reports a runtime error in one line with exit code 2, and the stack only with VIGIL_DEBUG=1', async () => {
    const plain = await vigil(['triage', 'missing.json'], { cwd: dir });
    expect(plain.code).toBe(2);
    expect(plain.err).toBe('vigil: cannot read missing.json\n');
    const debug = await vigil(['triage', 'missing.json'], { cwd: dir, env: { VIGIL_DEBUG: '1' } });
    expect(debug.code).toBe(2);
    expect(debug.err).toMatch(/^vigil: Error: cannot read missing\.json\n\s+at /);
  }, 120_000);
});
