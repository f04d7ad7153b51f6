import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectLenient } from '../package-json/robustness.js';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/package-lock/index.js';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const run = (name: string, path = 'package-lock.json') => extractor.extract(path, fixture(name));

describe('package-lock extractor', () => {
  it('matches package-lock.json and npm-shrinkwrap.json', () => {
    expect(extractor.matches('app/package-lock.json')).toBe(true);
    expect(extractor.matches('npm-shrinkwrap.json')).toBe(true);
    expect(extractor.matches('package.json')).toBe(false);
  });

  it('reads v3 packages with scoped, nested, git and dev entries', () => {
    const result = run('ok-v3.json');
    expect(result.kind).toBe('lockfile');
    expect(result.warnings).toEqual([]);
    expect(result.packages.map((p) => `${p.name}@${p.version}`)).toEqual([
      '@babel/core@7.24.5', 'semver@6.3.1', 'debug@4.3.4', 'left-pad@1.3.0', 'semver@7.6.0', 'typescript@5.4.5',
      'debug@3.2.7', 'react@17.0.2',
    ]);
    const [babel, nestedSemver, debug, leftPad, semver, ts] = result.packages;
    expect(babel).toMatchObject({
      ecosystem: 'npm', direct: true, dev: false, line: 20, source: 'registry', path: 'package-lock.json',
      resolved: 'https://registry.npmjs.org/@babel/core/-/core-7.24.5.tgz', integrity: 'sha512-babelcore==',
    });
    expect(nestedSemver).toMatchObject({ direct: false, line: 29, integrity: 'sha512-semver6==' });
    expect(debug).toMatchObject({ direct: true, line: 34 });
    expect(leftPad).toMatchObject({ direct: true, line: 39, source: 'git' });
    expect(leftPad?.integrity).toBeUndefined();
    // listed by the workspace packages/ui, installed at the top: direct; resolved off-registry: url
    expect(semver).toMatchObject({ direct: true, line: 44, source: 'url', resolved: 'https://mirror.example.com/semver-7.6.0.tgz' });
    expect(ts).toMatchObject({ direct: true, dev: true, line: 48 });
  });

  it('resolves workspace dependencies to the workspace copy first and names aliases by their real package', () => {
    const [, , , , , , wsDebug, alias] = run('ok-v3.json').packages;
    expect(wsDebug).toMatchObject({ name: 'debug', version: '3.2.7', direct: true, line: 67, integrity: 'sha512-debug3==' });
    expect(alias).toMatchObject({ name: 'react', version: '17.0.2', direct: true, line: 72, source: 'registry' });
  });

  it('names v1 aliases by their real package and version', () => {
    const result = run('ok-v1-aliases.json');
    expect(result.warnings).toEqual([]);
    expect(result.packages.map((p) => `${p.name}@${p.version ?? '∅'}`)).toEqual([
      '@babel/code-frame@7.0.0', '@babel/highlight@7.0.0', 'lodash@4.17.4', 'not-an-alias@npm-run-all-is-a-name-not-a-spec',
    ]);
    expect(result.packages[0]).toMatchObject({ source: 'registry', direct: true, line: 7 });
    expect(result.packages[2]).toMatchObject({ source: 'registry', direct: true, line: 20 });
  });

  it('reads v1 nested dependencies with lines inside the right block', () => {
    const result = run('ok-v1.json');
    expect(result.warnings).toEqual([]);
    const summary = result.packages.map((p) => [p.name, p.version, p.direct, p.line]);
    expect(summary).toEqual([
      ['@types/node', '18.19.3', true, 7],
      ['express', '4.18.2', true, 13],
      ['debug', '2.6.9', false, 22],
      ['ms', '2.0.0', false, 30],
      ['ms', '2.1.3', false, 37],
      ['my-fork', undefined, true, 42],
    ]);
    expect(result.packages[0]).toMatchObject({ dev: true, integrity: 'sha512-types==' });
    expect(result.packages[5]).toMatchObject({
      source: 'git', resolved: 'git+https://github.com/acme/my-fork.git#0123456789abcdef0123456789abcdef01234567',
    });
  });

  it('prefers packages over the legacy dependencies block in npm-shrinkwrap.json v2', () => {
    const result = run('ok-shrinkwrap.json', 'tools/npm-shrinkwrap.json');
    expect(result.packages).toEqual([
      expect.objectContaining({ name: 'chalk', version: '5.3.0', direct: true, line: 7, path: 'tools/npm-shrinkwrap.json' }),
    ]);
  });

  it('turns a malformed file into one warning and no packages', () => {
    const result = run('broken-truncated.json');
    expect(result.packages).toEqual([]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^package-lock\.json: invalid JSON/);
    expect(extractor.extract('package-lock.json', '{"name":"x"}').warnings).toHaveLength(1);
    expect(extractor.extract('package-lock.json', 'null').warnings).toEqual(['package-lock.json: top level is not an object']);
  });

  it('never throws on odd or truncated input', () => {
    expectLenient(extractor, 'package-lock.json', fixture('ok-v3.json'));
    expectLenient(extractor, 'package-lock.json', fixture('ok-v1.json'));
  });
});

describe('package-lock extractor on hostile nesting', () => {
  it('turns a v1 tree nested too deep to walk into one warning', () => {
    const depth = 20_000;
    const text = `{"lockfileVersion":1,"dependencies":${'{"a":{"version":"1.0.0","dependencies":'.repeat(depth)}{}${'}}'.repeat(depth)}}`;
    const result = extractor.extract('package-lock.json', text);
    expect(result.warnings).toHaveLength(1);
    expect(result.packages).toEqual([]);
  });
});
