/**
 * Pipenv manifests (`Pipfile`, TOML): `[packages]` (dev false) and `[dev-packages]`
 * (dev true); every entry is declared by the project (`direct: true`).
 *
 * - `"*"`, `">=2"` or `{ version = "…" }` → `requirement`; `==x.y` also gives `version`.
 * - `{ git = … }` → git, `{ path = … }` → path or file, `{ file = … }` → url or file.
 * - `{ index = "name" }` resolves to that `[[source]]` URL as `resolved`.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { normalisePypiName, pinnedVersion, sourceOf } from '../pep508.js';
import { isObj, named, type Obj, str } from '../shared.js';
import { readToml, TomlLines } from '../toml.js';

const SECTIONS = [['packages', false], ['dev-packages', true]] as const;

function sourceUrls(doc: Obj): Map<string, string> {
  const urls = new Map<string, string>();
  for (const source of Array.isArray(doc.source) ? doc.source : []) {
    const name = isObj(source) ? str(source.name) : undefined;
    const url = isObj(source) ? str(source.url) : undefined;
    if (name && url) urls.set(name, url);
  }
  return urls;
}

function specOf(value: unknown, urls: ReadonlyMap<string, string>): { requirement?: string; source: PackageSourceKind; resolved?: string } {
  if (typeof value === 'string') return { requirement: value.trim(), source: 'registry' };
  if (!isObj(value)) return { source: 'registry' };
  const requirement = str(value.version);
  const base = requirement ? { requirement } : {};
  const git = str(value.git);
  const file = str(value.file);
  const local = str(value.path);
  if (git) return { ...base, source: 'git', resolved: git };
  if (file) return { ...base, source: sourceOf(file), resolved: file };
  if (local) return { ...base, source: sourceOf(local) === 'file' ? 'file' : 'path' };
  const index = str(value.index);
  const resolved = index ? urls.get(index) : undefined;
  return { ...base, source: 'registry', ...(resolved ? { resolved } : {}) };
}

export const extractor: Extractor = {
  id: 'pipfile',
  docs: {
    files: '`Pipfile`',
    notes: '`[packages]`, `[dev-packages]`, git/path/file entries, named indexes',
  },
  ecosystem: 'PyPI',
  ...named('Pipfile'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = readToml('manifest', path, text);
    if (failed) return failed;
    const lines = new TomlLines(text);
    const urls = sourceUrls(doc);
    const packages: ExtractedPackage[] = [];
    for (const [section, dev] of SECTIONS) {
      const entries = doc[section];
      if (!isObj(entries)) continue;
      const start = lines.header(section);
      for (const [name, value] of Object.entries(entries)) {
        const at = start < 0 ? -1 : lines.key(start, name);
        const { requirement, source, resolved } = specOf(value, urls);
        const version = requirement ? pinnedVersion(requirement.replace(/\s+/g, '')) : undefined;
        packages.push({
          ecosystem: 'PyPI', name: normalisePypiName(name), direct: true, dev, path,
          line: Math.max(at, start, 0) + 1, source,
          ...(version ? { version } : {}),
          ...(requirement ? { requirement } : {}),
          ...(resolved ? { resolved } : {}),
        });
      }
    }
    return { kind: 'manifest', packages, warnings: [] };
  },
  // Names as PyPI normalises them; only an `==` pin is a version.
  examples: [{ path: 'Pipfile', text: '[[source]]\nurl = "https://pypi.org/simple"\nname = "pypi"\n\n[packages]\nFlask = "==3.0.0"\nrequests = "*"\n\n[dev-packages]\npytest = ">=8"\n', packages: ['flask@3.0.0 direct prod line 6', 'requests direct prod line 7', 'pytest direct dev line 10'] }],
};
