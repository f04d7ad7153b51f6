import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('vigil scan on its own checkout', () => {
  // The repository holds deliberately vulnerable fixtures; .vigilignore names them, so a
  // user who scans the checkout sees only real findings. Files the checkout does not track
  // (data/, a built dist/, scratch/) are the developer's own and are left out of the count.
  it('reports nothing in the files under version control', async () => {
    const { stdout } = await promisify(execFile)('git', ['ls-files', '-z'], { cwd: ROOT, maxBuffer: 64 << 20 });
    const tracked = new Set(stdout.split('\0').filter(Boolean));
    expect(tracked.has('.vigilignore')).toBe(true);
    let out = '';
    const code = await runCli(['scan', ROOT, '--format', 'json'], { env: {}, cwd: ROOT, out: (t) => (out += t), err: () => undefined });
    expect(code).toBe(0);
    const result = JSON.parse(out) as { findings: { title: string; location: { path: string; line: number } }[] };
    const inTracked = result.findings.filter((f) => tracked.has(f.location.path)).map((f) => `${f.location.path}:${f.location.line} ${f.title}`);
    expect(inTracked).toEqual([]);
  }, 120_000);
});
