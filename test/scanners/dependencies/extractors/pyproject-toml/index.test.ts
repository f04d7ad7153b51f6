import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/pyproject-toml/index.js';

const read = (name: string): string => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
const PATH = 'pyproject.toml';

describe('pyproject-toml extractor', () => {
  it('matches pyproject.toml', () => {
    expect(extractor.matches('libs/core/pyproject.toml')).toBe(true);
    expect(extractor.matches('Cargo.toml')).toBe(false);
  });

  describe('PEP 621, PEP 735 and uv', () => {
    const result = extractor.extract(PATH, read('pep621.pyproject.toml'));
    const byName = new Map(result.packages.map((p) => [p.name, p]));

    it('reads [project] dependencies with their lines', () => {
      expect(result).toMatchObject({ kind: 'manifest', warnings: [] });
      expect(byName.get('fastapi')).toEqual({
        ecosystem: 'PyPI', name: 'fastapi', version: '0.110.0', requirement: '==0.110.0',
        direct: true, dev: false, path: PATH, line: 10, source: 'registry',
      });
      expect(byName.get('sqlalchemy')).toMatchObject({ requirement: '>=2.0,<2.1', line: 11 });
      expect(byName.get('sqlalchemy')?.version).toBeUndefined();
      expect(byName.get('pydantic-settings')).toMatchObject({ line: 12 });
      expect(byName.get('tzdata')).toMatchObject({ line: 13 });
      expect(byName.get('internal-models')).toMatchObject({
        source: 'git', line: 14, resolved: 'git+https://github.com/example/internal-models.git@v3',
      });
    });

    it('reads optional dependencies without a dev flag and groups as dev', () => {
      const asyncpg = byName.get('asyncpg');
      expect(asyncpg).toMatchObject({ version: '0.29.0', line: 18, direct: true });
      expect(asyncpg?.dev).toBeUndefined();
      expect(byName.get('pytest')).toMatchObject({ requirement: '>=8', dev: true, line: 22 });
      expect(byName.get('ruff')).toMatchObject({ version: '0.3.4', dev: true, line: 23 });
      expect(byName.get('mypy')).toMatchObject({ version: '1.9.0', dev: true, line: 27 });
    });

    it('ignores build-system requirements', () => {
      expect(byName.has('hatchling')).toBe(false);
      expect(result.packages).toHaveLength(9);
    });
  });

  describe('Poetry', () => {
    const result = extractor.extract(PATH, read('poetry.pyproject.toml'));
    const byName = new Map(result.packages.map((p) => [p.name, p]));

    it('treats a bare version as a pin and skips python', () => {
      expect(byName.has('python')).toBe(false);
      expect(byName.get('django')).toEqual({
        ecosystem: 'PyPI', name: 'django', version: '4.2.11', requirement: '4.2.11',
        direct: true, dev: false, path: PATH, line: 9, source: 'registry',
      });
      expect(byName.get('celery')).toMatchObject({ requirement: '^5.3', line: 10 });
      expect(byName.get('celery')?.version).toBeUndefined();
    });

    it('reports path and git dependencies and dev groups', () => {
      expect(byName.get('shared-utils')).toMatchObject({ source: 'path', line: 11 });
      expect(byName.get('payments-sdk')).toMatchObject({
        source: 'git', resolved: 'https://github.com/example/payments-sdk.git', line: 12,
      });
      expect(byName.get('pytest')).toMatchObject({ requirement: '^8.1', dev: true, line: 15 });
    });
  });

  it('finds the line of an item whose name prefixes an earlier one', () => {
    const text = '[project]\nname = "x"\ndependencies = [\n  "attrs-strict",\n  "attrs",\n]\n';
    const lines = extractor.extract(PATH, text).packages.map((p) => [p.name, p.line]);
    expect(lines).toEqual([['attrs-strict', 4], ['attrs', 5]]);
  });

  it('turns broken TOML into one warning', () => {
    const broken = extractor.extract(PATH, '[project]\ndependencies = ["a",');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(broken.warnings[0]).toMatch(/^pyproject\.toml: /);
  });
});
