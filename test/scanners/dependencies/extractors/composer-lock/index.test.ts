import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractor } from '../../../../../src/scanners/dependencies/extractors/composer-lock/index.js';

const fixture = readFileSync(new URL('./composer.lock', import.meta.url), 'utf8');
const PATH = 'composer.lock';

describe('composer-lock extractor', () => {
  const result = extractor.extract(PATH, fixture);
  const byName = new Map(result.packages.map((p) => [p.name, p]));

  it('matches composer.lock', () => {
    expect(extractor.matches('web/composer.lock')).toBe(true);
    expect(extractor.matches('composer.json')).toBe(false);
  });

  it('reads packages with dist URL and line', () => {
    expect(result).toMatchObject({ kind: 'lockfile', warnings: [] });
    expect(byName.get('monolog/monolog')).toEqual({
      ecosystem: 'Packagist', name: 'monolog/monolog', version: '3.5.0', direct: false, dev: false,
      path: PATH, line: 8, source: 'registry',
      resolved: 'https://api.github.com/repos/Seldaek/monolog/zipball/c915e2634718dbc8a4a15c61b0e62e7a44e14448',
    });
  });

  it('lower-cases names and records the SHA-1 shasum', () => {
    expect(byName.get('psr/log')).toMatchObject({
      line: 28, integrity: 'sha1:fe5ea303b0887d5caefd3d431c3e61ad47037001', resolved: 'https://repo.example.com/dist/psr/log/3.0.0.zip',
    });
  });

  it('reports path packages and dev packages', () => {
    expect(byName.get('acme/billing')).toMatchObject({ version: 'dev-main', source: 'path', line: 38 });
    expect(byName.get('phpunit/phpunit')).toMatchObject({
      version: '10.5.11', dev: true, line: 50, resolved: 'https://github.com/sebastianbergmann/phpunit.git',
    });
  });

  it('turns broken JSON into one warning', () => {
    const broken = extractor.extract(PATH, '{"packages": [ {"name": "a/b", }');
    expect(broken.packages).toEqual([]);
    expect(broken.warnings).toHaveLength(1);
    expect(extractor.extract(PATH, '{"packages": {}}').warnings).toHaveLength(1);
  });
});
