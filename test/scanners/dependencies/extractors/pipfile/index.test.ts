import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/pipfile/index.js';

const fixture = readFileSync(new URL('./Pipfile', import.meta.url), 'utf8');
const PATH = 'Pipfile';

describe('pipfile extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches Pipfile only', () => {
    expect(extractor.matches('app/Pipfile')).toBe(true);
    expect(extractor.matches('app/Pipfile.lock')).toBe(false);
  });

  it('reads requirements, == pins and lines', () => {
    expect(result).toMatchObject({ kind: 'manifest', warnings: [] });
    expect(result.packages).toHaveLength(7);
    expect(byName.get('requests')).toEqual({
      ecosystem: 'PyPI', name: 'requests', requirement: '*', direct: true, dev: false,
      path: PATH, line: 12, source: 'registry',
    });
    expect(byName.get('django')).toMatchObject({ version: '4.2.11', line: 13 });
    expect(byName.get('flask')).toMatchObject({ requirement: '>=2.0', line: 14 });
  });

  it('resolves named indexes and reports git and path entries', () => {
    expect(byName.get('corp-auth')).toMatchObject({ version: '1.4.0', resolved: 'https://pkgs.internal.example/simple', line: 15 });
    expect(byName.get('tool-x')).toMatchObject({ source: 'git', resolved: 'https://github.com/example/tool-x.git', line: 16 });
    expect(byName.get('zope-interface')).toMatchObject({ source: 'path', line: 17 });
  });

  it('marks dev-packages as dev', () => {
    expect(byName.get('pytest')).toMatchObject({ requirement: '>=8', dev: true, line: 20 });
  });

  it('turns broken TOML into one warning', () => {
    const broken = extractor.extract(PATH, '[packages]\nrequests = "*\n');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
  });
});
