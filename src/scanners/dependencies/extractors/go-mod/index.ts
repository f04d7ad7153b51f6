/**
 * Go module files (`go.mod`). Since Go 1.17 go.mod lists every module in the build
 * at its selected version, so it is reported as a lockfile.
 *
 * - `require` blocks and single lines; `// indirect` → `direct: false`.
 * - Versions lose their `v` prefix, as OSV's Go ecosystem spells them (`v1.2.3` → `1.2.3`).
 * - `replace` directives: a local directory makes the module `source: 'path'` (with the
 *   directory as `resolved`); a module replacement swaps in the replacement's path and
 *   version (what is actually built) with `source: 'url'` and `resolved` `<path>@<version>`.
 * - The standard library is reported as OSV's `stdlib` package at the `toolchain` version,
 *   else at the `go` directive's (`1.22` → `1.22.0`, `1.18rc1` → `1.18.0-rc.1`; a toolchain
 *   suffix such as `go1.21.5-corp` or `+auto` is dropped), as osv-scanner does.
 * - Before Go 1.17 go.mod lists only the direct modules: the `go.sum` beside it is read
 *   too (see `includes`), and every module it holds source hashes for is reported as
 *   transitive at its highest listed version (what minimal version selection builds).
 * - `exclude`, `retract` and `module` lines are not packages.
 */
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { named } from '../shared.js';

const MAX_LINE = 4096;
const MODULE_PATH = /^[A-Za-z0-9][A-Za-z0-9._~/+-]*$/;
const VERSION = /^v\d+\.\d+\.\d+[0-9A-Za-z.+-]*$/;

interface Require {
  readonly name: string;
  readonly version: string;
  readonly indirect: boolean;
  readonly line: number;
}

interface Replace {
  readonly fromVersion?: string;
  readonly to: string;
  readonly toVersion?: string;
}

function unquote(token: string): string {
  return token.length >= 2 && /^["`].*["`]$/.test(token) ? token.slice(1, -1) : token;
}

/** Splits a directive body into tokens and its `//` comment. */
function tokenise(body: string): { tokens: string[]; comment: string } {
  const at = body.indexOf('//');
  const code = at < 0 ? body : body.slice(0, at);
  const comment = at < 0 ? '' : body.slice(at + 2).trim();
  return { tokens: code.trim().split(/\s+/).filter((t) => t.length > 0).map(unquote), comment };
}

function parseRequire(body: string, line: number): Require | undefined {
  const { tokens, comment } = tokenise(body);
  const [name, version] = tokens;
  if (tokens.length !== 2 || !name || !version || !MODULE_PATH.test(name) || !VERSION.test(version)) return undefined;
  return { name, version, indirect: /^indirect\b/.test(comment) || /;\s*indirect\b/.test(comment), line };
}

function parseReplace(body: string): [string, Replace] | undefined {
  const { tokens } = tokenise(body);
  const arrow = tokens.indexOf('=>');
  if (arrow < 1 || arrow > 2 || tokens.length - arrow - 1 < 1 || tokens.length - arrow - 1 > 2) return undefined;
  const [from, fromVersion] = tokens.slice(0, arrow);
  const [to, toVersion] = tokens.slice(arrow + 1);
  if (!from || !to) return undefined;
  return [from, { to, ...(fromVersion ? { fromVersion } : {}), ...(toVersion ? { toVersion } : {}) }];
}

/**
 * A Go release as OSV's stdlib versions spell it: `1.22` → `1.22.0`, `1.18rc1` →
 * `1.18.0-rc.1`, `1.21.5-corp` / `1.22.0+auto` → `1.21.5` / `1.22.0` (a toolchain's suffix
 * names a custom build of that release).
 */
export function goRelease(text: string): string | undefined {
  const m = /^(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?(?:(rc|beta)(\d{1,3}))?(?:[-+][\w.-]{0,64})?$/.exec(text.trim());
  if (!m) return undefined;
  const release = `${m[1]}.${m[2]}.${m[3] ?? '0'}`;
  return m[4] ? `${release}-${m[4]}.${m[5]}` : release;
}

/** Whether a go directive's version is before 1.17 (go.mod then lists only direct modules). */
function beforeGo117(version: string | undefined): boolean {
  const m = version === undefined ? undefined : /^1\.(\d+)\./.exec(version);
  return m !== undefined && m !== null && Number(m[1]) < 17;
}

/**
 * go.sum: `<module> <version>[/go.mod] h1:<hash>`. A module with a hash of its source
 * (not only of its go.mod) was downloaded for the build; the highest such version is
 * the one built.
 */
function extractGoSum(path: string, text: string): ExtractResult {
  const highest = new Map<string, { version: string; line: number }>();
  for (const [index, raw] of text.split('\n').entries()) {
    const [name, version] = raw.slice(0, MAX_LINE).trim().split(/\s+/);
    if (!name || !version || version.endsWith('/go.mod') || !MODULE_PATH.test(name) || !VERSION.test(version)) continue;
    const held = highest.get(name);
    if (!held || compareGoVersions(version, held.version) > 0) highest.set(name, { version, line: index + 1 });
  }
  const packages: ExtractedPackage[] = [...highest].map(([name, { version, line }]) => ({
    ecosystem: 'Go', name, version: version.slice(1), direct: false, path, line, source: 'registry',
  }));
  return { kind: 'lockfile', packages, warnings: [] };
}

/** SemVer precedence of two Go module versions (`v1.2.3`, pseudo-versions, `+incompatible`). */
function compareGoVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core = '', pre] = v.slice(1).replace(/\+.*$/, '').split(/-(.*)/s);
    return { nums: core.split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if ((x.nums[i] ?? 0) !== (y.nums[i] ?? 0)) return (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
  if (x.pre === undefined || y.pre === undefined) return (x.pre === undefined ? 1 : 0) - (y.pre === undefined ? 1 : 0);
  return x.pre < y.pre ? -1 : x.pre > y.pre ? 1 : 0;
}

function isLocal(path: string): boolean {
  return /^(?:\.{1,2}[/\\]|\.{1,2}$|\/|[A-Za-z]:[/\\])/.test(path);
}

function toPackage(path: string, req: Require, replace: Replace | undefined): ExtractedPackage {
  const base = { ecosystem: 'Go', direct: !req.indirect, path, line: req.line } as const;
  if (replace && isLocal(replace.to)) {
    return { ...base, name: req.name, version: req.version.slice(1), source: 'path', resolved: replace.to };
  }
  if (replace?.toVersion) {
    return {
      ...base, name: replace.to, version: replace.toVersion.replace(/^v/, ''), source: 'url',
      resolved: `${replace.to}@${replace.toVersion}`,
    };
  }
  return { ...base, name: req.name, version: req.version.slice(1), source: 'registry' };
}

export const extractor: Extractor = {
  id: 'go-mod',
  docs: {
    files: '`go.mod` (and the `go.sum` beside it before Go 1.17)',
    notes: 'require (with `// indirect`), replace; versions as OSV spells them (no `v`); the standard library as `stdlib` at the toolchain or go version (`1.18rc1` is `1.18.0-rc.1`); before Go 1.17, go.mod lists only direct modules, so go.sum modules with a source hash are reported as transitive at their highest version',
  },
  ecosystem: 'Go',
  ...named('go.mod'),
  includes(path: string, text: string): string[] {
    if ((path.split('/').pop() ?? '') !== 'go.mod') return [];
    const go = /^go\s+(\S+)/m.exec(text)?.[1];
    if (!beforeGo117(go === undefined ? undefined : goRelease(go))) return [];
    return [`${path.slice(0, path.length - 'go.mod'.length)}go.sum`];
  },
  extract(path: string, text: string): ExtractResult {
    if ((path.split('/').pop() ?? '') === 'go.sum') return extractGoSum(path, text);
    const requires: Require[] = [];
    const replaces = new Map<string, Replace[]>();
    const warnings: string[] = [];
    let block: string | undefined;
    let blockLine = 0;
    let goVersion: { version: string; line: number } | undefined;
    let toolchain: { version: string; line: number } | undefined;
    for (const [index, raw] of text.split('\n').entries()) {
      const lineNo = index + 1;
      const line = raw.slice(0, MAX_LINE).trim();
      if (line.length === 0 || line.startsWith('//')) continue;
      let verb = block;
      let body = line;
      if (block !== undefined) {
        if (line === ')') {
          block = undefined;
          continue;
        }
      } else {
        const match = /^([a-z]+)\s*(.*)$/.exec(line);
        verb = match?.[1];
        body = match?.[2] ?? '';
        if (body === '(' || /^\(\s*\/\//.test(body)) {
          block = verb;
          blockLine = lineNo;
          continue;
        }
      }
      if (verb === 'require') {
        const req = parseRequire(body, lineNo);
        if (req) requires.push(req);
        else warnings.push(`${path}:${lineNo}: cannot parse require "${body.slice(0, 200)}"`);
      } else if (verb === 'replace') {
        const rep = parseReplace(body);
        if (rep) replaces.set(rep[0], [...(replaces.get(rep[0]) ?? []), rep[1]]);
        else warnings.push(`${path}:${lineNo}: cannot parse replace "${body.slice(0, 200)}"`);
      } else if (verb === 'go' && block === undefined) {
        const v = goRelease(body.replace(/\s*\/\/.*$/, ''));
        if (v) goVersion = { version: v, line: lineNo };
      } else if (verb === 'toolchain' && block === undefined) {
        const v = /^go(\S+)$/.exec(body.replace(/\s*\/\/.*$/, ''))?.[1];
        const release = v === undefined ? undefined : goRelease(v);
        if (release) toolchain = { version: release, line: lineNo };
      } else if (block === undefined && verb === undefined) {
        warnings.push(`${path}:${lineNo}: not a go.mod directive`);
      }
    }
    if (block !== undefined) warnings.push(`${path}:${blockLine}: "${block} (" block is never closed`);
    const packages: ExtractedPackage[] = [];
    for (const req of requires) {
      const candidates = replaces.get(req.name) ?? [];
      const replace = candidates.find((r) => r.fromVersion === req.version) ?? candidates.find((r) => r.fromVersion === undefined);
      packages.push(toPackage(path, req, replace));
    }
    // The Go standard library, at the toolchain the module asks for (else its minimum go
    // version), as OSV's `stdlib` package: its vulnerabilities ship in every binary built.
    const stdlib = toolchain ?? goVersion;
    if (stdlib) packages.push({ ecosystem: 'Go', name: 'stdlib', version: stdlib.version, direct: true, path, line: stdlib.line, source: 'registry' });
    return { kind: 'lockfile', packages, warnings };
  },
  // Versions lose their `v`; the standard library comes last, at the go directive's version.
  examples: [{ path: 'go.mod', text: 'module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/pkg/errors v0.9.1\n\tgolang.org/x/text v0.14.0 // indirect\n)\n', packages: ['github.com/pkg/errors@0.9.1 direct line 6', 'golang.org/x/text@0.14.0 indirect line 7', 'stdlib@1.22.0 direct line 3'] }],
};
