import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectLenient } from '../package-json/robustness.js';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/pnpm-lock/index.js';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const run = (name: string) => extractor.extract('pnpm-lock.yaml', fixture(name));
const summary = (name: string) => run(name).packages.map((p) => [p.name, p.version, p.direct, p.dev, p.line, p.source]);

describe('pnpm-lock extractor', () => {
  it('matches pnpm-lock.yaml only', () => {
    expect(extractor.matches('repo/pnpm-lock.yaml')).toBe(true);
    expect(extractor.matches('pnpm-workspace.yaml')).toBe(false);
  });

  it('reads lockfile v6 with peer suffixes, aliases, git and dev flags', () => {
    expect(summary('ok-v6.yaml')).toEqual([
      ['@tanstack/query-core', '5.36.0', false, false, 28, 'registry'],
      ['@tanstack/react-query', '5.36.0', true, false, 32, 'registry'],
      ['js-tokens', '4.0.0', false, false, 41, 'registry'],
      ['lodash', '3.10.1', true, false, 45, 'registry'],
      ['loose-envify', '1.4.0', false, false, 49, 'registry'],
      ['react', '18.3.1', true, false, 56, 'registry'],
      ['typescript', '5.4.5', true, true, 63, 'registry'],
      ['left-pad', '1.3.0', true, false, 69, 'git'],
    ]);
    const result = run('ok-v6.yaml');
    expect(result.kind).toBe('lockfile');
    expect(result.packages[1]).toMatchObject({ ecosystem: 'npm', path: 'pnpm-lock.yaml', integrity: 'sha512-reactquery==' });
    expect(result.packages[1]?.resolved).toBeUndefined();
    expect(result.packages[7]).toMatchObject({
      resolved: 'https://codeload.github.com/stevemao/left-pad/tar.gz/5f1d2f7b0f2a2f3e8a9b0c1d2e3f4a5b6c7d8e9f',
    });
  });

  it('reads lockfile v9 importers, packages and snapshots, deriving dev from reachability', () => {
    expect(summary('ok-v9.yaml')).toEqual([
      ['@types/node', '20.19.0', false, true, 31, 'registry'],
      // reached from vitest (dev) and from packages/api (production): not dev-only
      ['debug', '4.3.7', true, false, 34, 'registry'],
      ['ms', '2.1.3', false, false, 43, 'registry'],
      ['my-lib', '2.0.0', true, false, 46, 'git'],
      ['vitest', '3.2.4', true, true, 50, 'registry'],
    ]);
    const myLib = run('ok-v9.yaml').packages[3];
    expect(myLib?.resolved).toBe('https://github.com/acme/my-lib.git#0123456789abcdef0123456789abcdef01234567');
    expect(myLib?.integrity).toBeUndefined();
  });

  it('reads the project document of a pnpm 10/11 lockfile that starts with an environment document (pnpm itself)', () => {
    // typescript-eslint's pnpm-lock.yaml: `---`, the env lockfile (packageManagerDependencies), `---`, the lockfile.
    expect(run('ok-v9-env-document.yaml').warnings).toEqual([]);
    expect(summary('ok-v9-env-document.yaml')).toEqual([
      // an override to an npm alias, reached from a production importer
      ['@acme/typescript-fork', '5.9.0', true, false, 76, 'registry'],
      // a catalog: specifier resolves like any other
      ['@types/node', '20.19.0', true, true, 81, 'registry'],
      ['debug', '4.3.7', true, false, 84, 'registry'],
      ['ms', '2.1.3', false, false, 88, 'registry'],
      ['vitest', '3.2.4', true, true, 91, 'registry'],
    ]);
    // the environment document alone is still a lockfile: pnpm and its binaries are its packages
    const envOnly = fixture('ok-v9-env-document.yaml').split('\n---\n')[0] ?? '';
    expect(extractor.extract('pnpm-lock.yaml', envOnly).packages.map((p) => [p.name, p.line])).toEqual([
      ['@pnpm/exe.linux-x64', 15],
      ['pnpm', 21],
    ]);
    // a broken second document is still a broken file
    const broken = extractor.extract('pnpm-lock.yaml', `${envOnly}\n---\nlockfileVersion: '9.0'\npackages: [\n`);
    expect(broken.packages).toEqual([]);
    expect(broken.warnings[0]).toMatch(/^pnpm-lock\.yaml: invalid YAML/);
    expectLenient(extractor, 'pnpm-lock.yaml', fixture('ok-v9-env-document.yaml'));
  });

  it('reads lockfile 5.4 slash paths with underscore peer suffixes', () => {
    expect(summary('ok-v5.yaml')).toEqual([
      ['@types/react', '18.2.0', true, true, 16, 'registry'],
      ['react-dom', '18.2.0', true, false, 20, 'registry'],
      ['react', '18.2.0', false, false, 28, 'registry'],
    ]);
  });

  it('drops the registry host v5 writes before packages of other registries, and keeps host paths that are not versions', () => {
    const rows = run('ok-v5-registry-host.yaml').packages.map((p) => [p.name, p.version, p.direct]);
    expect(rows).toEqual([
      ['@corp/ui', '2.1.0', true],
      ['lodash', '4.17.20', true],
      ['tool', '1.0.0', true],
    ]);
  });

  it('reads local folders and tarballs (file:) with a peer suffix by their name and version, v6 and v9', () => {
    const rows = (name: string) => run(name).packages.map((p) => [p.name, p.version, p.direct, p.source, p.resolved, p.line]);
    expect(rows('ok-v6-file.yaml')).toEqual([
      ['js-tokens', '4.0.0', false, 'registry', undefined, 20],
      ['loose-envify', '1.4.0', false, 'registry', undefined, 24],
      ['react', '18.2.0', true, 'registry', undefined, 31],
      // `file:../design-system(react@18.2.0)`: the name and version come from the entry, the peer suffix is dropped
      ['design-system', '0.3.1', true, 'file', '../design-system', 38],
      // `file:..` (no slash after the dots) is still the importer's direct dependency
      ['one-up', '1.0.0', true, 'file', '..', 49],
      // `file:../no-name` has no name: nothing to report
    ]);
    expect(rows('ok-v9-file.yaml')).toEqual([
      // `@acme/widgets@file:../widgets`, referenced as `file:../widgets(react-dom@…(react@…))(react@…)`
      ['@acme/widgets', '2.4.0', true, 'file', '../widgets', 23],
      ['js-tokens', '4.0.0', false, 'registry', undefined, 30],
      ['loose-envify', '1.4.0', false, 'registry', undefined, 33],
      ['react-dom', '18.2.0', true, 'registry', undefined, 37],
      ['react', '18.2.0', true, 'registry', undefined, 42],
      ['scheduler', '0.23.2', false, 'registry', undefined, 46],
    ]);
  });

  it('reads v5 local paths with an underscore peer suffix, keeping underscores of folder names', () => {
    expect(run('ok-v5-file.yaml').packages.map((p) => [p.name, p.version, p.direct, p.source])).toEqual([
      ['react-dom', '18.2.0', true, 'registry'],
      // `file:./vendor/…` in the importer is `file:vendor/…` in packages
      ['local-tools', '0.0.7', true, 'file'],
      // `file:../my_forms_react-dom@18.2.0`: the folder is my_forms, the suffix is the peer
      ['my_forms', '3.0.0', true, 'file'],
      ['one-up', '1.0.0', true, 'file'],
      // the same folder with a peer suffix, named differently: both kept
      ['one-up-with-peer', '1.0.0', true, 'file'],
    ]);
  });

  it('turns a malformed file into one warning and no packages', () => {
    const result = run('broken-yaml.yaml');
    expect(result.packages).toEqual([]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^pnpm-lock\.yaml: invalid YAML/);
    expect(extractor.extract('pnpm-lock.yaml', 'packages: {}\n').warnings).toEqual(['pnpm-lock.yaml: no lockfileVersion']);
  });

  it('never throws on odd or truncated input', () => {
    expectLenient(extractor, 'pnpm-lock.yaml', fixture('ok-v6.yaml'));
    expectLenient(extractor, 'pnpm-lock.yaml', fixture('ok-v9.yaml'));
    expectLenient(extractor, 'pnpm-lock.yaml', fixture('ok-v5.yaml'));
  });
});
