/**
 * pnpm dependency paths. Lockfile v5: `/name/1.2.3_peer@2.0.0` (scoped `/@s/n/1.0.0`);
 * v6: `/name@1.2.3(peer@2.0.0)`; v9: `name@1.2.3(peer@2.0.0)`. An id is a path without its
 * leading slash and peer suffix: `name@1.2.3` (v6+) or `name/1.2.3` (v5).
 */
export function pathId(path: string, v5: boolean): string {
  const bare = localPath(path.startsWith('/') ? path.slice(1) : path);
  if (!v5) {
    const paren = bare.indexOf('(');
    return paren === -1 ? bare : bare.slice(0, paren);
  }
  if (bare.startsWith('file:')) return withoutFilePeers(bare);
  const underscore = bare.indexOf('_', bare.lastIndexOf('/') + 1);
  const id = underscore === -1 ? bare : bare.slice(0, underscore);
  return path.startsWith('/') ? id : withoutRegistryHost(id);
}

/** `file:./pkg` as importers write it is `file:pkg` as `packages` keys do. */
function localPath(id: string): string {
  return id.startsWith('file:./') ? `file:${id.slice('file:./'.length)}` : id;
}

/**
 * v5 peer suffix of a local path: `file:.._react-dom@18.2.0` (several peers joined by `+`,
 * scoped ones `@types+react@18.0.0`). A folder name may hold an underscore itself
 * (`file:../my_pkg`), so only an underscore followed by `name@version` text starts it.
 */
function withoutFilePeers(id: string): string {
  const match = /_(?:@?[^/_@]+)@[^/]*$/.exec(id.slice(id.lastIndexOf('/') + 1));
  return match === null ? id : id.slice(0, id.length - match[0].length);
}

/**
 * v5 writes a package from a registry other than the default one with that registry's host
 * first and no leading slash: `registry.corp.example/@scope/name/1.2.3`. The host is not part
 * of the name. Other host-first paths (`github.com/user/repo/<commit>`) end in no version and
 * are left as they are.
 */
function withoutRegistryHost(id: string): string {
  const slash = id.indexOf('/');
  if (slash <= 0 || !/^[\w-]+(?:\.[\w-]+)+(?::\d{1,5})?$/.test(id.slice(0, slash))) return id;
  const rest = id.slice(slash + 1);
  return /^(?:@[^/@]+\/)?[^/@]+\/\d+\.\d+\.\d+[^/]*$/.test(rest) ? rest : id;
}

/** Name and version from an id; version only when it looks like one (not a URL or commit path). */
export function splitId(id: string, v5: boolean): { name: string; version?: string } {
  const cut = v5 ? id.lastIndexOf('/') : id.indexOf('@', 1);
  if (cut <= 0) return { name: id };
  const version = id.slice(cut + 1);
  return { name: id.slice(0, cut), ...(/^\d+\.\d+\.\d+/.test(version) && { version }) };
}

/** Lockfile layouts: v5 (pnpm 7), v6 (pnpm 8) and v9 (pnpm 9+, `packages` + `snapshots`). */
export type Layout = 'v5' | 'v6' | 'v9';

/**
 * The dependency path an importer or snapshot entry `name: version` points to, or undefined
 * for `link:` (workspace) references. The version may itself be a path: an alias
 * (`/real@1.2.3` in v6, `real@1.2.3` in v9) or a non-registry path (`github.com/u/r/sha`).
 */
export function refPath(name: string, version: string, layout: Layout): string | undefined {
  if (version.startsWith('link:')) return undefined;
  if (version.startsWith('/')) return version;
  const id = pathId(version, layout === 'v5');
  // Before v9 a local folder or tarball is keyed by its path alone (`file:../pkg`); v9 puts the name first.
  if (id.startsWith('file:') && layout !== 'v9') return version;
  if (/^(@[^/@]+\/)?[^/@:]+@/.test(id)) return version;
  if (layout !== 'v9' && id.includes('/')) return version;
  return layout === 'v5' ? `/${name}/${version}` : `${name}@${version}`;
}

/** Line of every key directly under the top-level `packages:` mapping, one pass. */
export function packageLines(text: string, firstLine = 0): Map<string, number> {
  const lines = new Map<string, number>();
  let inPackages = false;
  let lineNo = firstLine;
  let started = false;
  for (const raw of text.split('\n')) {
    lineNo += 1;
    const line = raw.trimEnd();
    if (line === '---' || line === '...') {
      if (started) break; // the next YAML document
      continue;
    }
    if (line !== '' && !line.startsWith('#')) started = true;
    if (/^\S/.test(line)) inPackages = line === 'packages:';
    else if (inPackages && /^ {2}\S.*:$/.test(line)) lines.set(unquoteYaml(line.slice(2, -1)), lineNo);
  }
  return lines;
}

function unquoteYaml(text: string): string {
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1);
  return text;
}
