/**
 * JSON for the extractors: parsing a document that must be an object, reading its
 * sections, and line numbers for JSON members in one linear pass (no quadratic searching).
 * Records, for every object key and array element up to `maxDepth`, the 1-based line
 * where it starts. Keys of the returned map are path segments joined by `\u0000`
 * (use `jsonPath`). Run it on text that `JSON.parse` has already accepted.
 */
import type { ExtractResult } from '../types.js';
import { failure, isObj, type Obj, type Parsed } from './shared.js';

/** Parses a JSON document; a syntax error is the failure. */
export function parseJson(kind: ExtractResult['kind'], path: string, text: string): { readonly doc: unknown; readonly failed?: undefined } | { readonly doc?: undefined; readonly failed: ExtractResult } {
  try {
    return { doc: JSON.parse(text) as unknown };
  } catch (error) {
    return { failed: failure(kind, path, `not valid JSON (${(error as Error).message})`) };
  }
}

/** Parses a JSON document whose top level must be an object. */
export function readJsonObject(kind: ExtractResult['kind'], path: string, text: string): Parsed {
  const { doc, failed } = parseJson(kind, path, text);
  if (failed) return { failed };
  return isObj(doc) ? { doc } : { failed: failure(kind, path, 'top level is not an object') };
}

/** `doc[name]` when it is an object; undefined when absent, and a warning when it is something else. */
export function objectSection(doc: Obj, name: string, path: string, warnings: string[]): Obj | undefined {
  const value = doc[name];
  if (value !== undefined && !isObj(value)) warnings.push(`${path}: "${name}" is not an object`);
  return isObj(value) ? value : undefined;
}

/** `doc[name]` when it is an array; undefined when absent, and a warning when it is something else. */
export function arraySection(doc: Obj, name: string, path: string, warnings: string[]): unknown[] | undefined {
  const value = doc[name];
  if (value !== undefined && !Array.isArray(value)) warnings.push(`${path}: "${name}" is not an array`);
  return Array.isArray(value) ? (value as unknown[]) : undefined;
}

interface Frame {
  readonly path: readonly string[];
  readonly isArray: boolean;
  index: number;
  expectKey: boolean;
  key: string;
}

export function jsonPath(...segments: readonly (string | number)[]): string {
  return segments.map(String).join('\u0000');
}

/** The text of a JSON string literal's contents (escapes decoded; kept as written when they are malformed). */
export function decodeJsonString(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

export function jsonLines(text: string, maxDepth: number): Map<string, number> {
  const out = new Map<string, number>();
  const stack: Frame[] = [];
  let line = 1;
  const elementStart = (): void => {
    const top = stack.at(-1);
    if (top?.isArray && stack.length <= maxDepth) out.set(jsonPath(...top.path, top.index), line);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      line++;
    } else if (c === '"') {
      const startLine = line;
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else if (text[j] === '\n') line++;
        j++;
      }
      const top = stack.at(-1);
      if (top && !top.isArray && top.expectKey) {
        top.key = decodeJsonString(text.slice(i + 1, j));
        if (stack.length <= maxDepth) out.set(jsonPath(...top.path, top.key), startLine);
      } else {
        elementStart();
      }
      i = j;
    } else if (c === '{' || c === '[') {
      elementStart();
      const top = stack.at(-1);
      const path = top ? [...top.path, top.isArray ? String(top.index) : top.key] : [];
      stack.push({ path, isArray: c === '[', index: 0, expectKey: c === '{', key: '' });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ':') {
      const top = stack.at(-1);
      if (top) top.expectKey = false;
    } else if (c === ',') {
      const top = stack.at(-1);
      if (top?.isArray) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return out;
}
