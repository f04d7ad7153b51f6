/**
 * NuGet lockfiles (`packages.lock.json`): `dependencies` maps each target framework
 * (`net8.0`, `net8.0/win-x64`) to packages with `type`, `requested`, `resolved` and
 * `contentHash`.
 *
 * - `type: "Direct"` → `direct: true`; `Transitive` and `CentralTransitive` → false.
 * - `Project` entries are the solution's own projects and are not reported.
 * - A package locked at the same version for several frameworks is reported once (first line).
 * - `requested` is the `requirement`; `contentHash` (base64 SHA-512) is `integrity` as `sha512-<hash>`.
 */
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { jsonLines, jsonPath, parseJson } from '../json.js';
import { failure, isObj, named, type Obj, str } from '../shared.js';


function toPackage(path: string, line: number, name: string, entry: Obj): ExtractedPackage {
  const version = str(entry.resolved);
  const requirement = str(entry.requested);
  const contentHash = str(entry.contentHash);
  return {
    ecosystem: 'NuGet', name, direct: entry.type === 'Direct', path, line, source: 'registry',
    ...(version ? { version } : {}),
    ...(requirement ? { requirement } : {}),
    ...(contentHash ? { integrity: `sha512-${contentHash}` } : {}),
  };
}

export const extractor: Extractor = {
  id: 'packages-lock-json',
  docs: {
    files: '`packages.lock.json` (NuGet)',
    notes: 'Direct and Transitive entries for every target framework; contentHash',
  },
  ecosystem: 'NuGet',
  ...named('packages.lock.json'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = parseJson('lockfile', path, text);
    if (failed) return failed;
    if (!isObj(doc) || !isObj(doc.dependencies)) return failure('lockfile', path, 'no "dependencies" object');
    const lines = jsonLines(text, 3);
    const seen = new Set<string>();
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const [framework, entries] of Object.entries(doc.dependencies)) {
      if (!isObj(entries)) {
        warnings.push(`${path}: framework "${framework}" is not an object`);
        continue;
      }
      for (const [name, entry] of Object.entries(entries)) {
        const line = lines.get(jsonPath('dependencies', framework, name)) ?? 1;
        if (!isObj(entry)) {
          warnings.push(`${path}:${line}: entry "${name}" is not an object`);
          continue;
        }
        if (entry.type === 'Project') continue;
        const key = `${name.toLowerCase()}@${str(entry.resolved) ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        packages.push(toPackage(path, line, name, entry));
      }
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // `Project` entries are the solution's own projects.
  examples: [{ path: 'packages.lock.json', text: '{\n  "version": 1,\n  "dependencies": {\n    "net8.0": {\n      "Newtonsoft.Json": { "type": "Direct", "requested": "[13.0.3, )", "resolved": "13.0.3" },\n      "System.Memory": { "type": "Transitive", "resolved": "4.5.5" },\n      "MyApp.Core": { "type": "Project" }\n    }\n  }\n}\n', packages: ['Newtonsoft.Json@13.0.3 direct line 5', 'System.Memory@4.5.5 indirect line 6'] }],
};
