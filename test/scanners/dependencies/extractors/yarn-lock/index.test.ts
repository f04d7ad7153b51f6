import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectLenient } from '../package-json/robustness.js';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/yarn-lock/index.js';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const run = (name: string) => extractor.extract('yarn.lock', fixture(name));

describe('yarn-lock extractor', () => {
  it('matches yarn.lock only', () => {
    expect(extractor.matches('apps/web/yarn.lock')).toBe(true);
    expect(extractor.matches('yarn.lock.bak')).toBe(false);
  });

  it('parses classic entries with multiple descriptors, scoped names, git and aliases', () => {
    const result = run('ok-classic.lock');
    expect(result.kind).toBe('lockfile');
    expect(result.warnings).toEqual([]);
    const summary = result.packages.map((p) => [p.name, p.version, p.direct, p.line, p.source]);
    expect(summary).toEqual([
      ['@babel/code-frame', '7.24.2', true, 5, 'registry'],
      ['@babel/highlight', '7.24.5', false, 13, 'registry'],
      ['left-pad', '1.3.0', true, 18, 'git'],
      ['my-lib', '2.0.0', true, 22, 'git'],
      ['react', '17.0.2', true, 26, 'registry'],
      // picocolors@^1.0.1 is required by nobody: the root declares it
      ['picocolors', '1.0.1', true, 31, 'registry'],
    ]);
    expect(result.packages[0]).toMatchObject({
      ecosystem: 'npm',
      path: 'yarn.lock',
      resolved: 'https://registry.yarnpkg.com/@babel/code-frame/-/code-frame-7.24.2.tgz#718b4b19841809a58b29b68cde80bc5e1aa6d9ae',
      integrity: 'sha512-codeframe==',
    });
    expect(result.packages[0]?.dev).toBeUndefined();
    expect(result.packages[3]?.resolved).toBe('git+ssh://git@github.com/acme/my-lib.git#0123456789abcdef0123456789abcdef01234567');
    expect(result.packages[3]?.integrity).toBeUndefined();
  });

  it('parses Berry entries, takes direct from the workspace entry, skips workspaces and patches', () => {
    const result = run('ok-berry.lock');
    expect(result.warnings).toEqual([]);
    const summary = result.packages.map((p) => [p.name, p.version, p.direct, p.line, p.source]);
    expect(summary).toEqual([
      ['@babel/core', '7.24.5', true, 8, 'registry'],
      ['debug', '4.3.4', true, 17, 'registry'],
      ['left-pad', '1.3.0', true, 29, 'git'],
      ['ms', '2.1.2', false, 36, 'registry'],
      // declared through a patch: protocol, which names the npm descriptor it patches
      ['resolve', '1.22.8', true, 49, 'registry'],
    ]);
    expect(result.packages[0]).toMatchObject({ integrity: '10c0/babelcore' });
    expect(result.packages[0]?.resolved).toBeUndefined();
    expect(result.packages[2]).toMatchObject({
      resolved: 'https://github.com/stevemao/left-pad.git#commit=5f1d2f7b0f2a2f3e8a9b0c1d2e3f4a5b6c7d8e9f',
    });
  });

  it('reads classic headers that name a package without a range', () => {
    const text = '# yarn lockfile v1\n\n\nlodash:\n  version "4.17.4"\n  resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.4.tgz"\n\n"@scope/pkg":\n  version "1.0.0"\n';
    const out = extractor.extract('yarn.lock', text);
    expect(out.warnings).toEqual([]);
    expect(out.packages.map((p) => [p.name, p.version, p.line, p.source])).toEqual([
      ['lodash', '4.17.4', 4, 'registry'],
      ['@scope/pkg', '1.0.0', 8, 'registry'],
    ]);
  });

  it('turns a malformed classic or Berry file into one warning and no packages', () => {
    for (const name of ['broken-classic.lock', 'broken-berry.lock']) {
      const result = run(name);
      expect(result.packages).toEqual([]);
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]).toMatch(/^yarn\.lock: /);
    }
    expect(run('broken-classic.lock').warnings[0]).toContain('line 5');
  });

  it('never throws on odd or truncated input', () => {
    expectLenient(extractor, 'yarn.lock', fixture('ok-classic.lock'));
    expectLenient(extractor, 'yarn.lock', fixture('ok-berry.lock'));
  });
});
