/** Helpers the risk checks share: findings, lines and columns, paths, lockfile scope, name normalisation. */
import type { RawFinding, Severity } from '../../../core/findings.js';
import { clipEvidence, toRawFinding } from '../../../core/rules.js';
import type { Ecosystem, ExtractedPackage } from '../types.js';
import type { DependencyFile, RiskCheck, RiskContext } from './types.js';

export function defineRiskCheck(check: RiskCheck): RiskCheck {
  return Object.freeze(check);
}

export interface FindingInput {
  readonly severity: Severity;
  readonly title: string;
  readonly description: string;
  readonly path: string;
  readonly line: number;
  /** The text of that line; becomes the evidence. */
  readonly lineText: string;
  /** What the column points at within the line (default: the first non-blank character). */
  readonly needle?: string;
  /** Identity of the entry (a package, a scope, a host), never a line number. */
  readonly fingerprint: string;
  readonly confidence: number;
  readonly remediation?: string;
}

export function finding(check: Pick<RiskCheck, 'id' | 'remediation' | 'owasp'>, input: FindingInput): RawFinding {
  const remediation = input.remediation ?? check.remediation;
  return toRawFinding({ ...input, id: check.id, owasp: check.owasp, remediation }, {
    category: 'supply_chain',
    scanner: 'supply_chain',
    evidence: clipEvidence(input.lineText),
    confidence: Math.min(1, Math.max(0, input.confidence)),
    path: input.path,
    line: Math.max(1, input.line),
    column: columnOf(input.lineText, input.needle),
    fingerprintMaterial: `${check.id}:${input.fingerprint}`,
  });
}

/** 1-based column of `needle` in the line, else of its first non-blank character. */
export function columnOf(line: string, needle?: string): number {
  if (needle !== undefined && needle !== '') {
    const at = line.indexOf(needle);
    if (at >= 0) return at + 1;
  }
  const first = line.search(/\S/);
  return first < 0 ? 1 : first + 1;
}

const lineCache = new WeakMap<object, readonly string[]>();

/** The file's lines (without `\r`), split once per file object. */
export function linesOf(file: { readonly text: string }): readonly string[] {
  let lines = lineCache.get(file);
  if (lines === undefined) {
    lines = file.text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    lineCache.set(file, lines);
  }
  return lines;
}

/** Text of a 1-based line ('' when out of range). */
export function lineAt(file: { readonly text: string }, line: number): string {
  return linesOf(file)[line - 1] ?? '';
}

/** The first line at or after `from` (1-based, at most `span` lines on) that contains `needle`. */
export function findLine(file: { readonly text: string }, needle: string, from = 1, span = Number.POSITIVE_INFINITY): number | undefined {
  const lines = linesOf(file);
  const end = Math.min(lines.length, from - 1 + span);
  for (let i = Math.max(0, from - 1); i < end; i++) if (lines[i]?.includes(needle)) return i + 1;
  return undefined;
}

/** `a/b/package.json` → `a/b/`; a root file → ''. */
export function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/') + 1);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The folder and every folder above it, nearest first, ending with the root (''). */
export function foldersUpward(dir: string): string[] {
  const out = [dir];
  let current = dir;
  while (current !== '') {
    current = dirOf(current.slice(0, -1));
    out.push(current);
  }
  return out;
}

/** Installed or vendored third-party code, not the project's own files. */
export function isThirdParty(path: string): boolean {
  return /(?:^|\/)(?:node_modules|bower_components|vendor|\.venv|venv|site-packages|\.yarn\/cache)\//.test(path);
}

/** Every path the context knows: listed paths, dependency files and configuration files. */
export function allPaths(ctx: RiskContext): ReadonlySet<string> {
  const all = new Set(ctx.paths);
  for (const f of ctx.files) all.add(f.path);
  for (const p of ctx.configFiles.keys()) all.add(p);
  return all;
}

/** Lockfile names that lock each manifest kind, and whether a lockfile further up counts (workspaces). */
export const LOCKFILES: Readonly<Record<string, { readonly names: readonly string[]; readonly upward: boolean }>> = Object.freeze({
  'package-json': { names: ['package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb'], upward: true },
  'pyproject-toml': { names: ['uv.lock', 'poetry.lock', 'pdm.lock', 'pylock.toml'], upward: true },
  pipfile: { names: ['Pipfile.lock'], upward: false },
  'cargo-toml': { names: ['Cargo.lock'], upward: true },
  gemfile: { names: ['Gemfile.lock', 'gems.locked'], upward: false },
  'composer-json': { names: ['composer.lock'], upward: false },
  'go-mod': { names: ['go.sum'], upward: false },
});

/** The nearest lockfile for a manifest (same folder, then upward where the ecosystem has workspaces). */
export function nearestLockfile(paths: ReadonlySet<string>, manifest: DependencyFile): string | undefined {
  const spec = LOCKFILES[manifest.extractor];
  if (spec === undefined) return undefined;
  const dir = dirOf(manifest.path);
  const folders = spec.upward ? foldersUpward(dir) : [dir];
  for (const folder of folders) {
    for (const name of spec.names) if (paths.has(folder + name)) return folder + name;
  }
  return undefined;
}

/** A name as the ecosystem compares names (PEP 503 for PyPI, case-insensitive where the registry is). */
export function normaliseName(ecosystem: Ecosystem, name: string): string {
  switch (ecosystem) {
    case 'PyPI':
      return name.toLowerCase().replace(/[-_.]+/g, '-');
    case 'crates.io':
      return name.toLowerCase().replace(/_/g, '-');
    case 'Packagist':
    case 'NuGet':
    case 'Maven':
      return name.toLowerCase();
    default:
      return name;
  }
}

/** Ecosystem + normalised name, as a map key. */
export function packageKey(pkg: Pick<ExtractedPackage, 'ecosystem' | 'name'>): string {
  return `${pkg.ecosystem}\u0000${normaliseName(pkg.ecosystem, pkg.name)}`;
}

/** npm scope of a name (`@babel/core` → `@babel`), else undefined. */
export function npmScope(name: string): string | undefined {
  if (!name.startsWith('@')) return undefined;
  const slash = name.indexOf('/');
  return slash > 1 ? name.slice(0, slash).toLowerCase() : undefined;
}

/** A full git commit id (or an abbreviated one of 7+ hex digits). */
export function isCommitish(ref: string | undefined): boolean {
  return ref !== undefined && /^[0-9a-f]{7,64}$/i.test(ref);
}

/** Names of the project's own packages (the `name` of each package.json / pyproject / Cargo.toml in the workspace). */
export function ownPackageNames(ctx: RiskContext): ReadonlySet<string> {
  const names = new Set<string>();
  for (const f of ctx.files) {
    if (isThirdParty(f.path)) continue;
    if (f.extractor === 'package-json') {
      const doc = parseJsonObject(f.text);
      if (typeof doc?.name === 'string') names.add(`npm\u0000${doc.name}`);
    } else if (f.extractor === 'pyproject-toml' || f.extractor === 'cargo-toml') {
      const m = /^\s*name\s*=\s*["']([^"']{1,214})["']/m.exec(f.text);
      const ecosystem = f.extractor === 'cargo-toml' ? 'crates.io' : 'PyPI';
      if (m?.[1]) names.add(`${ecosystem}\u0000${normaliseName(ecosystem, m[1])}`);
    }
  }
  return names;
}

/** JSON.parse that returns undefined for anything but an object (never throws). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const doc: unknown = JSON.parse(text);
    return isRecord(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
