/**
 * `pyproject.toml` manifests. Everything here is declared by the project (`direct: true`).
 *
 * - PEP 621 `[project] dependencies` (dev false) and `[project.optional-dependencies]`
 *   (extras: dev not stated), PEP 735 `[dependency-groups]` and uv's
 *   `[tool.uv] dev-dependencies` (dev true) — PEP 508 strings.
 * - Poetry `[tool.poetry.dependencies]` (dev false), `[tool.poetry.dev-dependencies]` and
 *   `[tool.poetry.group.<name>.dependencies]` (dev unless the group is `main`); a bare
 *   Poetry version (`"1.2.3"`) is an exact pin. `python` is not a package.
 * - `==` pins (PEP 508) and exact Poetry versions give `version`; other constraints stay
 *   in `requirement`. Git, URL and path references give their source kind.
 */
import type { ExtractedPackage, ExtractResult, Extractor, PackageSourceKind } from '../../types.js';
import { normalisePypiName, parsePep508, pinnedVersion, sourceOf } from '../pep508.js';
import { isObj, named, type Obj, str } from '../shared.js';
import { itemLines, readToml, TomlLines } from '../toml.js';


interface Context {
  readonly path: string;
  readonly lines: TomlLines;
  readonly packages: ExtractedPackage[];
  readonly warnings: string[];
}

function table(root: Obj, ...keys: readonly string[]): Obj | undefined {
  let node: unknown = root;
  for (const key of keys) node = isObj(node) ? node[key] : undefined;
  return isObj(node) ? node : undefined;
}

/** PEP 508 strings of one array, each with its own line. `from` is the 0-based line to search from. */
function addPep508List(ctx: Context, list: unknown, from: number, dev: boolean | undefined): void {
  if (!Array.isArray(list)) return;
  const items = list.filter((item): item is string => typeof item === 'string');
  const lines = itemLines(ctx.lines, Math.max(from, 0), items);
  for (const [index, item] of items.entries()) {
    const line = (lines[index] ?? 0) + 1;
    const req = parsePep508(item);
    if (!req) {
      ctx.warnings.push(`${ctx.path}:${line}: cannot parse requirement "${item.slice(0, 200)}"`);
      continue;
    }
    const version = req.url === undefined ? pinnedVersion(req.specifier) : undefined;
    ctx.packages.push({
      ecosystem: 'PyPI', name: req.name, direct: true, path: ctx.path, line,
      source: req.url === undefined ? 'registry' : sourceOf(req.url),
      ...(version ? { version } : {}),
      ...(req.specifier ? { requirement: req.specifier } : {}),
      ...(req.url === undefined ? {} : { resolved: req.url }),
      ...(dev === undefined ? {} : { dev }),
    });
  }
}

/** Every array of a group table (`[project.optional-dependencies]`, `[dependency-groups]`). */
function addGroups(ctx: Context, groups: Obj | undefined, header: string, fallback: number, dev: boolean | undefined): void {
  if (!groups) return;
  const start = ctx.lines.header(header);
  for (const [group, list] of Object.entries(groups)) {
    const at = start < 0 ? ctx.lines.key(fallback, group) : ctx.lines.key(start, group);
    addPep508List(ctx, list, at < 0 ? Math.max(start, fallback, 0) : at, dev);
  }
}

const POETRY_EXACT = /^(?:==?\s*)?(\d[0-9A-Za-z.+!-]*)$/;

function poetryConstraint(value: unknown): { requirement?: string; source: PackageSourceKind; resolved?: string } {
  if (typeof value === 'string') return { requirement: value.trim(), source: 'registry' };
  if (Array.isArray(value)) {
    const parts = value.map(poetryConstraint);
    const requirement = parts.map((p) => p.requirement).filter((r) => r !== undefined).join(' || ');
    const located = parts.find((p) => p.source !== 'registry');
    return { ...(located ?? { source: 'registry' }), ...(requirement ? { requirement } : {}) };
  }
  if (!isObj(value)) return { source: 'registry' };
  const requirement = str(value.version);
  const git = str(value.git);
  const url = str(value.url);
  const local = str(value.path);
  const base = requirement ? { requirement } : {};
  if (git) return { ...base, source: 'git', resolved: git };
  if (url) return { ...base, source: sourceOf(url), resolved: url };
  if (local) return { ...base, source: sourceOf(local) === 'file' ? 'file' : 'path' };
  return { ...base, source: 'registry' };
}

function addPoetryTable(ctx: Context, deps: Obj | undefined, header: string, dev: boolean): void {
  if (!deps) return;
  const start = ctx.lines.header(header);
  for (const [name, value] of Object.entries(deps)) {
    if (name.toLowerCase() === 'python') continue;
    const at = start < 0 ? -1 : ctx.lines.key(start, name);
    const line = (at < 0 ? Math.max(start, 0) : at) + 1;
    const { requirement, source, resolved } = poetryConstraint(value);
    const version = requirement ? POETRY_EXACT.exec(requirement)?.[1] : undefined;
    ctx.packages.push({
      ecosystem: 'PyPI', name: normalisePypiName(name), direct: true, dev, path: ctx.path, line, source,
      ...(version ? { version } : {}),
      ...(requirement ? { requirement } : {}),
      ...(resolved ? { resolved } : {}),
    });
  }
}

function addPoetry(ctx: Context, doc: Obj): void {
  const poetry = table(doc, 'tool', 'poetry');
  if (!poetry) return;
  addPoetryTable(ctx, table(poetry, 'dependencies'), 'tool.poetry.dependencies', false);
  addPoetryTable(ctx, table(poetry, 'dev-dependencies'), 'tool.poetry.dev-dependencies', true);
  for (const [group, body] of Object.entries(table(poetry, 'group') ?? {})) {
    const deps = isObj(body) ? table(body, 'dependencies') : undefined;
    addPoetryTable(ctx, deps, `tool.poetry.group.${group}.dependencies`, group !== 'main');
  }
}

function addPep621(ctx: Context, doc: Obj): void {
  const project = table(doc, 'project');
  const projectLine = ctx.lines.header('project');
  if (project) {
    addPep508List(ctx, project.dependencies, ctx.lines.key(projectLine, 'dependencies'), false);
    addGroups(ctx, table(project, 'optional-dependencies'), 'project.optional-dependencies', projectLine, undefined);
  }
  addGroups(ctx, table(doc, 'dependency-groups'), 'dependency-groups', -1, true);
  const uvLine = ctx.lines.header('tool.uv');
  addPep508List(ctx, table(doc, 'tool', 'uv')?.['dev-dependencies'], ctx.lines.key(uvLine, 'dev-dependencies'), true);
}

export const extractor: Extractor = {
  id: 'pyproject-toml',
  docs: {
    files: '`pyproject.toml`',
    notes: 'PEP 621 dependencies and extras, PEP 735 groups, uv dev-dependencies, Poetry dependencies and groups',
  },
  ecosystem: 'PyPI',
  ...named('pyproject.toml'),
  extract(path: string, text: string): ExtractResult {
    const { doc, failed } = readToml('manifest', path, text);
    if (failed) return failed;
    const ctx: Context = { path, lines: new TomlLines(text), packages: [], warnings: [] };
    addPep621(ctx, doc);
    addPoetry(ctx, doc);
    return { kind: 'manifest', packages: ctx.packages, warnings: ctx.warnings };
  },
  // PEP 621 dependencies are not dev; PEP 735 groups are.
  examples: [{ path: 'pyproject.toml', text: '[project]\nname = "app"\ndependencies = [\n  "httpx==0.27.0",\n  "pydantic>=2",\n]\n\n[dependency-groups]\ntest = ["pytest"]\n', packages: ['httpx@0.27.0 direct prod line 4', 'pydantic direct prod line 5', 'pytest direct dev line 9'] }],
};
