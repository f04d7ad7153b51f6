import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/requirements-txt/index.js';

const fixture = readFileSync(new URL('./requirements.txt', import.meta.url), 'utf8');
const PATH = 'svc/requirements.txt';

describe('requirements-txt extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches the usual names of requirements files, and nothing else', () => {
    expect(extractor.matches('requirements.txt')).toBe(true);
    expect(extractor.matches('a/b/requirements-dev.txt')).toBe(true);
    expect(extractor.matches('dev-requirements.txt')).toBe(true);
    expect(extractor.matches('svc/test_requirements.txt')).toBe(true);
    expect(extractor.matches('requirements/base.txt')).toBe(true);
    expect(extractor.matches('app/requirements/prod.txt')).toBe(true);
    expect(extractor.matches('docs/notes.txt')).toBe(false);
    expect(extractor.matches('prerequirements.txt')).toBe(false);
    expect(extractor.matches('requirements/README.md')).toBe(false);
    expect(extractor.matches('requirements.in')).toBe(false);
    expect(extractor.matches('constraints.txt')).toBe(false);
  });

  it('reads == pins as versions with the entry line', () => {
    expect(result.kind).toBe('manifest');
    expect(byName.get('django')).toEqual({
      ecosystem: 'PyPI', name: 'django', version: '4.2.11', requirement: '==4.2.11',
      direct: true, path: PATH, line: 7, source: 'registry',
    });
  });

  it('keeps other specifiers as requirement only, dropping extras and comments', () => {
    const requests = byName.get('requests');
    expect(requests?.requirement).toBe('>=2.31,<3');
    expect(requests?.version).toBeUndefined();
    expect(requests?.line).toBe(8);
    expect(byName.get('flask-sqlalchemy')?.requirement).toBe('~=3.1');
    expect(byName.get('zope-interface')?.requirement).toBeUndefined();
  });

  it('strips environment markers', () => {
    expect(byName.get('pywin32')).toMatchObject({ version: '306', line: 11 });
  });

  it('joins continuation lines and records hashes', () => {
    expect(byName.get('cryptography')).toMatchObject({
      version: '42.0.5', line: 12, integrity: 'sha256:aaaa1111 sha256:bbbb2222',
    });
  });

  it('reports URL, editable VCS and local path requirements with their source', () => {
    expect(byName.get('my-lib')).toMatchObject({
      source: 'git', line: 15, resolved: 'git+https://github.com/example/my-lib.git@v1.0#egg=my-lib',
    });
    expect(byName.get('other-tool')).toMatchObject({ source: 'git', line: 16, direct: true });
    expect(byName.get('local-pkg')).toMatchObject({ source: 'path', line: 17 });
  });

  it('ignores includes and index options, and warns once for the unparsable line', () => {
    expect(result.packages).toHaveLength(9);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^svc\/requirements\.txt:18: /);
  });

  it('skips the project itself (-e .) and reads wheel files', () => {
    const local = extractor.extract(PATH, '-e .\n./dist/My_Pkg-1.2.0-py3-none-any.whl\n');
    expect(local.warnings).toEqual([]);
    expect(local.packages).toEqual([expect.objectContaining({ name: 'my-pkg', version: '1.2.0', source: 'file', line: 2 })]);
  });

  it('never throws on hostile input', () => {
    const hostile = ['\\', 'a[', 'x @', '-e', '\u0000\u0001', 'a'.repeat(10_000)].join('\n');
    expect(() => extractor.extract(PATH, hostile)).not.toThrow();
    expect(extractor.extract(PATH, '').packages).toEqual([]);
  });

  it('lists -r and -c includes against the including file\'s folder, never outside the workspace or a URL', () => {
    const text = ['-r base.txt', '--requirement=../shared/common.txt', '-c constraints.txt', '--constraint https://example.com/c.txt', '-r /etc/passwd', '-r ../../../x.txt', 'flask==2.0.0'].join('\n');
    expect(extractor.includes?.('svc/requirements/prod.txt', text)).toEqual(['svc/requirements/base.txt', 'svc/shared/common.txt', 'svc/requirements/constraints.txt']);
    expect(extractor.includes?.('requirements.txt', '-r ../up.txt\n-r common.txt')).toEqual(['common.txt']);
  });
});
