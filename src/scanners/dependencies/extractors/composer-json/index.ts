/**
 * Composer manifests (`composer.json`): `require` (dev false) and `require-dev` (dev true),
 * all `direct: true`.
 *
 * - Platform requirements (`php`, `ext-*`, `lib-*`, `composer-*`) have no vendor prefix
 *   and are not packages; only `vendor/name` entries are reported, lower-cased.
 * - A plain version (`1.2.3`, `v1.2.3`) is also the `version`; other constraints
 *   (`^3.0`, `dev-main`, `>=1 <2`) are `requirement` only.
 * - Which `repositories` entry serves a package is decided by Composer at install time,
 *   so every package is `source: 'registry'`; the lockfile's URLs tell the rest.
 */
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { jsonLines, jsonPath, objectSection, readJsonObject } from '../json.js';
import { named } from '../shared.js';

const SECTIONS = [['require', false], ['require-dev', true]] as const;
const EXACT = /^v?\d+(?:\.\d+){0,3}(?:-[A-Za-z]+\d*)?$/;

export const extractor: Extractor = {
  id: 'composer-json',
  docs: {
    files: '`composer.json`',
    notes: '`require` and `require-dev` (platform packages left out)',
  },
  ecosystem: 'Packagist',
  ...named('composer.json'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = readJsonObject('manifest', path, text);
    if (failed) return failed;
    const lines = jsonLines(text, 2);
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const [section, dev] of SECTIONS) {
      const entries = objectSection(doc, section, path, warnings);
      if (!entries) continue;
      for (const [name, constraint] of Object.entries(entries)) {
        if (!name.includes('/')) continue;
        const line = lines.get(jsonPath(section, name)) ?? 1;
        const requirement = typeof constraint === 'string' ? constraint.trim() : undefined;
        const version = requirement && EXACT.test(requirement) ? requirement : undefined;
        packages.push({
          ecosystem: 'Packagist', name: name.toLowerCase(), direct: true, dev, path, line, source: 'registry',
          ...(version ? { version } : {}),
          ...(requirement ? { requirement } : {}),
        });
      }
    }
    return { kind: 'manifest', packages, warnings };
  },
  // `php` is a platform requirement, not a package; an exact constraint is also the version.
  examples: [{ path: 'composer.json', text: '{\n  "require": {\n    "php": ">=8.1",\n    "monolog/monolog": "^3.0"\n  },\n  "require-dev": {\n    "phpunit/phpunit": "10.5.0"\n  }\n}\n', packages: ['monolog/monolog direct prod line 4', 'phpunit/phpunit@10.5.0 direct dev line 7'] }],
};
