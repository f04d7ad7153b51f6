import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectLenient } from '../package-json/robustness.js';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/bun-lock/index.js';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const run = (name: string) => extractor.extract('bun.lock', fixture(name));

describe('bun-lock extractor', () => {
  it('matches the text bun.lock only', () => {
    expect(extractor.matches('web/bun.lock')).toBe(true);
    expect(extractor.matches('bun.lockb')).toBe(false);
  });

  it('reads packages from JSONC with comments and trailing commas', () => {
    const result = run('ok-workspace.lock');
    expect(result.kind).toBe('lockfile');
    expect(result.warnings).toEqual([]);
    expect(result.packages.map((p) => [p.name, p.version, p.direct, p.dev, p.line, p.source])).toEqual([
      // declared by the shared workspace, which has its own copy
      ['ms', '2.0.0', true, false, 28, 'registry'],
      ['@babel/core', '7.24.5', true, false, 30, 'registry'],
      ['debug', '4.3.7', false, undefined, 32, 'registry'],
      ['left-pad', undefined, true, false, 34, 'git'],
      ['local-util', undefined, true, false, 36, 'file'],
      ['ms', '2.1.3', false, undefined, 38, 'registry'],
      ['tarball', undefined, true, false, 40, 'url'],
      ['typescript', '5.4.5', true, true, 42, 'registry'],
    ]);
  });

  it('records the registry tarball, integrity and non-registry locations', () => {
    const byKey = run('ok-workspace.lock').packages;
    expect(byKey[1]).toMatchObject({ ecosystem: 'npm', path: 'bun.lock', integrity: 'sha512-babelcore==' });
    expect(byKey[1]?.resolved).toBeUndefined();
    expect(byKey[2]).toMatchObject({ resolved: 'https://npm.example.com/debug/-/debug-4.3.7.tgz', integrity: 'sha512-debug==' });
    expect(byKey[3]).toMatchObject({ resolved: 'github:stevemao/left-pad#5f1d2f7' });
    expect(byKey[3]?.integrity).toBeUndefined();
    expect(byKey[6]).toMatchObject({ resolved: 'https://example.com/tarball-1.0.0.tgz' });
  });

  it('turns a malformed file into one warning and no packages', () => {
    const result = run('broken-syntax.lock');
    expect(result.packages).toEqual([]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^bun\.lock: invalid JSONC/);
    expect(extractor.extract('bun.lock', '{"lockfileVersion": 1}').warnings).toEqual(['bun.lock: no packages object']);
  });

  it('keeps commas and slashes inside strings', () => {
    const text = '{ "packages": { "a": ["a@1.0.0", "", { "x": "//,}" }, "sha512-a,]/*"], }, }';
    expect(extractor.extract('bun.lock', text).packages[0]).toMatchObject({ name: 'a', version: '1.0.0', integrity: 'sha512-a,]/*' });
  });

  it('never throws on odd or truncated input', () => {
    expectLenient(extractor, 'bun.lock', fixture('ok-workspace.lock'));
  });
});
