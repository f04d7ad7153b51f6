import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/go-mod/index.js';

const fixture = readFileSync(new URL('./go.mod', import.meta.url), 'utf8');
const PATH = 'go.mod';

describe('go-mod extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches go.mod', () => {
    expect(extractor.matches('cmd/tool/go.mod')).toBe(true);
    expect(extractor.matches('go.sum')).toBe(false);
  });

  it('reads require blocks and single lines, without the v prefix', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(result.packages).toHaveLength(8); // seven modules and the standard library
    expect(byName.get('github.com/gin-gonic/gin')).toEqual({
      ecosystem: 'Go', name: 'github.com/gin-gonic/gin', version: '1.9.1',
      direct: true, path: PATH, line: 8, source: 'registry',
    });
    expect(byName.get('github.com/pkg/errors')).toMatchObject({ version: '0.9.1', direct: true, line: 14 });
  });

  it('reports the standard library at the toolchain version, else the go directive', () => {
    expect(byName.get('stdlib')).toEqual({ ecosystem: 'Go', name: 'stdlib', version: '1.22.1', direct: true, path: PATH, line: 5, source: 'registry' });
    const only = extractor.extract('go.mod', 'module example.com/m\n\ngo 1.21\n');
    expect(only.packages).toEqual([{ ecosystem: 'Go', name: 'stdlib', version: '1.21.0', direct: true, path: 'go.mod', line: 3, source: 'registry' }]);
    expect(extractor.extract('go.mod', 'module example.com/m\n').packages).toEqual([]);
  });

  it('marks // indirect requirements as transitive, pseudo-versions included', () => {
    expect(byName.get('golang.org/x/crypto')).toMatchObject({ direct: false, line: 10 });
    expect(byName.get('golang.org/x/net')).toMatchObject({
      version: '0.0.0-20240311211500-2b2d1f9c8ee5', direct: false, line: 18,
    });
  });

  it('applies replace directives', () => {
    expect(byName.get('example.com/internal/auth')).toMatchObject({
      version: '0.3.0', source: 'path', resolved: '../auth', line: 11,
    });
    expect(byName.has('github.com/google/uuid')).toBe(false);
    expect(byName.get('github.com/example/uuid-fork')).toMatchObject({
      version: '1.6.1', source: 'url', resolved: 'github.com/example/uuid-fork@v1.6.1', direct: true, line: 9,
    });
  });

  it('turns a broken file into a warning without throwing', () => {
    const broken = extractor.extract(PATH, 'module x\n\nrequire (\n\tgithub.com/a/b\n)\n');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toEqual([expect.stringMatching(/^go\.mod:4: /)]);
    expect(extractor.extract(PATH, 'require (\n').warnings).toHaveLength(1);
  });
});
