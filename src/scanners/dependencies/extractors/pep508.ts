/**
 * A small PEP 508 requirement parser shared by the Python extractors:
 * `name[extra1,extra2] (specifier) ; marker` or `name[extras] @ url ; marker`.
 * Works on one logical requirement with options and comments already removed.
 */
import type { PackageSourceKind } from '../types.js';

export interface Pep508Requirement {
  /** PEP 503-normalised name. */
  readonly name: string;
  readonly extras: readonly string[];
  /** Version specifier as written, whitespace removed (`>=2,<3`); empty when none. */
  readonly specifier: string;
  /** Direct reference (`name @ url`), when present. */
  readonly url?: string;
  readonly marker?: string;
}

/** Longest requirement string we look at; longer input is rejected, not scanned. */
export const MAX_REQUIREMENT_LENGTH = 4096;

const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)/;
const SPECIFIER_CLAUSE = /^(?:===|==|!=|~=|<=|>=|<|>)\s*[A-Za-z0-9.*+!_-]+$/;

/** PEP 503: lower-case, runs of `-`, `_` and `.` become one `-`. */
export function normalisePypiName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

/** The version when the specifier is a single exact pin (`==1.2.3`, `===1.2.3`), else undefined. */
export function pinnedVersion(specifier: string): string | undefined {
  const match = /^===?([A-Za-z0-9.+!_-]+)$/.exec(specifier);
  return match?.[1];
}

export function parsePep508(input: string): Pep508Requirement | undefined {
  const text = input.trim();
  if (text.length === 0 || text.length > MAX_REQUIREMENT_LENGTH) return undefined;
  const nameMatch = NAME.exec(text);
  if (!nameMatch?.[1]) return undefined;
  const name = normalisePypiName(nameMatch[1]);
  let rest = text.slice(nameMatch[1].length).trimStart();

  let extras: string[] = [];
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) return undefined;
    extras = rest.slice(1, close).split(',').map((e) => e.trim()).filter((e) => e.length > 0);
    rest = rest.slice(close + 1).trimStart();
  }

  if (rest.startsWith('@')) {
    // A URL may contain `;`, so the marker must be separated by whitespace (PEP 508).
    const body = rest.slice(1).trim();
    const markerAt = body.search(/\s;/);
    const url = (markerAt < 0 ? body : body.slice(0, markerAt)).trim();
    if (url.length === 0 || /\s/.test(url)) return undefined;
    const marker = markerAt < 0 ? undefined : body.slice(markerAt).replace(/^\s*;/, '').trim();
    return { name, extras, specifier: '', url, ...(marker ? { marker } : {}) };
  }

  const semicolon = rest.indexOf(';');
  const specPart = (semicolon < 0 ? rest : rest.slice(0, semicolon)).trim();
  const marker = semicolon < 0 ? undefined : rest.slice(semicolon + 1).trim();
  const specifier = normaliseSpecifier(specPart);
  if (specifier === undefined) return undefined;
  return { name, extras, specifier, ...(marker ? { marker } : {}) };
}

/** `(>= 1.0, < 2)` → `>=1.0,<2`; undefined when a clause is not a valid specifier. */
function normaliseSpecifier(raw: string): string | undefined {
  let spec = raw;
  if (spec.startsWith('(') && spec.endsWith(')')) spec = spec.slice(1, -1);
  if (spec.trim().length === 0) return '';
  const clauses: string[] = [];
  for (const clause of spec.split(',')) {
    const trimmed = clause.trim();
    if (!SPECIFIER_CLAUSE.test(trimmed)) return undefined;
    clauses.push(trimmed.replace(/\s+/g, ''));
  }
  return clauses.join(',');
}

/** Source kind of a direct reference: VCS (`git+…`), `file:`, other URLs, local archives or directories. */
export function sourceOf(url: string): PackageSourceKind {
  const lower = url.toLowerCase();
  if (lower.startsWith('git+') || lower.startsWith('git://')) return 'git';
  if (lower.startsWith('file:')) return 'file';
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(lower)) return 'url';
  return /\.(?:whl|zip|tar\.gz|tgz|tar\.bz2)$/.test(lower) ? 'file' : 'path';
}
