import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/uv-lock/index.js';

const fixture = readFileSync(new URL('./uv.lock', import.meta.url), 'utf8');
const PATH = 'uv.lock';

describe('uv-lock extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches uv.lock', () => {
    expect(extractor.matches('services/api/uv.lock')).toBe(true);
    expect(extractor.matches('poetry.lock')).toBe(false);
  });

  it('reads registry packages with sdist URL, hash and header line', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('anyio')).toEqual({
      ecosystem: 'PyPI', name: 'anyio', version: '4.3.0', direct: true, dev: false,
      path: PATH, line: 4, source: 'registry',
      resolved: 'https://files.pythonhosted.org/packages/db/4d/anyio-4.3.0.tar.gz',
      integrity: 'sha256:f75253795a87df48568485fd18cdd2a3fa5c4f7c5be8e5e36637733fce06fed6',
    });
  });

  it('does not report the project itself and marks transitive packages', () => {
    expect(byName.has('demo-app')).toBe(false);
    expect(result.packages).toHaveLength(6);
    expect(byName.get('idna')).toMatchObject({ direct: false, dev: false, line: 17 });
    expect(byName.get('sniffio')).toMatchObject({ direct: false, dev: false, line: 55 });
  });

  it('marks packages only reachable from dev-dependencies as dev', () => {
    expect(byName.get('pytest')).toMatchObject({ direct: true, dev: true, line: 47 });
    expect(byName.get('iniconfig')).toMatchObject({ direct: false, dev: true, line: 37 });
  });

  it('reports git sources with a normalised name', () => {
    expect(byName.get('private-sdk')).toMatchObject({
      direct: true, source: 'git', line: 42, version: '2.1.0',
      resolved: 'https://github.com/example/private-sdk?rev=v2.1.0#6f1c2d3e4b5a69788796a5b4c3d2e1f0a9b8c7d6',
    });
  });

  it('turns broken TOML into one warning', () => {
    const broken = extractor.extract(PATH, 'version = 1\n[[package]\nname = "x"');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(extractor.extract(PATH, 'package = 3').warnings).toHaveLength(1);
  });
});
