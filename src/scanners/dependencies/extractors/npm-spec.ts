import type { PackageSourceKind } from '../types.js';

/** Where an npm dependency spec (the value in package.json) fetches from. */
export function specSource(spec: string): PackageSourceKind {
  const s = spec.trim();
  if (s.startsWith('workspace:')) return 'workspace';
  if (s.startsWith('link:') || s.startsWith('portal:')) return 'path';
  if (s.startsWith('file:')) return 'file';
  if (/^(\.{1,2}\/|\/|~\/)/.test(s)) return 'file';
  if (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:|git@)/.test(s)) return 'git';
  if (/^https?:\/\//i.test(s)) return /\.git(#|$)/.test(s) ? 'git' : 'url';
  // `user/repo` or `user/repo#ref` is GitHub shorthand; scoped names never appear as a spec value.
  if (/^[\w.-]+\/[\w.-]+(#.*)?$/.test(s)) return 'git';
  return 'registry';
}

/** Where a lockfile's `resolved` value points: a registry tarball (`…/<name>/-/<file>.tgz`), git, a file or another URL. */
export function resolvedSource(resolved: string | undefined): PackageSourceKind {
  if (resolved === undefined || resolved === '') return 'registry';
  if (/^(git\+|git:|github:|git@)/.test(resolved)) return 'git';
  if (resolved.startsWith('file:')) return 'file';
  if (/^https:\/\/codeload\.github\.com\//i.test(resolved)) return 'git'; // a GitHub commit tarball
  if (/^https?:\/\//i.test(resolved)) return /\/-\/[^/]+\.tgz(\?.*)?(#.*)?$/.test(resolved) ? 'registry' : 'url';
  return 'file';
}

/** `npm:real-name@range` alias → the real name and range; undefined for any other spec. */
export function parseAlias(spec: string): { name: string; range: string } | undefined {
  if (!spec.startsWith('npm:')) return undefined;
  const rest = spec.slice(4);
  const at = rest.indexOf('@', 1);
  if (at === -1) return { name: rest, range: '*' };
  return { name: rest.slice(0, at), range: rest.slice(at + 1) };
}

/** Splits `name@rest` where name may be scoped (`@scope/name@rest`). */
export function splitNameAt(ident: string): { name: string; rest: string } | undefined {
  const at = ident.indexOf('@', 1);
  if (at <= 0) return undefined;
  return { name: ident.slice(0, at), rest: ident.slice(at + 1) };
}

/** An exact version (`1.2.3`, `=1.2.3`, `v1.2.3-beta.1`) or undefined for a range. */
export function exactVersion(spec: string): string | undefined {
  const m = /^=?v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/.exec(spec.trim());
  return m?.[1];
}

/** The last `/`-separated segment: a file name, or the package a `node_modules/…` path ends in. */
export function lastSegment(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? path : path.slice(slash + 1);
}
