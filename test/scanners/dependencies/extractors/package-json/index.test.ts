import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectLenient } from './robustness.js';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/package-json/index.js';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const run = (name: string) => extractor.extract('web/package.json', fixture(name));

describe('package-json extractor', () => {
  it('matches package.json only', () => {
    expect(extractor.matches('a/b/package.json')).toBe(true);
    expect(extractor.matches('package.json')).toBe(true);
    expect(extractor.matches('package-lock.json')).toBe(false);
  });

  it('extracts every section with requirement, dev flag and line', () => {
    const result = run('ok-app.json');
    expect(result.kind).toBe('manifest');
    expect(result.warnings).toEqual([]);
    const byName = new Map(result.packages.map((p) => [p.name, p]));
    expect(result.packages).toHaveLength(14);
    expect(byName.get('@babel/core')).toMatchObject({
      ecosystem: 'npm', requirement: '^7.24.0', direct: true, dev: false, line: 7, source: 'registry', path: 'web/package.json',
    });
    expect(byName.get('@babel/core')?.version).toBeUndefined();
    expect(byName.get('lodash')).toMatchObject({ version: '4.17.21', requirement: '4.17.21', line: 8 });
    expect(byName.get('typescript')).toMatchObject({ requirement: '~5.4.0', dev: true, line: 19 });
    expect(byName.get('vitest')).toMatchObject({ requirement: 'latest', dev: true, line: 20 });
    expect(byName.get('fsevents')).toMatchObject({ requirement: '*', dev: false, line: 23 });
  });

  it('classifies git, URL, file, link and workspace specs', () => {
    const byName = new Map(run('ok-app.json').packages.map((p) => [p.name, p]));
    expect(byName.get('left-pad')).toMatchObject({ source: 'git', line: 9 });
    expect(byName.get('my-lib')).toMatchObject({ source: 'git', line: 10 });
    expect(byName.get('tarball')).toMatchObject({ source: 'url', line: 11 });
    expect(byName.get('local-util')).toMatchObject({ source: 'file', line: 12 });
    expect(byName.get('linked')).toMatchObject({ source: 'path', line: 13 });
    expect(byName.get('shared')).toMatchObject({ source: 'workspace', requirement: 'workspace:^', line: 14 });
    expect(byName.get('shorthand')).toMatchObject({ source: 'git', line: 16 });
  });

  it('resolves npm: aliases to the real package and keeps the range', () => {
    const reacts = run('ok-app.json').packages.filter((p) => p.name === 'react');
    expect(reacts).toEqual([
      expect.objectContaining({ requirement: '^17.0.2', source: 'registry', line: 15, dev: false }),
      expect.objectContaining({ requirement: '>=17', line: 26 }),
    ]);
  });

  it('turns a malformed file into one warning and no packages', () => {
    const result = run('broken-trailing-comma.json');
    expect(result.packages).toEqual([]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^web\/package\.json: invalid JSON/);
    expect(extractor.extract('package.json', '[1, 2]').warnings).toEqual(['package.json: top level is not an object']);
  });

  it('skips values of the wrong type with a warning each', () => {
    const result = run('ok-odd-values.json');
    expect(result.packages.map((p) => p.name)).toEqual(['b']);
    expect(result.warnings).toHaveLength(2);
  });

  it('never throws on odd or truncated input', () => {
    expectLenient(extractor, 'web/package.json', fixture('ok-app.json'));
  });
});
