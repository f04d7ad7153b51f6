/**
 * Cargo manifests (`Cargo.toml`). Every entry is declared by the project (`direct: true`).
 *
 * - `[dependencies]`, `[build-dependencies]` (dev false), `[dev-dependencies]` (dev true),
 *   the same under `[target.<cfg>.…]`, and `[workspace.dependencies]`.
 * - `name = "1.2"` or `{ version = "…" }` → `requirement`; only `=1.2.3` is an exact `version`.
 * - `{ package = "real" }` renames: the registry name is reported.
 * - `{ git = … }` → git, `{ path = … }` → path, `{ registry = … }` stays registry.
 * - `{ workspace = true }` takes the requirement from this file's `[workspace.dependencies]`.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { isObj, named, type Obj, str } from '../shared.js';
import { readToml, TomlLines } from '../toml.js';

const KINDS = [['dependencies', false], ['build-dependencies', false], ['dev-dependencies', true]] as const;

interface Context {
  readonly path: string;
  readonly lines: TomlLines;
  readonly workspace: Obj;
  readonly packages: ExtractedPackage[];
}

interface Spec {
  readonly name: string;
  readonly requirement?: string;
  readonly source: PackageSourceKind;
  readonly resolved?: string;
}

function specOf(key: string, value: unknown, workspace: Obj): Spec {
  if (typeof value === 'string') return { name: key, requirement: value, source: 'registry' };
  if (!isObj(value)) return { name: key, source: 'registry' };
  const inherited = value.workspace === true ? workspace[key] : undefined;
  const base = inherited === undefined ? { name: key, source: 'registry' as const } : specOf(key, inherited, {});
  const name = str(value.package) ?? base.name;
  const requirement = str(value.version) ?? base.requirement;
  const git = str(value.git);
  const located: Pick<Spec, 'source' | 'resolved'> = git
    ? { source: 'git', resolved: git }
    : str(value.path) ? { source: 'path' } : { source: base.source, ...(base.resolved ? { resolved: base.resolved } : {}) };
  return { name, ...located, ...(requirement ? { requirement } : {}) };
}

/** One dependency table; `header` is its dotted name (`dependencies`, `target.cfg(windows).dependencies`). */
function addTable(ctx: Context, deps: unknown, header: string, dev: boolean | undefined): void {
  if (!isObj(deps)) return;
  const start = ctx.lines.header(header);
  for (const [key, value] of Object.entries(deps)) {
    const own = ctx.lines.header(`${header}.${key}`);
    const at = own >= 0 ? own : start < 0 ? -1 : ctx.lines.key(start, key);
    const line = Math.max(at, start, 0) + 1;
    const spec = specOf(key, value, ctx.workspace);
    const version = spec.requirement ? /^=\s*(\d[0-9A-Za-z.+-]*)$/.exec(spec.requirement)?.[1] : undefined;
    ctx.packages.push({
      ecosystem: 'crates.io', name: spec.name, direct: true, path: ctx.path, line, source: spec.source,
      ...(version ? { version } : {}),
      ...(spec.requirement ? { requirement: spec.requirement } : {}),
      ...(spec.resolved ? { resolved: spec.resolved } : {}),
      ...(dev === undefined ? {} : { dev }),
    });
  }
}

export const extractor: Extractor = {
  id: 'cargo-toml',
  docs: {
    files: '`Cargo.toml`',
    notes: 'dependencies, dev-, build- and target-specific dependencies, workspace dependencies, git/path',
  },
  ecosystem: 'crates.io',
  ...named('Cargo.toml'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = readToml('manifest', path, text);
    if (failed) return failed;
    const workspaceDeps = isObj(doc.workspace) && isObj(doc.workspace.dependencies) ? doc.workspace.dependencies : {};
    const ctx: Context = { path, lines: new TomlLines(text), workspace: workspaceDeps, packages: [] };
    for (const [kind, dev] of KINDS) addTable(ctx, doc[kind], kind, dev);
    for (const [cfg, body] of Object.entries(isObj(doc.target) ? doc.target : {})) {
      if (!isObj(body)) continue;
      for (const [kind, dev] of KINDS) addTable(ctx, body[kind], `target.${cfg}.${kind}`, dev);
    }
    addTable(ctx, workspaceDeps, 'workspace.dependencies', undefined);
    return { kind: 'manifest', packages: ctx.packages, warnings: [] };
  },
  // Only `=x.y.z` is an exact version; dev-dependencies are dev.
  examples: [{ path: 'Cargo.toml', text: '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1.0"\nlog = "=0.4.21"\n\n[dev-dependencies]\ninsta = { version = "1.34" }\n', packages: ['serde direct prod line 6', 'log@0.4.21 direct prod line 7', 'insta direct dev line 10'] }],
};
