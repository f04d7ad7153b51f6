/**
 * Cargo lockfiles (`Cargo.lock`, TOML, versions 1–4): one `[[package]]` per crate.
 *
 * - `source = "registry+<url>"` / `"sparse+<url>"` → `registry` (the index URL as
 *   `resolved`, so other registries are visible); `"git+<url>#<rev>"` → `git`.
 * - Crates without a source are local: the workspace's own crates (listed by no other
 *   crate) are not reported; local crates that others depend on are `source: 'path'`.
 * - `direct` = listed in `dependencies` of a workspace crate; `checksum` → `sha256:<hex>`.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { named, type Obj, str } from '../shared.js';
import { packageTables } from '../toml.js';


/** `"serde"`, `"serde 1.0.1"` or `"serde 1.0.1 (registry+…)"` → `serde`. */
function depNames(pkg: Obj): string[] {
  const deps = pkg.dependencies;
  if (!Array.isArray(deps)) return [];
  return deps.map((d) => (typeof d === 'string' ? d.trim().split(/\s+/)[0] ?? '' : '')).filter((d) => d.length > 0);
}

function sourceOf(source: string | undefined): { source: PackageSourceKind; resolved?: string } {
  if (!source) return { source: 'path' };
  const plus = source.indexOf('+');
  const scheme = plus < 0 ? source : source.slice(0, plus);
  const location = plus < 0 ? undefined : source.slice(plus + 1);
  const kind: PackageSourceKind = scheme === 'git' ? 'git' : scheme === 'registry' || scheme === 'sparse' ? 'registry' : 'url';
  return { source: kind, ...(location ? { resolved: location } : {}) };
}

export const extractor: Extractor = {
  id: 'cargo-lock',
  docs: {
    files: '`Cargo.lock`',
    notes: 'lockfile v1–v4; registry or git source; checksum',
  },
  ecosystem: 'crates.io',
  ...named('Cargo.lock'),
  extract(path: string, text: string): ExtractResult {
    const { failed, tables: entries, named, warnings } = packageTables(path, text);
    if (failed) return failed;
    const depended = new Set<string>();
    const direct = new Set<string>();
    for (const pkg of entries) {
      const names = depNames(pkg);
      for (const name of names) depended.add(name);
      if (pkg.source === undefined) for (const name of names) direct.add(name);
    }
    const packages: ExtractedPackage[] = [];
    for (const { table: entry, name, line } of named) {
      const source = str(entry.source);
      if (!source && !depended.has(name)) continue; // a workspace crate: the project itself
      const version = str(entry.version);
      const checksum = str(entry.checksum);
      packages.push({
        ecosystem: 'crates.io', name, direct: direct.has(name), path, line, ...sourceOf(source),
        ...(version ? { version } : {}),
        ...(checksum ? { integrity: `sha256:${checksum}` } : {}),
      });
    }
    return { kind: 'lockfile', packages, warnings };
  },
  // The workspace crate `app` is the project itself; serde is its dependency.
  examples: [{ path: 'Cargo.lock', text: 'version = 3\n\n[[package]]\nname = "app"\nversion = "0.1.0"\ndependencies = ["serde"]\n\n[[package]]\nname = "serde"\nversion = "1.0.200"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "ddc6f9cc94d67c0e21aaf7eda3a010fd3af78ebf6e096aa6e2e13c79749cce4f"\n', packages: ['serde@1.0.200 direct line 8'] }],
};
