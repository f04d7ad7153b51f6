/**
 * Pipenv lockfiles (`Pipfile.lock`, JSON): `default` and `develop` map names to
 * `{ version: "==x.y", hashes, index, markers }` or to `git`/`path`/`file` references.
 *
 * - `develop` entries are `dev: true`.
 * - The first hash becomes `integrity`; the named `index` resolves to its `_meta.sources` URL.
 * - Pipfile.lock does not say which packages the Pipfile declares, so all are `direct: false`.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { jsonLines, jsonPath, objectSection, readJsonObject } from '../json.js';
import { normalisePypiName } from '../pep508.js';
import { isObj, named, type Obj, str } from '../shared.js';

const SECTIONS = ['default', 'develop'] as const;

function indexUrls(doc: Obj): Map<string, string> {
  const urls = new Map<string, string>();
  const sources = isObj(doc._meta) ? doc._meta.sources : undefined;
  if (!Array.isArray(sources)) return urls;
  for (const source of sources) {
    if (isObj(source) && str(source.name) && str(source.url)) urls.set(String(source.name), String(source.url));
  }
  return urls;
}

function sourceOf(entry: Obj): { source: PackageSourceKind; resolved?: string } {
  const git = str(entry.git);
  if (git) return { source: 'git', resolved: git };
  const file = str(entry.file);
  if (file) return { source: /^https?:/i.test(file) ? 'url' : 'file', resolved: file };
  if (str(entry.path)) return { source: 'path' };
  return { source: 'registry' };
}

function toPackage(path: string, line: number, name: string, entry: Obj, dev: boolean, urls: Map<string, string>): ExtractedPackage {
  const { source, resolved } = sourceOf(entry);
  const version = str(entry.version)?.replace(/^===?/, '');
  const hashes = entry.hashes;
  const integrity = Array.isArray(hashes) ? str(hashes[0]) : undefined;
  const index = str(entry.index);
  const indexUrl = index ? urls.get(index) : undefined;
  return {
    ecosystem: 'PyPI', name: normalisePypiName(name), direct: false, dev, path, line, source,
    ...(version ? { version } : {}),
    ...(resolved ?? indexUrl ? { resolved: resolved ?? indexUrl } : {}),
    ...(integrity ? { integrity } : {}),
  };
}

export const extractor: Extractor = {
  id: 'pipfile-lock',
  docs: {
    files: '`Pipfile.lock`',
    notes: '`default` and `develop`; hashes and index',
  },
  ecosystem: 'PyPI',
  ...named('Pipfile.lock'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = readJsonObject('lockfile', path, text);
    if (failed) return failed;
    const lines = jsonLines(text, 2);
    const urls = indexUrls(doc);
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const section of SECTIONS) {
      const entries = objectSection(doc, section, path, warnings);
      if (!entries) continue;
      for (const [name, entry] of Object.entries(entries)) {
        const line = lines.get(jsonPath(section, name)) ?? 1;
        if (isObj(entry)) packages.push(toPackage(path, line, name, entry, section === 'develop', urls));
        else warnings.push(`${path}:${line}: entry "${name}" is not an object`);
      }
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // develop is dev; the lockfile does not say what the Pipfile declares.
  examples: [{ path: 'Pipfile.lock', text: '{\n  "_meta": { "sources": [{ "name": "pypi", "url": "https://pypi.org/simple" }] },\n  "default": {\n    "Requests": { "version": "==2.31.0", "index": "pypi" }\n  },\n  "develop": {\n    "pytest": { "version": "==8.0.0" }\n  }\n}\n', packages: ['requests@2.31.0 indirect prod line 4', 'pytest@8.0.0 indirect dev line 7'] }],
};
