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

  it('spells release candidates and custom toolchains as OSV does', () => {
    const stdlib = (mod: string) => extractor.extract('go.mod', `module example.com/m\n\n${mod}\n`).packages.find((p) => p.name === 'stdlib')?.version;
    expect(stdlib('go 1.18rc1')).toBe('1.18.0-rc.1');
    expect(stdlib('go 1.21beta2')).toBe('1.21.0-beta.2');
    expect(stdlib('go 1.21\ntoolchain go1.21.5-corp.2')).toBe('1.21.5');
    expect(stdlib('go 1.22\ntoolchain go1.22.3+auto')).toBe('1.22.3');
    expect(stdlib('go 1.22\ntoolchain default')).toBe('1.22.0');
  });

  it('reads go.sum beside a go.mod before Go 1.17, the highest version with a source hash per module', () => {
    const old = 'module example.com/m\n\ngo 1.16\n\nrequire github.com/gin-gonic/gin v1.7.0\n';
    expect(extractor.includes?.('svc/go.mod', old)).toEqual(['svc/go.sum']);
    expect(extractor.includes?.('go.mod', 'module example.com/m\n\ngo 1.17\n')).toEqual([]);
    expect(extractor.includes?.('go.mod', 'module example.com/m\n')).toEqual([]);
    const sum = [
      'github.com/gin-gonic/gin v1.6.3/go.mod h1:aaa=',
      'github.com/gin-gonic/gin v1.7.0 h1:bbb=',
      'github.com/gin-gonic/gin v1.7.0/go.mod h1:ccc=',
      'golang.org/x/sys v0.0.0-20200116001909-b77594299b42 h1:ddd=',
      'golang.org/x/sys v0.0.0-20210806184541-e5e7981a1069 h1:eee=',
      'golang.org/x/text v0.3.2/go.mod h1:fff=',
      'gopkg.in/yaml.v2 v2.2.8 h1:ggg=',
      'gopkg.in/yaml.v2 v2.4.0 h1:hhh=',
      'gopkg.in/yaml.v2 v2.10.0-rc.1 h1:iii=',
    ].join('\n');
    const out = extractor.extract('svc/go.sum', sum);
    expect(out.packages.map((p) => [p.name, p.version, p.direct, p.line])).toEqual([
      ['github.com/gin-gonic/gin', '1.7.0', false, 2],
      ['golang.org/x/sys', '0.0.0-20210806184541-e5e7981a1069', false, 5],
      ['gopkg.in/yaml.v2', '2.10.0-rc.1', false, 9],
    ]);
  });
});
