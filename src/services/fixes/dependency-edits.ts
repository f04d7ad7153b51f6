/**
 * Pure text edits that raise one dependency's declared version in a manifest,
 * keeping every other byte: package.json and composer.json sections,
 * requirements files, pyproject.toml (PEP 621 and Poetry), Pipfile, go.mod,
 * Cargo.toml, Gemfile and pom.xml (a literal version or the property it names).
 */
import type { Ecosystem } from '../../scanners/dependencies/types.js';
import { compareVersions } from '../../scanners/dependencies/advisories/versions/index.js';
import { normalisePypiName } from '../../scanners/dependencies/extractors/pep508.js';

/** One replacement in the text: `[start, end)` becomes `text`. */
export interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** 1-based line of the change, and what it was and became (for the pull request). */
  readonly line: number;
  readonly before: string;
  readonly after: string;
}

/**
 * What an edit found: the replacements to make; `already` when every declaration
 * already requires the fixed version or later; `unsupported` with a reason (the
 * package is not declared, or only in a form Vigil does not rewrite).
 */
export type EditResult =
  | { readonly kind: 'edit'; readonly replacements: readonly Replacement[] }
  | { readonly kind: 'already'; readonly declared: string }
  | { readonly kind: 'unsupported'; readonly reason: string };

export function applyReplacements(text: string, replacements: readonly Replacement[]): string {
  let out = text;
  for (const r of [...replacements].sort((a, b) => b.start - a.start)) out = out.slice(0, r.start) + r.text + out.slice(r.end);
  return out;
}

/** A declaration whose floor is already at or above the fix. */
export const ALREADY: unique symbol = Symbol('already');
/** A requirement raised to the fix, ALREADY, or undefined when it is in a form not rewritten. */
export type Raised = string | typeof ALREADY | undefined;

const lineAt = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/** A version floor below the fix (replace it), at or above (nothing to do), or not comparable (replace it). */
function below(ecosystem: Ecosystem, current: string, fixed: string): boolean {
  const order = compareVersions(ecosystem, current.replace(/^v/, ''), fixed);
  return order === undefined || order < 0;
}

/**
 * A single-operator requirement with the version raised to `fixed`, keeping the operator
 * (`^4.17.20` → `^4.17.21`, `~> 5.2.0` → `~> 5.2.8`); 'already' when its floor is at or above
 * the fix; undefined for anything else (ranges, wildcards, tags, URLs).
 */
export function raiseSimple(ecosystem: Ecosystem, spec: string, fixed: string, operators: readonly string[]): Raised {
  const trimmed = spec.trim();
  const op = [...operators].sort((a, b) => b.length - a.length).find((o) => trimmed.startsWith(o)) ?? '';
  const rest = trimmed.slice(op.length);
  const space = /^\s*/.exec(rest)?.[0] ?? '';
  const version = rest.slice(space.length);
  if (!/^v?\d+(?:\.\d+)*(?:[-+.][0-9A-Za-z.+-]*)?$/.test(version) || /[*xX]$/.test(version)) return undefined;
  if (!below(ecosystem, version, fixed)) return ALREADY;
  const prefix = version.startsWith('v') && ecosystem !== 'Go' ? 'v' : '';
  return `${spec.slice(0, spec.indexOf(trimmed))}${op}${space}${prefix}${fixed}`;
}

const NPM_OPERATORS = ['^', '~', '>=', '=', ''];
const CARGO_OPERATORS = ['^', '~', '>=', '=', ''];
const COMPOSER_OPERATORS = ['^', '~', '>=', '==', '=', ''];
const POETRY_OPERATORS = ['^', '~=', '~', '>=', '==', ''];
const GEM_OPERATORS = ['~>', '>=', '=', ''];

interface Found {
  readonly start: number;
  readonly end: number;
  readonly spec: string;
}

/** Collects edits over the places a declaration was found. */
function editAll(text: string, found: readonly Found[], raise: (spec: string) => Raised, what: string): EditResult {
  if (found.length === 0) return { kind: 'unsupported', reason: `${what} is not declared there` };
  const replacements: Replacement[] = [];
  let already: string | undefined;
  for (const f of found) {
    const raised = raise(f.spec);
    if (raised === undefined && (f.spec.trim() === '' || f.spec.trim() === '*')) return { kind: 'unsupported', reason: `${what} is declared without a version, so it already allows the fixed one: only the lockfile (or the installed environment) needs updating` };
    if (raised === undefined) return { kind: 'unsupported', reason: `${what} is declared as "${f.spec}", a form Vigil does not rewrite` };
    if (raised === ALREADY) already = f.spec;
    else replacements.push({ start: f.start, end: f.end, text: raised, line: lineAt(text, f.start), before: f.spec, after: raised });
  }
  if (replacements.length === 0) return { kind: 'already', declared: already ?? '' };
  return { kind: 'edit', replacements };
}

// ---------------------------------------------------------------- JSON manifests

/** Spans of `"section": { … }` objects (string-aware brace matching). */
function jsonObjectSpans(text: string, sections: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  const re = new RegExp(`"(?:${sections.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})"\\s*:\\s*\\{`, 'g');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    let depth = 0;
    let inString = false;
    for (let i = m.index + m[0].length - 1; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        spans.push([m.index + m[0].length, i]);
        break;
      }
    }
  }
  return spans;
}

/**
 * Where `pick` finds the package in a `"key": "value"` pair of the sections: the offset in the
 * value where the version spec starts, or undefined when the pair declares another package.
 */
type Pick = (key: string, value: string) => number | undefined;

function jsonDeclarations(text: string, sections: readonly string[], pick: Pick): Found[] {
  const found: Found[] = [];
  for (const [start, end] of jsonObjectSpans(text, sections)) {
    const body = text.slice(start, end);
    const re = /"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"/g;
    for (let m = re.exec(body); m !== null; m = re.exec(body)) {
      const value = m[2] ?? '';
      const skip = pick(m[1] ?? '', value);
      if (skip === undefined) continue;
      const valueStart = start + m.index + m[0].length - 1 - value.length;
      found.push({ start: valueStart + skip, end: valueStart + value.length, spec: value.slice(skip) });
    }
  }
  return found;
}

/**
 * npm: the package under its own name, or under an alias (`"old-name": "npm:<name>@^1.2.0"`, where
 * only the spec after the `@` is raised); a key that aliases another package is not a declaration of it.
 */
function npmPick(name: string): Pick {
  const alias = `npm:${name}@`;
  return (key, value) => {
    if (value.startsWith(alias)) return alias.length;
    return key === name && !value.startsWith('npm:') ? 0 : undefined;
  };
}

export function editPackageJson(text: string, name: string, fixed: string): EditResult {
  const found = jsonDeclarations(text, ['dependencies', 'devDependencies', 'optionalDependencies'], npmPick(name));
  return editAll(text, found, (spec) => raiseSimple('npm', spec, fixed, NPM_OPERATORS), `${name}`);
}

export function editComposerJson(text: string, name: string, fixed: string): EditResult {
  const found = jsonDeclarations(text, ['require', 'require-dev'], (key) => (key.toLowerCase() === name.toLowerCase() ? 0 : undefined));
  return editAll(text, found, (spec) => raiseSimple('Packagist', spec, fixed, COMPOSER_OPERATORS), `${name}`);
}

// ---------------------------------------------------------------- Python

/**
 * A PEP 440 specifier set raised to the fix: an `==`/`===` pin becomes the fix; a `>=`/`~=`/`>`
 * floor below it becomes `>=`/`~=` the fix, as long as no upper bound excludes the fix.
 */
export function raisePep440(specifier: string, fixed: string): Raised {
  const clauses = specifier.split(',');
  const parsed = clauses.map((c) => /^(\s*)(===|==|~=|>=|<=|!=|<|>)(\s*)([A-Za-z0-9.*+!_-]+)(\s*)$/.exec(c));
  if (parsed.some((p) => p === null) || clauses.length === 0) return undefined;
  const parts = parsed as RegExpExecArray[];
  // An upper bound or exclusion that rules the fix out: not for us to loosen.
  for (const p of parts) {
    const [, , op, , version] = p as unknown as [string, string, string, string, string];
    const order = compareVersions('PyPI', fixed, version);
    if ((op === '<' && order !== undefined && order >= 0) || (op === '<=' && order !== undefined && order > 0) || (op === '!=' && order === 0)) return undefined;
  }
  const floors = parts.filter((p) => ['===', '==', '~=', '>=', '>'].includes(p[2] ?? ''));
  if (floors.length !== 1) return undefined;
  const floor = floors[0] as RegExpExecArray;
  const [whole, lead, op, gap, version, trail] = floor as unknown as [string, string, string, string, string, string];
  if (version.includes('*')) return undefined;
  const order = compareVersions('PyPI', version, fixed);
  if (order !== undefined && order >= 0) return ALREADY;
  const newOp = op === '>' ? '>=' : op;
  return clauses.map((c) => (c === whole ? `${lead}${newOp}${gap}${fixed}${trail}` : c)).join(',');
}

const PEP508_HEAD = /^(\s*)([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(\s*(?:\[[^\]]*\])?\s*)(\(?)([^;@#()]*?)(\)?)(\s*(?:;.*)?)$/;

/** The specifier's span inside one PEP 508 requirement string, when it names `name`. */
function pep508Specifier(requirement: string, name: string): { start: number; spec: string } | undefined {
  const m = PEP508_HEAD.exec(requirement);
  if (m === null || normalisePypiName(m[2] ?? '') !== normalisePypiName(name)) return undefined;
  const start = (m[1] ?? '').length + (m[2] ?? '').length + (m[3] ?? '').length + (m[4] ?? '').length;
  return { start, spec: m[5] ?? '' };
}

/** requirements.txt and the files it includes: one requirement per line, comments, options and hashes. */
export function editRequirements(text: string, name: string, fixed: string): EditResult {
  const found: Found[] = [];
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const lineStart = offset;
    offset += raw.length + 1;
    const content = raw.replace(/\r$/, '');
    const hash = content.search(/(^|\s)#/);
    const code = (hash === -1 ? content : content.slice(0, hash)).replace(/\s+--?[a-z][\w-]*(?:[= ]\S+)?/g, '').replace(/\\\s*$/, '');
    if (/^\s*-/.test(code)) continue;
    const spec = pep508Specifier(code, name);
    if (spec === undefined) continue;
    // Hash-checking mode: a new version needs new hashes, which only pip-compile can write.
    const continued = lines.slice(i, i + 50);
    if (continued.some((l, k) => /--hash[= ]/.test(l) && (k === 0 || /\\\s*$/.test(continued[k - 1] ?? '')))) {
      return { kind: 'unsupported', reason: `${name} is pinned with --hash there: regenerate the file with \`pip-compile --generate-hashes --upgrade-package ${name}\`` };
    }
    found.push({ start: lineStart + spec.start, end: lineStart + spec.start + spec.spec.length, spec: spec.spec });
  }
  return editAll(text, found, (spec) => withSpacing(spec, raisePep440(spec.trim(), fixed)), name);
}

/** Keeps the whitespace around a specifier that was trimmed for parsing. */
function withSpacing(original: string, raised: Raised): Raised {
  if (raised === undefined || raised === ALREADY) return raised;
  const lead = /^\s*/.exec(original)?.[0] ?? '';
  const trail = /\s*$/.exec(original)?.[0] ?? '';
  return `${lead}${raised}${trail}`;
}

/** TOML tables and their lines, for line-oriented edits. */
function* tomlLines(text: string): Generator<{ table: string; start: number; content: string }> {
  let table = '';
  let offset = 0;
  for (const raw of text.split('\n')) {
    const start = offset;
    offset += raw.length + 1;
    const content = raw.replace(/\r$/, '');
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$/.exec(content);
    if (header) table = (header[1] ?? '').replace(/\s*\.\s*/g, '.').replace(/["']/g, '');
    else yield { table, start, content };
  }
}

/** `name = "spec"` or `name = { version = "spec", … }` on one line: where the spec is. */
function tomlKeySpec(content: string, name: string, same: (key: string) => boolean): { index: number; spec: string } | undefined {
  const m = /^(\s*)("?)([A-Za-z0-9_.-]+)\2(\s*=\s*)(.*)$/.exec(content);
  if (m === null || !same(m[3] ?? '')) return undefined;
  const valueAt = (m[1] ?? '').length + (m[2] ?? '').length * 2 + (m[3] ?? '').length + (m[4] ?? '').length;
  const value = m[5] ?? '';
  const direct = /^(["'])([^"']*)\1/.exec(value);
  if (direct) return { index: valueAt + 1, spec: direct[2] ?? '' };
  const inline = /\bversion\s*=\s*(["'])([^"']*)\1/.exec(value);
  if (value.startsWith('{') && inline) return { index: valueAt + inline.index + inline[0].length - 1 - (inline[2] ?? '').length, spec: inline[2] ?? '' };
  return undefined;
}

/** pyproject.toml: PEP 621 `dependencies`/`optional-dependencies`, `[dependency-groups]`, and Poetry's dependency tables. */
export function editPyproject(text: string, name: string, fixed: string): EditResult {
  const pep621: Found[] = [];
  const poetry: Found[] = [];
  const same = (key: string) => normalisePypiName(key) === normalisePypiName(name);
  let inArray = false;
  for (const { table, start, content } of tomlLines(text)) {
    if (table === 'project' || table === 'project.optional-dependencies' || table === 'dependency-groups') {
      const opens = /^\s*[\w.-]+\s*=\s*\[/.test(content);
      if (opens) inArray = true;
      if (inArray) {
        const re = /"([^"]*)"|'([^']*)'/g;
        for (let m = re.exec(content); m !== null; m = re.exec(content)) {
          if (opens && m.index < content.indexOf('[')) continue;
          const spec = pep508Specifier(m[1] ?? m[2] ?? '', name);
          if (spec !== undefined) pep621.push({ start: start + m.index + 1 + spec.start, end: start + m.index + 1 + spec.start + spec.spec.length, spec: spec.spec });
        }
        if (/\]\s*(?:#.*)?$/.test(content)) inArray = false;
      }
    } else if (/^tool\.poetry\.(?:(?:dev-)?dependencies|group\.[^.]+\.dependencies)$/.test(table)) {
      const found = tomlKeySpec(content, name, same);
      if (found) poetry.push({ start: start + found.index, end: start + found.index + found.spec.length, spec: found.spec });
    }
  }
  const one = editAll(text, pep621, (spec) => withSpacing(spec, raisePep440(spec.trim(), fixed)), name);
  const two = editAll(text, poetry, (spec) => raiseSimple('PyPI', spec, fixed, POETRY_OPERATORS), name);
  return merge(one, two, name);
}

/** Pipfile: `[packages]` and `[dev-packages]`, `name = "==1.0"` or `{version = "==1.0", …}`. */
export function editPipfile(text: string, name: string, fixed: string): EditResult {
  const found: Found[] = [];
  const same = (key: string) => normalisePypiName(key) === normalisePypiName(name);
  for (const { table, start, content } of tomlLines(text)) {
    if (table !== 'packages' && table !== 'dev-packages') continue;
    const spec = tomlKeySpec(content, name, same);
    if (spec) found.push({ start: start + spec.index, end: start + spec.index + spec.spec.length, spec: spec.spec });
  }
  return editAll(text, found, (spec) => withSpacing(spec, raisePep440(spec.trim(), fixed)), name);
}

/** Two edit results of one file as one. */
function merge(a: EditResult, b: EditResult, name: string): EditResult {
  if (a.kind === 'edit' && b.kind === 'edit') return { kind: 'edit', replacements: [...a.replacements, ...b.replacements] };
  if (a.kind === 'edit' && b.kind !== 'unsupported') return a;
  if (b.kind === 'edit' && a.kind !== 'unsupported') return b;
  if (a.kind === 'edit' && b.kind === 'unsupported' && /not declared/.test(b.reason)) return a;
  if (b.kind === 'edit' && a.kind === 'unsupported' && /not declared/.test(a.reason)) return b;
  if (a.kind === 'already') return a;
  if (b.kind === 'already') return b;
  if (a.kind === 'unsupported' && !/not declared/.test(a.reason)) return a;
  if (b.kind === 'unsupported') return b.reason.includes('not declared') ? { kind: 'unsupported', reason: `${name} is not declared there` } : b;
  return a;
}

// ---------------------------------------------------------------- Rust, Ruby, Go, Maven

/** Cargo.toml: every `*dependencies` table, inline or `[dependencies.name]` with a `version` key. */
export function editCargoToml(text: string, name: string, fixed: string): EditResult {
  const found: Found[] = [];
  const same = (key: string) => key === name;
  for (const { table, start, content } of tomlLines(text)) {
    const parts = table.split('.');
    const last = parts.at(-1) ?? '';
    if (/^(?:dev-|build-)?dependencies$/.test(last)) {
      const spec = tomlKeySpec(content, name, same);
      if (spec) found.push({ start: start + spec.index, end: start + spec.index + spec.spec.length, spec: spec.spec });
    } else if (last === name && /^(?:dev-|build-)?dependencies$/.test(parts.at(-2) ?? '')) {
      const spec = tomlKeySpec(content, 'version', (k) => k === 'version');
      if (spec) found.push({ start: start + spec.index, end: start + spec.index + spec.spec.length, spec: spec.spec });
    }
  }
  return editAll(text, found, (spec) => raiseSimple('crates.io', spec, fixed, CARGO_OPERATORS), name);
}

/** Gemfile: `gem 'name', '~> 1.2'` with one version requirement. */
export function editGemfile(text: string, name: string, fixed: string): EditResult {
  const found: Found[] = [];
  let offset = 0;
  for (const raw of text.split('\n')) {
    const start = offset;
    offset += raw.length + 1;
    const m = /^(\s*gem\s*\(?\s*)(["'])([^"']+)\2/.exec(raw);
    if (m === null || m[3] !== name) continue;
    const rest = raw.slice(m[0].length);
    const versions = [...rest.matchAll(/,\s*(["'])([^"']*)\1/g)].filter((v) => /^\s*(?:[~<>=!]+\s*)?\d/.test(v[2] ?? ''));
    if (versions.length === 0) {
      return { kind: 'unsupported', reason: `${name} is declared without a version in the Gemfile, so it already allows ${fixed}: run \`bundle update --conservative ${name}\`` };
    }
    if (versions.length > 1) return { kind: 'unsupported', reason: `${name} has ${versions.length} version requirements in the Gemfile, which Vigil does not rewrite` };
    const v = versions[0] as RegExpExecArray;
    const at = start + m[0].length + (v.index ?? 0) + v[0].length - 1 - (v[2] ?? '').length;
    found.push({ start: at, end: at + (v[2] ?? '').length, spec: v[2] ?? '' });
  }
  return editAll(text, found, (spec) => raiseSimple('RubyGems', spec, fixed, GEM_OPERATORS), name);
}

/** go.mod: the module's `require` line (single or in a block); `+incompatible` kept for a major above 1. */
export function editGoMod(text: string, name: string, fixed: string): EditResult {
  const found: Found[] = [];
  let offset = 0;
  let inRequire = false;
  for (const raw of text.split('\n')) {
    const start = offset;
    offset += raw.length + 1;
    const code = raw.replace(/\/\/.*$/, '');
    if (/^\s*require\s*\(\s*$/.test(code)) {
      inRequire = true;
      continue;
    }
    if (inRequire && /^\s*\)\s*$/.test(code)) {
      inRequire = false;
      continue;
    }
    const m = inRequire ? /^(\s*)(\S+)(\s+)(v\S+)/.exec(code) : /^(\s*require\s+)(\S+)(\s+)(v\S+)/.exec(code);
    if (m === null || m[2] !== name) continue;
    const at = start + (m[1] ?? '').length + (m[2] ?? '').length + (m[3] ?? '').length;
    found.push({ start: at, end: at + (m[4] ?? '').length, spec: m[4] ?? '' });
  }
  return editAll(text, found, (spec) => {
    if (!below('Go', spec.replace(/\+incompatible$/, ''), fixed)) return ALREADY;
    const incompatible = spec.endsWith('+incompatible') && Number(/^(\d+)/.exec(fixed)?.[1] ?? 0) >= 2 ? '+incompatible' : '';
    return `v${fixed}${incompatible}`;
  }, name);
}

const XML_TEXT = (tag: string) => new RegExp(`<${tag}>\\s*([^<]*?)\\s*</${tag}>`);

/** pom.xml: the `<version>` of every `<dependency>` of `group:artifact`, or the property it reads. */
export function editPomXml(text: string, name: string, fixed: string): EditResult {
  const [group, artifact] = name.split(':');
  const found: Found[] = [];
  const re = /<dependency>([\s\S]*?)<\/dependency>/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const body = m[1] ?? '';
    if (XML_TEXT('groupId').exec(body)?.[1] !== group || XML_TEXT('artifactId').exec(body)?.[1] !== artifact) continue;
    const version = /(<version>\s*)([^<]*?)(\s*<\/version>)/.exec(body);
    if (version === null) continue;
    const value = version[2] ?? '';
    const property = /^\$\{([\w.-]+)\}$/.exec(value);
    if (property) {
      const prop = new RegExp(`(<${(property[1] ?? '').replace(/[.]/g, '\\.')}>\\s*)([^<]*?)(\\s*</${(property[1] ?? '').replace(/[.]/g, '\\.')}>)`).exec(text);
      if (prop === null) return { kind: 'unsupported', reason: `${name}'s version is the property \${${property[1] ?? ''}}, which this pom.xml does not define (a parent does)` };
      const at = prop.index + (prop[1] ?? '').length;
      if (!found.some((f) => f.start === at)) found.push({ start: at, end: at + (prop[2] ?? '').length, spec: prop[2] ?? '' });
    } else {
      const at = m.index + '<dependency>'.length + version.index + (version[1] ?? '').length;
      found.push({ start: at, end: at + value.length, spec: value });
    }
  }
  return editAll(text, found, (spec) => {
    if (/^[[(]/.test(spec)) return undefined;
    return below('Maven', spec, fixed) ? fixed : ALREADY;
  }, name);
}
