import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EXTRACTOR_DOCS, renderSupplyChainDoc } from '../../../src/scanners/dependencies/docs.js';
import { EXTRACTORS } from '../../../src/scanners/dependencies/extractors/index.js';
import { extractorFor, isDependencyInput, scanDependencyFiles } from '../../../src/scanners/dependencies/scan.js';

describe('dependency extractor registry', () => {
  it('lists every extractor folder once, under its folder name, with a docs row', async () => {
    const folders = (await readdir(new URL('../../../src/scanners/dependencies/extractors/', import.meta.url), { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(EXTRACTORS.map((e) => e.id).sort()).toEqual(folders);
    expect(Object.keys(EXTRACTOR_DOCS).sort()).toEqual(folders);
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

  it('reads package-manager config files but no other files', () => {
    expect(isDependencyInput('.npmrc')).toBe(true);
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

describe('docs/rules/supply-chain.md', () => {
  it('is the page the scanner generates (run npm run docs:rules after changing a check)', async () => {
    const committed = await readFile(new URL('../../../docs/rules/supply-chain.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderSupplyChainDoc());
  });
});
