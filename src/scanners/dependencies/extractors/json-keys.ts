/**
 * Line index for the object keys of a JSON (or JSONC) text, built in one linear pass.
 * Used by the npm-family extractors to give each package the line of its entry.
 * Depth counts enclosing `{`/`[`: a key of the root object has depth 1.
 */
import { decodeJsonString } from './json.js';

export interface KeyIndex {
  /** 1-based line of the first `key` at `depth` (any depth when omitted) on or after `fromLine`; 1 when absent. */
  line(key: string, depth?: number, fromLine?: number): number;
}

interface KeyHit {
  readonly line: number;
  readonly depth: number;
}

export function indexJsonKeys(text: string): KeyIndex {
  const hits = new Map<string, KeyHit[]>();
  let line = 1;
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\n') line += 1;
    else if (ch === '{' || ch === '[') depth += 1;
    else if (ch === '}' || ch === ']') depth -= 1;
    else if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      continue;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      line += countNewlines(text, i, stop);
      i = stop;
      continue;
    } else if (ch === '"') {
      const start = i + 1;
      let j = start;
      while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(start, j);
      let k = j + 1;
      while (k < text.length && (text[k] === ' ' || text[k] === '\t' || text[k] === '\r')) k += 1;
      if (text[k] === ':') addHit(hits, decodeJsonString(raw), { line, depth });
      i = j + 1;
      continue;
    }
    i += 1;
  }
  return {
    line(key, wantDepth, fromLine = 0) {
      const list = hits.get(key) ?? [];
      for (let i = firstAtOrAfter(list, fromLine); i < list.length; i += 1) {
        const hit = list[i];
        if (hit !== undefined && (wantDepth === undefined || hit.depth === wantDepth)) return hit.line;
      }
      return 1;
    },
  };
}

/** Hits are in line order: binary search for the first on or after `line`. */
function firstAtOrAfter(list: readonly KeyHit[], line: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid]?.line ?? Infinity) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function addHit(hits: Map<string, KeyHit[]>, key: string, hit: KeyHit): void {
  const list = hits.get(key);
  if (list) list.push(hit);
  else hits.set(key, [hit]);
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) if (text[i] === '\n') n += 1;
  return n;
}

export function stringField(obj: Record<string, unknown>, key: string): string | undefined {
  const value = obj[key];
  return typeof value === 'string' ? value : undefined;
}
