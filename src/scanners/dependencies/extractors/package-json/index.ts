import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { indexJsonKeys } from '../json-keys.js';
import { exactVersion, parseAlias, specSource } from '../npm-spec.js';
import { failure, isObj, neverThrows, named } from '../shared.js';

/**
 * package.json: the declared dependencies of one npm project. Every declaration is one
 * package (a name listed both in devDependencies and peerDependencies yields two, each with
 * its own line). The requirement is kept as written; `npm:` aliases name the real package.
 */
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

export const extractor: Extractor = {
  id: 'package-json',
  docs: {
    files: '`package.json`',
    notes: 'dependencies, devDependencies, optionalDependencies, peerDependencies; `npm:` aliases; git, URL, file and workspace specs',
  },
  ecosystem: 'npm',
  ...named('package.json'),
  extract: neverThrows('manifest', extractPackageJson),
  // Every declaration is direct; an exact spec is also the version.
  examples: [{ path: 'web/package.json', text: '{\n  "name": "web",\n  "dependencies": {\n    "react": "18.2.0",\n    "lodash": "^4.17.21"\n  },\n  "devDependencies": {\n    "vitest": "^3.0.0"\n  }\n}\n', packages: ['react@18.2.0 direct prod line 4', 'lodash direct prod line 5', 'vitest direct dev line 8'] }],
};

function extractPackageJson(path: string, text: string): ExtractResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return failure('manifest', path, `invalid JSON (${(err as Error).message})`);
  }
  if (!isObj(doc)) return failure('manifest', path, 'top level is not an object');
  const keys = indexJsonKeys(text);
  const packages: ExtractedPackage[] = [];
  const warnings: string[] = [];
  for (const section of SECTIONS) {
    const deps = doc[section];
    if (deps === undefined) continue;
    if (!isObj(deps)) {
      warnings.push(`${path}: ${section} is not an object`);
      continue;
    }
    const sectionLine = keys.line(section, 1);
    for (const [declared, spec] of Object.entries(deps)) {
      if (typeof spec !== 'string') {
        warnings.push(`${path}: ${section}.${declared} is not a string`);
        continue;
      }
      const alias = parseAlias(spec);
      const requirement = alias ? alias.range : spec;
      const version = exactVersion(requirement);
      packages.push({
        ecosystem: 'npm',
        name: alias ? alias.name : declared,
        requirement,
        ...(version !== undefined && { version }),
        direct: true,
        dev: section === 'devDependencies',
        path,
        line: keys.line(declared, 2, sectionLine),
        source: alias ? 'registry' : specSource(spec),
      });
    }
  }
  return { kind: 'manifest', packages, warnings };
}

