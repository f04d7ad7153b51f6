import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/gemfile-lock/index.js';

const fixture = readFileSync(new URL('./Gemfile.lock', import.meta.url), 'utf8');
const PATH = 'Gemfile.lock';

describe('gemfile-lock extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches Gemfile.lock and gems.locked', () => {
    expect(extractor.matches('app/Gemfile.lock')).toBe(true);
    expect(extractor.matches('gems.locked')).toBe(true);
    expect(extractor.matches('Gemfile')).toBe(false);
  });

  it('reads GEM specs with remote, checksum and line; DEPENDENCIES marks direct gems', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('rack')).toEqual({
      ecosystem: 'RubyGems', name: 'rack', version: '2.2.8.1', direct: true, path: PATH, line: 28,
      source: 'registry', resolved: 'https://rubygems.org/',
      integrity: 'sha256:f2e1bbbfa0ff10d04ae5d8f59b1cd4bdbc5a3a6f5c3d3b3f0b8e2c6a1d9e4f7a',
    });
    expect(byName.get('faraday')).toMatchObject({ version: '2.9.0', direct: false, line: 18 });
    expect(byName.get('racc')?.integrity).toBeUndefined();
  });

  it('drops platform suffixes and reports a gem once per version', () => {
    expect(result.packages.filter((p) => p.name === 'nokogiri')).toEqual([
      expect.objectContaining({ version: '1.16.2', direct: true, line: 24 }),
    ]);
    expect(result.packages).toHaveLength(9);
  });

  it('reports GIT and PATH gems with their source', () => {
    expect(byName.get('payments')).toMatchObject({
      version: '2.3.0', direct: true, source: 'git', resolved: 'https://github.com/example/payments.git', line: 6,
    });
    expect(byName.get('billing')).toMatchObject({ version: '0.1.0', direct: true, source: 'path', line: 12 });
    expect(byName.get('billing')?.resolved).toBeUndefined();
  });

  it('turns a broken file into one warning', () => {
    const broken = extractor.extract(PATH, 'GEM\n  remote: https://rubygems.org/\n  specs:\n    rails 7.1.0\n');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toEqual([expect.stringMatching(/^Gemfile\.lock:4: /)]);
    expect(extractor.extract(PATH, '{"not": "a lockfile"}').warnings).toHaveLength(1);
  });
});
