/**
 * RubyGems `Gem::Version` ordering (https://guides.rubygems.org/patterns/#prerelease-gems,
 * rubygems/version.rb): dot-separated segments, numbers compared numerically
 * and letter runs as strings; a version with any letter is a prerelease and a
 * string segment sorts below a number (`1.0.a < 1.0.b1 < 1.0 < 1.0.1`).
 * A `-` reads as `.pre.` (`1.0-1` = `1.0.pre.1`). Trailing zeros of the numeric
 * part and of the prerelease part are ignored (`1.0.0` = `1`, `1.a.0` = `1.a`).
 */
import { compareDigits, compareStrings, stripZeros } from './digits.js';
import type { VersionOrdering } from './types.js';

export type GemSegment = { readonly num: true; readonly v: string } | { readonly num: false; readonly v: string };

export interface GemVersion {
  readonly segments: readonly GemSegment[];
  readonly prerelease: boolean;
}

const GEM_RE = /^\s*([0-9]+(?:\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)\s*$/;

const isZero = (s: GemSegment): boolean => s.num && s.v === '0';

function trimZeros(segments: GemSegment[]): GemSegment[] {
  let end = segments.length;
  while (end > 0 && isZero(segments[end - 1] as GemSegment)) end--;
  return segments.slice(0, end);
}

export function parseGem(version: string): GemVersion | undefined {
  if (typeof version !== 'string') return undefined;
  const m = GEM_RE.exec(version);
  if (!m?.[1]) return undefined;
  const text = m[1].replace(/-/g, '.pre.');
  const raw: GemSegment[] = (text.match(/[0-9]+|[a-z]+/gi) ?? []).map((s) =>
    /^[0-9]+$/.test(s) ? { num: true, v: stripZeros(s) } : { num: false, v: s },
  );
  const firstString = raw.findIndex((s) => !s.num);
  const numeric = firstString === -1 ? raw : raw.slice(0, firstString);
  const rest = firstString === -1 ? [] : raw.slice(firstString);
  return { segments: [...trimZeros(numeric), ...trimZeros(rest)], prerelease: /[a-zA-Z]/.test(m[1]) };
}

const ZERO: GemSegment = { num: true, v: '0' };

export function compareParsedGem(a: GemVersion, b: GemVersion): number {
  const n = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const l = a.segments[i] ?? ZERO;
    const r = b.segments[i] ?? ZERO;
    if (l.num === r.num && l.v === r.v) continue;
    if (!l.num && r.num) return -1;
    if (l.num && !r.num) return 1;
    return l.num ? compareDigits(l.v, r.v) : compareStrings(l.v, r.v);
  }
  return 0;
}

export const rubygemsOrdering: VersionOrdering<GemVersion> = {
  name: 'RubyGems',
  parse: parseGem,
  compare: compareParsedGem,
};
