import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/poetry-lock/index.js';

const fixture = readFileSync(new URL('./poetry.lock', import.meta.url), 'utf8');
const PATH = 'poetry.lock';

describe('poetry-lock extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches poetry.lock', () => {
    expect(extractor.matches('backend/poetry.lock')).toBe(true);
    expect(extractor.matches('poetry.lock.bak')).toBe(false);
  });

  it('reads every [[package]] with its header line and a normalised name', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('flask-cors')).toEqual({
      ecosystem: 'PyPI', name: 'flask-cors', version: '4.0.0', direct: false, dev: false,
      path: PATH, line: 3, source: 'registry',
      integrity: 'sha256:bc3492bfd6368d27cfe79c7821df5a8a319e1a6d5eab277a3794be19bdc51783',
    });
  });

  it('marks packages outside the main group as dev', () => {
    expect(byName.get('pytest')).toMatchObject({ version: '8.1.1', dev: true, line: 18 });
  });

  it('reports git sources with their URL', () => {
    expect(byName.get('internal-utils')).toMatchObject({
      source: 'git', resolved: 'https://github.com/example/internal-utils.git', line: 29,
    });
    expect(byName.get('internal-utils')?.integrity).toBeUndefined();
  });

  it('turns broken TOML into one warning', () => {
    const broken = extractor.extract(PATH, '[[package]]\nname = "x\nversion = ');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(broken.warnings[0]).toMatch(/^poetry\.lock: /);
  });

  it('supports lock 1.x dev categories', () => {
    const old = extractor.extract(PATH, '[[package]]\nname = "black"\nversion = "23.1.0"\ncategory = "dev"\n');
    expect(old.packages[0]).toMatchObject({ name: 'black', dev: true, line: 1 });
  });
});
