import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/pipfile-lock/index.js';

const fixture = readFileSync(new URL('./Pipfile.lock', import.meta.url), 'utf8');
const PATH = 'app/Pipfile.lock';

describe('pipfile-lock extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches Pipfile.lock only', () => {
    expect(extractor.matches('app/Pipfile.lock')).toBe(true);
    expect(extractor.matches('Pipfile')).toBe(false);
  });

  it('reads default packages with version, hash, index URL and line', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('jinja2')).toEqual({
      ecosystem: 'PyPI', name: 'jinja2', version: '3.1.3', direct: false, dev: false,
      path: PATH, line: 24, source: 'registry', resolved: 'https://pypi.org/simple',
      integrity: 'sha256:7d6d50dd97d52cbc355597bd845fabfbac3f551e1f99619e39a35ce8c370b5fa',
    });
    expect(byName.get('corp-auth')).toMatchObject({ line: 33, resolved: 'https://pkgs.internal.example/simple' });
    expect(byName.get('corp-auth')?.integrity).toBeUndefined();
  });

  it('reports git references', () => {
    expect(byName.get('tool-x')).toMatchObject({ source: 'git', resolved: 'https://github.com/example/tool-x.git', line: 38 });
    expect(byName.get('tool-x')?.version).toBeUndefined();
  });

  it('marks develop packages as dev', () => {
    expect(byName.get('pytest')).toMatchObject({ version: '8.1.1', dev: true, line: 45 });
  });

  it('turns broken JSON into one warning', () => {
    const broken = extractor.extract(PATH, '{"default": {"a": ');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(extractor.extract(PATH, '[]').warnings).toHaveLength(1);
  });
});
