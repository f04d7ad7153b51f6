/**
 * Bundler lockfiles (`Gemfile.lock`, also `gems.locked`).
 *
 * - `GEM`, `GIT` and `PATH` sections: gems are the `specs:` lines indented by four
 *   spaces (`name (version[-platform])`); six-space lines are their dependencies.
 *   GEM → `registry` (its `remote` as `resolved`), GIT → `git`, PATH → `path`.
 * - A platform suffix is dropped from the version (`1.16.2-x86_64-linux` → `1.16.2`);
 *   the same gem and version listed for several platforms is reported once.
 * - `DEPENDENCIES` names the gems the Gemfile declares (`direct`).
 * - `CHECKSUMS` (Bundler 2.5+) gives `integrity` (`sha256=<hex>` → `sha256:<hex>`).
 * - The lockfile does not record Gemfile groups, so `dev` is not set.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { named } from '../shared.js';

const MAX_LINE = 4096;
const SPEC = /^ {4}([A-Za-z0-9][A-Za-z0-9._-]*) \(([^)\s]+)\)$/;
const DEPENDENCY = /^ {2}([A-Za-z0-9][A-Za-z0-9._-]*)!?(?: \(.*\))?$/;
const CHECKSUM = /^ {2}([A-Za-z0-9][A-Za-z0-9._-]*) \(([^)\s]+)\)(?: (\S+))?$/;
const SOURCES: Readonly<Record<string, PackageSourceKind>> = Object.freeze({ GEM: 'registry', GIT: 'git', PATH: 'path' });

interface Spec {
  readonly name: string;
  readonly version: string;
  readonly line: number;
  readonly source: PackageSourceKind;
  readonly remote?: string;
}

/** `1.16.2-x86_64-linux` → `1.16.2` (RubyGems versions never contain `-`). */
function withoutPlatform(version: string): string {
  return version.split('-')[0] ?? version;
}

function integrityOf(value: string | undefined): string | undefined {
  const sha = value?.split(',').find((part) => part.startsWith('sha256='));
  return sha ? `sha256:${sha.slice('sha256='.length)}` : undefined;
}

export const extractor: Extractor = {
  id: 'gemfile-lock',
  docs: {
    files: '`Gemfile.lock`, `gems.locked`',
    notes: 'GEM, GIT and PATH sections; DEPENDENCIES for direct gems; CHECKSUMS',
  },
  ecosystem: 'RubyGems',
  ...named('Gemfile.lock', 'gems.locked'),
  extract(path: string, text: string): ExtractResult {
    const specs: Spec[] = [];
    const direct = new Set<string>();
    const checksums = new Map<string, string>();
    const warnings: string[] = [];
    let section = '';
    let remote: string | undefined;
    let inSpecs = false;
    for (const [index, raw] of text.split('\n').entries()) {
      const line = raw.replace(/\r$/, '').slice(0, MAX_LINE);
      const lineNo = index + 1;
      if (line.trim().length === 0) continue;
      if (/^[A-Z]/.test(line)) {
        section = line.trim();
        remote = undefined;
        inSpecs = false;
        continue;
      }
      const source = SOURCES[section];
      if (source) {
        if (line.startsWith('  remote: ')) remote = line.slice('  remote: '.length).trim();
        else if (line === '  specs:') inSpecs = true;
        else if (inSpecs && /^ {4}\S/.test(line)) {
          const match = SPEC.exec(line);
          if (match?.[1] && match[2]) {
            specs.push({ name: match[1], version: withoutPlatform(match[2]), line: lineNo, source, ...(remote ? { remote } : {}) });
          } else {
            warnings.push(`${path}:${lineNo}: cannot parse spec "${line.trim().slice(0, 200)}"`);
          }
        }
      } else if (section === 'DEPENDENCIES') {
        const match = DEPENDENCY.exec(line);
        if (match?.[1]) direct.add(match[1]);
      } else if (section === 'CHECKSUMS') {
        const match = CHECKSUM.exec(line);
        const integrity = integrityOf(match?.[3]);
        if (match?.[1] && match[2] && integrity) checksums.set(`${match[1]}@${withoutPlatform(match[2])}`, integrity);
      }
    }
    if (specs.length === 0 && warnings.length === 0 && text.trim().length > 0 && !/^(?:GEM|GIT|PATH)$/m.test(text)) {
      warnings.push(`${path}: no GEM, GIT or PATH section`);
    }
    const seen = new Set<string>();
    const packages: ExtractedPackage[] = [];
    for (const spec of specs) {
      const key = `${spec.name}@${spec.version}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const integrity = checksums.get(key);
      packages.push({
        ecosystem: 'RubyGems', name: spec.name, version: spec.version, direct: direct.has(spec.name),
        path, line: spec.line, source: spec.source,
        ...(spec.remote && spec.source !== 'path' ? { resolved: spec.remote } : {}),
        ...(integrity ? { integrity } : {}),
      });
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // The platform suffix is dropped; DEPENDENCIES names the direct gems.
  examples: [{ path: 'Gemfile.lock', text: 'GEM\n  remote: https://rubygems.org/\n  specs:\n    nokogiri (1.16.2-x86_64-linux)\n      racc (~> 1.4)\n    racc (1.7.3)\n\nPLATFORMS\n  x86_64-linux\n\nDEPENDENCIES\n  nokogiri\n', packages: ['nokogiri@1.16.2 direct line 4', 'racc@1.7.3 indirect line 6'] }],
};
