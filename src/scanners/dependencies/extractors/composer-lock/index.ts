/**
 * Composer lockfiles (`composer.lock`, JSON): `packages` and `packages-dev` arrays.
 *
 * - `packages-dev` entries are `dev: true`.
 * - The version is kept as written (`v5.4.0`, `dev-main`); Packagist ordering handles both.
 * - `dist.url` (else `source.url`) is `resolved`; a non-empty `dist.shasum` (SHA-1) is
 *   `integrity` as `sha1:<hex>`; a `path` dist is `source: 'path'`.
 * - composer.lock does not record the root requirements, so every package is
 *   `direct: false`; the engine upgrades those composer.json declares.
 */
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { arraySection, jsonLines, jsonPath, readJsonObject } from '../json.js';
import { isObj, named, type Obj, str } from '../shared.js';

const SECTIONS = [['packages', false], ['packages-dev', true]] as const;

function toPackage(path: string, line: number, entry: Obj, dev: boolean): ExtractedPackage | undefined {
  const name = str(entry.name);
  if (!name) return undefined;
  const dist = isObj(entry.dist) ? entry.dist : {};
  const source = isObj(entry.source) ? entry.source : {};
  const version = str(entry.version);
  const resolved = str(dist.url) ?? str(source.url);
  const shasum = str(dist.shasum);
  return {
    ecosystem: 'Packagist', name: name.toLowerCase(), direct: false, dev, path, line,
    source: dist.type === 'path' ? 'path' : 'registry',
    ...(version ? { version } : {}),
    ...(resolved ? { resolved } : {}),
    ...(shasum ? { integrity: `sha1:${shasum}` } : {}),
  };
}

export const extractor: Extractor = {
  id: 'composer-lock',
  docs: {
    files: '`composer.lock`',
    notes: '`packages` and `packages-dev`; dist URL and shasum',
  },
  ecosystem: 'Packagist',
  ...named('composer.lock'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = readJsonObject('lockfile', path, text);
    if (failed) return failed;
    const lines = jsonLines(text, 2);
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const [section, dev] of SECTIONS) {
      const entries = arraySection(doc, section, path, warnings);
      if (!entries) continue;
      for (const [index, entry] of entries.entries()) {
        const line = lines.get(jsonPath(section, index)) ?? 1;
        const pkg = isObj(entry) ? toPackage(path, line, entry, dev) : undefined;
        if (pkg) packages.push(pkg);
        else warnings.push(`${path}:${line}: package entry without a name`);
      }
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // Names lower-cased; packages-dev is dev; the lockfile does not say what is direct.
  examples: [{ path: 'composer.lock', text: '{\n  "packages": [\n    { "name": "Monolog/Monolog", "version": "3.5.0" }\n  ],\n  "packages-dev": [\n    { "name": "phpunit/phpunit", "version": "10.5.9" }\n  ]\n}\n', packages: ['monolog/monolog@3.5.0 indirect prod line 3', 'phpunit/phpunit@10.5.9 indirect dev line 6'] }],
};
