import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supplyChainPage } from '../../../src/scanners/dependencies/docs.js';
import { renderRulePage } from '../../../src/scanners/docs.js';
import { EXTRACTORS } from '../../../src/scanners/dependencies/extractors/index.js';
import { createScanPool } from '../../../src/engine/pool.js';
import { scanWorkspace } from '../../../src/engine/scan-workspace.js';
import { extractorFor, isDependencyInput, readDependencyInputs, scanDependencyFiles } from '../../../src/scanners/dependencies/scanner.js';
import { openLocalDirectory } from '../../../src/adapters/sources/local.js';

describe('dependency extractor registry', () => {
  it('lists every extractor folder once, under its folder name, with a docs row', async () => {
    const folders = (await readdir(new URL('../../../src/scanners/dependencies/extractors/', import.meta.url), { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(EXTRACTORS.map((e) => e.id).sort()).toEqual(folders);
    // The docs row is part of the extractor: the type requires it, and it may not be left empty.
    for (const e of EXTRACTORS) expect([e.id, e.docs.files.trim() !== '', e.docs.notes.trim() !== '']).toEqual([e.id, true, true]);
  });

  it.each([
    ['package.json', 'package-json'],
    ['web/package-lock.json', 'package-lock'],
    ['npm-shrinkwrap.json', 'package-lock'],
    ['requirements-dev.txt', 'requirements-txt'],
    ['services/api/go.mod', 'go-mod'],
    ['Gemfile.lock', 'gemfile-lock'],
    ['app/packages.lock.json', 'packages-lock-json'],
    ['gradle.lockfile', 'gradle-lockfile'],
  ])('routes %s to %s', (path, id) => {
    expect(extractorFor(path)?.id).toBe(id);
    expect(isDependencyInput(path)).toBe(true);
  });

  it('finds the same extractor by name as by asking each one in order', () => {
    // Every name an extractor declares, under folders, with Windows separators and near misses, plus
    // the pattern-matched files (requirements, Gradle lock files) and their look-alikes.
    const names = EXTRACTORS.flatMap((e) => e.fileNames ?? []);
    expect(names.length).toBeGreaterThan(20);
    const paths = [
      ...names.flatMap((n) => [n, `a/b/${n}`, `a\\b\\${n}`, `${n}.bak`, `x${n}`, n.toUpperCase()]),
      'requirements.txt', 'dev-requirements.txt', 'requirements/base.txt', 'REQUIREMENTS/prod.TXT', 'docs/requirements.md', 'a\\requirements\\b.txt',
      'gradle.lockfile', 'app/buildscript-gradle.lockfile', 'gradle/dependency-locks/compile.lockfile', 'other.lockfile', 'a\\gradle\\dependency-locks\\x.lockfile',
      'src/index.ts', 'README.md', '', 'package.json/', 'pnpm-lock.yaml.orig',
    ];
    for (const path of paths) expect([path, extractorFor(path)?.id]).toEqual([path, EXTRACTORS.find((e) => e.matches(path))?.id]);
    for (const e of EXTRACTORS) for (const n of e.fileNames ?? []) expect(e.matches(`deep/er/${n}`)).toBe(true);
  });

  it('reads package-manager config files but no other files', () => {
    expect(isDependencyInput('.npmrc')).toBe(true);
    expect(isDependencyInput('web/.yarnrc.yml')).toBe(true);
    expect(isDependencyInput('web/x.npmrc')).toBe(false);
    expect(isDependencyInput('src/index.ts')).toBe(false);
    expect(isDependencyInput('README.md')).toBe(false);
  });

  it('turns a broken file into a warning and keeps the others', () => {
    const result = scanDependencyFiles(
      [
        { path: 'package-lock.json', text: '{"lockfileVersion": 3, "packages": ' },
        { path: 'requirements.txt', text: 'requests==2.31.0\n' },
      ],
      new Set(['package-lock.json', 'requirements.txt']),
    );
    expect(result.warnings.some((w) => w.startsWith('package-lock.json: '))).toBe(true);
    expect(result.packages.map((p) => `${p.name}@${p.version}`)).toEqual(['requests@2.31.0']);
  });

  it('marks lockfile packages a manifest in the same folder declares as direct', () => {
    const lock = '[[package]]\nname = "requests"\nversion = "2.31.0"\n\n[[package]]\nname = "urllib3"\nversion = "2.2.1"\n';
    const manifest = '[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "^2.31"\n';
    const result = scanDependencyFiles(
      [
        { path: 'poetry.lock', text: lock },
        { path: 'pyproject.toml', text: manifest },
      ],
      new Set(['poetry.lock', 'pyproject.toml']),
    );
    const locked = result.packages.filter((p) => p.path === 'poetry.lock');
    expect(locked.map((p) => [p.name, p.direct])).toEqual([
      ['requests', true],
      ['urllib3', false],
    ]);
  });
});

describe('files pulled in by other files (pip -r / -c)', () => {
  const tree: Record<string, string> = {
    'requirements.txt': '-r deps/web.pins\nflask==2.0.0\n',
    'deps/web.pins': '-r ../common.cfg\n-r web.pins\njinja2==3.1.2\n',
    'common.cfg': 'pyyaml==5.3\n',
    'unrelated.cfg': 'django==1.0\n',
  };
  const read = (path: string) => Promise.resolve(tree[path]);

  it('reads each included file once, with the including file\'s extractor, following chains and stopping at cycles', async () => {
    const { inputs, unreadable } = await readDependencyInputs(['requirements.txt'], new Set(Object.keys(tree)), read);
    expect(unreadable).toBe(0);
    expect(inputs.map((i) => [i.path, i.extractor])).toEqual([
      ['requirements.txt', undefined],
      ['deps/web.pins', 'requirements-txt'],
      ['common.cfg', 'requirements-txt'],
    ]);
    const result = scanDependencyFiles(inputs, new Set(Object.keys(tree)));
    expect(result.packages.map((p) => `${p.name}@${p.version}:${p.path}`).sort()).toEqual([
      'flask@2.0.0:requirements.txt',
      'jinja2@3.1.2:deps/web.pins',
      'pyyaml@5.3:common.cfg',
    ]);
  });

  it('never reads a file the workspace does not hold', async () => {
    const { inputs } = await readDependencyInputs(['requirements.txt'], new Set(['requirements.txt']), read);
    expect(inputs.map((i) => i.path)).toEqual(['requirements.txt']);
  });

  it('reads them in a real scan, on the worker pool', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vigil-includes-'));
    const pool = createScanPool(1);
    try {
      for (const [path, text] of Object.entries(tree)) {
        await mkdir(join(dir, path, '..'), { recursive: true });
        await writeFile(join(dir, path), text);
      }
      const ws = await openLocalDirectory(dir);
      try {
        const outcome = await scanWorkspace(ws, 'acme/demo', { pool, timeoutMs: 60_000 });
        expect(outcome.stats.scanners.find((s) => s.name === 'supply_chain')?.files).toBe(3);
      } finally {
        await ws.dispose();
      }
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('docs/rules/supply-chain.md', () => {
  it('is the page the scanner generates (run npm run docs:rules after changing a check)', async () => {
    const committed = await readFile(new URL('../../../docs/rules/supply-chain.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderRulePage(supplyChainPage()));
  });
});
