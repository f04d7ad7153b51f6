import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/composer-json/index.js';

const fixture = readFileSync(new URL('./composer.json', import.meta.url), 'utf8');
const PATH = 'composer.json';

describe('composer-json extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches composer.json only', () => {
    expect(extractor.matches('web/composer.json')).toBe(true);
    expect(extractor.matches('composer.lock')).toBe(false);
  });

  it('reads vendor packages with requirement and line, skipping platform requirements', () => {
    expect(result).toMatchObject({ kind: 'manifest', warnings: [] });
    expect(result.packages.map((p) => p.name)).toEqual(['monolog/monolog', 'guzzlehttp/guzzle', 'acme/billing', 'phpunit/phpunit']);
    expect(byName.get('monolog/monolog')).toEqual({
      ecosystem: 'Packagist', name: 'monolog/monolog', requirement: '^3.5', direct: true, dev: false,
      path: PATH, line: 7, source: 'registry',
    });
  });

  it('treats a plain version as exact and keeps branch constraints as requirements', () => {
    expect(byName.get('guzzlehttp/guzzle')).toMatchObject({ version: '7.8.1', line: 8 });
    expect(byName.get('acme/billing')).toMatchObject({ requirement: 'dev-main', line: 9 });
    expect(byName.get('acme/billing')?.version).toBeUndefined();
  });

  it('marks require-dev as dev', () => {
    expect(byName.get('phpunit/phpunit')).toMatchObject({ dev: true, line: 12 });
  });

  it('turns broken JSON into one warning', () => {
    const broken = extractor.extract(PATH, '{"require": {"a/b": "^1"');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
  });
});
