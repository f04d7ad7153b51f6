import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// scripts/build-if-changed.mjs is `npm start`'s build step. Here it runs in a small checkout whose `npm run build`
// records each run and writes the outputs a start needs (or fails, when told to), so that what is checked is
// the script's decision: build when an input changed or an output is missing, skip otherwise.
describe('npm start builds only when the build inputs changed', () => {
  let dir: string;
  const builds = (): number => (existsSync(join(dir, 'builds.log')) ? readFileSync(join(dir, 'builds.log'), 'utf8').split('\n').filter(Boolean).length : 0);
  const start = (): { status: number | null; out: string } => {
    // The script's own `npm` from PATH, as in a shell (under npm it runs npm_execpath).
    const env = { ...process.env };
    delete env.npm_execpath;
    const run = spawnSync(process.execPath, [join(dir, 'scripts', 'build-if-changed.mjs')], { cwd: dir, env, encoding: 'utf8' });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-build-if-changed-'));
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(ROOT, 'scripts', 'build-if-changed.mjs'), join(dir, 'scripts', 'build-if-changed.mjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fake', private: true, type: 'module', scripts: { build: 'node build.js' } }));
    writeFileSync(
      join(dir, 'build.js'),
      [
        "import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';",
        "appendFileSync('builds.log', 'built\\n');",
        "if (existsSync('fail')) process.exit(1);",
        "mkdirSync('dist/cli', { recursive: true }); mkdirSync('dist/web', { recursive: true });",
        "for (const f of ['dist/server.js', 'dist/cli/index.js', 'dist/web/index.html']) writeFileSync(f, '');",
      ].join('\n'),
    );
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'server.ts'), 'export const a = 1;\n');
    mkdirSync(join(dir, 'web'));
    writeFileSync(join(dir, 'web', 'index.html'), '<div id="app"></div>\n');
    writeFileSync(join(dir, 'README.md'), 'read me\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the first time, then not again while nothing it builds from changes', () => {
    expect(start().status).toBe(0);
    expect(builds()).toBe(1);
    const again = start();
    expect(again.status).toBe(0);
    expect(again.out).toContain('up to date');
    expect(builds()).toBe(1);
    // Not an input: the README.
    writeFileSync(join(dir, 'README.md'), 'read me again\n');
    expect(start().status).toBe(0);
    expect(builds()).toBe(1);
  });

  it('builds again when a source, the dashboard or the lockfile changes, or an output is gone', () => {
    const before = builds();
    writeFileSync(join(dir, 'src', 'server.ts'), 'export const a = 2;\n');
    start();
    expect(builds()).toBe(before + 1);
    writeFileSync(join(dir, 'web', 'index.html'), '<div id="app" class="x"></div>\n');
    start();
    expect(builds()).toBe(before + 2);
    writeFileSync(join(dir, 'package-lock.json'), '{}\n');
    start();
    expect(builds()).toBe(before + 3);
    rmSync(join(dir, 'dist', 'web', 'index.html'));
    start();
    expect(builds()).toBe(before + 4);
    expect(start().out).toContain('up to date');
    expect(builds()).toBe(before + 4);
  });

  it('fails with the build, and builds again at the next start, even with the inputs of the last good build', () => {
    const before = builds();
    const good = readFileSync(join(dir, 'src', 'server.ts'), 'utf8');
    writeFileSync(join(dir, 'src', 'server.ts'), 'export const a = 3;\n');
    writeFileSync(join(dir, 'fail'), '');
    expect(start().status).not.toBe(0);
    expect(builds()).toBe(before + 1);
    rmSync(join(dir, 'fail'));
    // The failed build may have left part of dist/ from the changed sources: back to the good ones, it builds.
    writeFileSync(join(dir, 'src', 'server.ts'), good);
    expect(start().status).toBe(0);
    expect(builds()).toBe(before + 2);
    expect(start().out).toContain('up to date');
  });
});
