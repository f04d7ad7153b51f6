import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/gemfile/index.js';

const fixture = readFileSync(new URL('./Gemfile', import.meta.url), 'utf8');
const PATH = 'Gemfile';

describe('gemfile extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches Gemfile and gems.rb', () => {
    expect(extractor.matches('app/Gemfile')).toBe(true);
    expect(extractor.matches('gems.rb')).toBe(true);
    expect(extractor.matches('Gemfile.lock')).toBe(false);
  });

  it('reads gems with requirements and lines', () => {
    expect(result).toMatchObject({ kind: 'manifest', warnings: [] });
    expect(result.packages).toHaveLength(13);
    expect(byName.get('rails')).toEqual({
      ecosystem: 'RubyGems', name: 'rails', requirement: '~> 7.1.3', direct: true, dev: false,
      path: PATH, line: 6, source: 'registry',
    });
    expect(byName.get('pg')).toMatchObject({ requirement: '>= 1.1, < 2.0', line: 7 });
    expect(byName.get('puma')).toMatchObject({ version: '6.4.2', line: 8 });
    expect(byName.get('bootsnap')?.requirement).toBeUndefined();
  });

  it('reports git, github, path and other-server gems', () => {
    expect(byName.get('payments')).toMatchObject({ source: 'git', resolved: 'https://github.com/example/payments.git', line: 9 });
    expect(byName.get('billing')).toMatchObject({ source: 'path', line: 10 });
    expect(byName.get('sidekiq')).toMatchObject({ source: 'git', resolved: 'https://github.com/sidekiq/sidekiq.git' });
    expect(byName.get('corp-auth')).toMatchObject({
      version: '1.4.0', source: 'registry', resolved: 'https://gems.internal.example', line: 28,
    });
  });

  it('marks development and test groups as dev, including nested blocks', () => {
    expect(byName.get('rubocop')).toMatchObject({ dev: true, line: 13 });
    expect(byName.get('rspec-rails')).toMatchObject({ dev: true, line: 16 });
    expect(byName.get('debug')).toMatchObject({ dev: true, line: 19 });
    expect(byName.get('lograge')).toMatchObject({ dev: false, line: 24 });
    expect(byName.get('tzinfo-data')).toMatchObject({ dev: false, line: 27 });
  });

  it('turns broken lines into warnings without throwing', () => {
    const broken = extractor.extract(PATH, 'gem rails\n');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toEqual([expect.stringMatching(/^Gemfile:1: /)]);
  });
});
