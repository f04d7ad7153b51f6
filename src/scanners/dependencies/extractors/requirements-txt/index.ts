/**
 * pip requirements files: `requirements*.txt`, `*-requirements.txt` / `*_requirements.txt`,
 * any `.txt` in a `requirements/` folder, and any file another one includes.
 *
 * - `name==1.2` pins give `version`; any other specifier is kept as `requirement` only.
 * - Extras, environment markers, comments and `\` line continuations are understood.
 * - `--hash` options become `integrity` (several hashes are joined with a space).
 * - `-r`/`-c` includes are listed by `includes`; the engine reads those files with this
 *   extractor whatever their names (pip resolves them against the including file's folder).
 * - Index and other global options (`--index-url`, `--extra-index-url`, `--find-links`, …)
 *   are ignored here; dependency-confusion checks read them from the file directly.
 * - `-e .` (the project itself) is skipped.
 * - URL, VCS and local-path requirements (`name @ url`, `-e git+…#egg=name`, `./pkg`)
 *   are reported with their source kind and the URL as `resolved`.
 */
import { posix } from 'node:path';
import type { ExtractedPackage, ExtractResult, Extractor } from '../../types.js';
import { MAX_REQUIREMENT_LENGTH, normalisePypiName, parsePep508, pinnedVersion, sourceOf } from '../pep508.js';
import { fileName } from '../shared.js';

const FILE_NAME = /^(?:[\w.-]*[-_.])?requirements[^/\\]*\.txt$/i;
const REQUIREMENTS_FOLDER = /(?:^|\/)requirements\/[^/]+\.txt$/i;
const INCLUDE = /^(?:-r|-c|--requirement|--constraint)(?:=|\s+)(\S+)/;
const MAX_INCLUDES = 50;
const MAX_LINES = 100_000;
const OPTION_START = /\s-{1,2}[A-Za-z]/;
const HASH_OPTION = /--hash(?:=|\s+)(\S+)/g;
const EDITABLE = /^(?:-e|--editable)(?:=|\s+)(\S+)/;

interface LogicalLine {
  readonly text: string;
  readonly line: number;
}

/** Joins `\` continuations, drops comments and blank lines; `line` is where the entry starts. */
export function logicalLines(text: string): LogicalLine[] {
  const out: LogicalLine[] = [];
  let buffer = '';
  let start = 0;
  const physical = text.split(/\r?\n/).slice(0, MAX_LINES);
  for (const [index, raw] of physical.entries()) {
    if (buffer.length === 0) start = index + 1;
    if (raw.endsWith('\\')) {
      buffer += raw.slice(0, -1) + ' ';
      continue;
    }
    const joined = stripComment(buffer + raw).trim();
    buffer = '';
    if (joined.length > 0) out.push({ text: joined, line: start });
  }
  const tail = stripComment(buffer).trim();
  if (tail.length > 0) out.push({ text: tail, line: start });
  return out;
}

/** `#` starts a comment at the start of a line or after whitespace (a URL's `#egg=` is kept). */
function stripComment(line: string): string {
  if (line.trimStart().startsWith('#')) return '';
  const at = line.search(/\s#/);
  return at < 0 ? line : line.slice(0, at);
}

function looksLikeLocation(text: string): boolean {
  const first = text.split(/[\s;]/)[0] ?? '';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(first) || /^(?:\.{1,2}[/\\]|\/|~|file:)/i.test(first)) return true;
  return !first.includes('@') && /\.(?:whl|zip|tar\.gz|tgz)$/i.test(first);
}

/** Name (and version, for wheels) of a bare URL or path: `#egg=name`, a wheel file name, or the last path segment. */
function nameOfLocation(location: string): { name: string; version?: string } | undefined {
  const egg = /[#&]egg=([A-Za-z0-9._-]+)/.exec(location);
  if (egg?.[1]) return { name: normalisePypiName(egg[1].replace(/-\d.*$/, '')) };
  const path = location.split('#')[0]?.split('?')[0]?.replace(/[/\\]+$/, '') ?? '';
  const last = fileName(path);
  const wheel = /^([A-Za-z0-9._]+)-([0-9][A-Za-z0-9.+!_]*)-.*\.whl$/.exec(last);
  if (wheel?.[1] && wheel[2]) return { name: normalisePypiName(wheel[1]), version: wheel[2] };
  if (sourceOf(location) === 'path' && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(last)) return { name: normalisePypiName(last) };
  return undefined;
}

function hashesOf(options: string): string | undefined {
  const hashes = [...options.matchAll(HASH_OPTION)].map((m) => m[1] ?? '').filter((h) => h.length > 0);
  return hashes.length > 0 ? hashes.join(' ') : undefined;
}

function locationPackage(path: string, line: number, location: string): ExtractedPackage | string | undefined {
  if (/^\.[/\\]?(?:\[.*\])?$/.test(location)) return undefined; // `-e .`: the project itself
  const named = nameOfLocation(location);
  if (!named) return `${path}:${line}: cannot tell the package name of ${location.slice(0, 200)}`;
  const source = sourceOf(location);
  return {
    ecosystem: 'PyPI', name: named.name, direct: true, path, line, source,
    ...(named.version ? { version: named.version } : {}),
    ...(source === 'path' ? {} : { resolved: location }),
  };
}

function parseLine(path: string, entry: LogicalLine): ExtractedPackage | string | undefined {
  const editable = EDITABLE.exec(entry.text);
  if (editable?.[1]) return locationPackage(path, entry.line, editable[1]);
  if (entry.text.startsWith('-')) return undefined; // -r, -c, index and other global options
  if (entry.text.length > MAX_REQUIREMENT_LENGTH) return `${path}:${entry.line}: requirement too long`;

  const optionAt = entry.text.search(OPTION_START);
  const requirementText = optionAt < 0 ? entry.text : entry.text.slice(0, optionAt);
  const integrity = optionAt < 0 ? undefined : hashesOf(entry.text.slice(optionAt));
  const extra = integrity ? { integrity } : {};

  if (looksLikeLocation(requirementText.trim())) {
    const pkg = locationPackage(path, entry.line, requirementText.trim().split(/\s*;/)[0] ?? '');
    return typeof pkg === 'object' ? { ...pkg, ...extra } : pkg;
  }
  const req = parsePep508(requirementText);
  if (!req) return `${path}:${entry.line}: cannot parse requirement "${requirementText.trim().slice(0, 200)}"`;
  if (req.url !== undefined) {
    return { ecosystem: 'PyPI', name: req.name, direct: true, path, line: entry.line, source: sourceOf(req.url), resolved: req.url, ...extra };
  }
  const version = pinnedVersion(req.specifier);
  return {
    ecosystem: 'PyPI', name: req.name, direct: true, path, line: entry.line, source: 'registry',
    ...(version ? { version } : {}),
    ...(req.specifier ? { requirement: req.specifier } : {}),
    ...extra,
  };
}

export const extractor: Extractor = {
  id: 'requirements-txt',
  docs: {
    files: '`requirements*.txt`, `*-requirements.txt`, `*_requirements.txt`, `requirements/*.txt`, and any file another one includes',
    notes: '`==` pins, extras, markers, `--hash`, URL/VCS/path requirements; `-r`/`-c` includes followed against the including file\'s folder (inside the workspace, each file once, at most 200)',
  },
  ecosystem: 'PyPI',
  matches(path: string): boolean {
    const name = fileName(path);
    // Both patterns end in .txt: most paths are out after one comparison.
    if (name.length < 4 || name.slice(-4).toLowerCase() !== '.txt') return false;
    return FILE_NAME.test(name) || REQUIREMENTS_FOLDER.test(path.replaceAll('\\', '/'));
  },

  includes(path: string, text: string): string[] {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const out: string[] = [];
    for (const entry of logicalLines(text)) {
      const ref = INCLUDE.exec(entry.text)?.[1];
      // URLs are pip's business, not files of this workspace.
      if (ref === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(ref) || ref.startsWith('/')) continue;
      const resolved = posix.normalize(posix.join(folder, ref));
      if (resolved.startsWith('../') || resolved === '..') continue;
      out.push(resolved);
      if (out.length >= MAX_INCLUDES) break;
    }
    return out;
  },
  extract(path: string, text: string): ExtractResult {
    const packages: ExtractedPackage[] = [];
    const warnings: string[] = [];
    for (const entry of logicalLines(text)) {
      const result = parseLine(path, entry);
      if (typeof result === 'string') warnings.push(result);
      else if (result) packages.push(result);
    }
    return { kind: 'manifest', packages, warnings };
  },
  // A `==` pin is a version; other specifiers are requirements only; `-e .` is the project itself.
  examples: [{ path: 'requirements.txt', text: '# web\nDjango==5.0.1\nrequests[socks]>=2.31 ; python_version >= "3.8"\n-e .\n', packages: ['django@5.0.1 direct line 2', 'requests direct line 3'] }],
};
