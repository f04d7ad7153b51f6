/**
 * TOML for the extractors: parsing a document (smol-toml), and line numbers.
 *
 * TomlLines finds the lines of TOML tables, keys and array items without re-parsing. Headers and
 * the keys assigned at the start of a line are indexed once per file, so every lookup is
 * O(1); array items are found with a cursor that only moves forward.
 */
import { parse } from 'smol-toml';
import type { ExtractResult } from '../types.js';
import { failure, isObj, str, type Obj, type Parsed } from './shared.js';

/** Parses a TOML document; a syntax error is the failure, with the parser's first line. */
export function readToml(kind: ExtractResult['kind'], path: string, text: string): Parsed {
  try {
    return { doc: parse(text) };
  } catch (error) {
    return { failed: failure(kind, path, `not valid TOML (${(error as Error).message.split('\n')[0]})`) };
  }
}

/** 1-based lines of each `[[header]]` array-of-tables header, in file order. */
export function tableHeaderLines(text: string, header: string): number[] {
  const lines: number[] = [];
  const pattern = new RegExp(`^\\s*\\[\\[\\s*${header.replace('.', '\\.')}\\s*\\]\\]\\s*(?:#.*)?$`);
  for (const [index, line] of text.split('\n').entries()) {
    if (pattern.test(line)) lines.push(index + 1);
  }
  return lines;
}

/** One `[[package]]` table of a lockfile, with its name and the line of its header. */
export interface PackageTable {
  readonly table: Obj;
  readonly name: string;
  readonly line: number;
}

export interface PackageTables {
  readonly failed?: ExtractResult;
  /** Every `[[package]]` table, named or not. */
  readonly tables: readonly Obj[];
  readonly named: readonly PackageTable[];
  /** One per entry without a name. */
  readonly warnings: string[];
}

/** The `[[package]]` tables of a TOML lockfile (Cargo.lock, poetry.lock, uv.lock); an entry without a `name` is a warning. */
export function packageTables(path: string, text: string): PackageTables {
  const { doc, failed } = readToml('lockfile', path, text);
  const raw: unknown = doc?.package ?? [];
  if (failed || !Array.isArray(raw)) return { failed: failed ?? failure('lockfile', path, '"package" is not an array of tables'), tables: [], named: [], warnings: [] };
  const lines = tableHeaderLines(text, 'package');
  const named: PackageTable[] = [];
  const warnings: string[] = [];
  raw.forEach((entry: unknown, index) => {
    const line = lines[index] ?? 1;
    const name = isObj(entry) ? str(entry.name) : undefined;
    if (isObj(entry) && name) named.push({ table: entry, name, line });
    else warnings.push(`${path}:${line}: package entry without a name`);
  });
  return { tables: raw.filter(isObj), named, warnings };
}

const TABLE_HEADER = /^\s*\[\[?\s*(["'A-Za-z0-9_-][^\]]*)\]\]?\s*(?:#.*)?$/;
const KEY = /^\s*(?:"([^"]{1,200})"|'([^']{1,200})'|([A-Za-z0-9_-]{1,200}))\s*[.=]/;
const ROOT = -1;

function normaliseHeader(dotted: string): string {
  return dotted.replace(/["'\s]/g, '');
}

export class TomlLines {
  private readonly lines: readonly string[];
  private readonly headers = new Map<string, number>();
  private readonly keys = new Map<string, number>();

  constructor(text: string) {
    this.lines = text.split('\n');
    let section = ROOT;
    for (const [index, line] of this.lines.entries()) {
      const header = TABLE_HEADER.exec(line);
      if (header?.[1]) {
        section = index;
        const name = normaliseHeader(header[1]);
        if (!this.headers.has(name)) this.headers.set(name, index);
        continue;
      }
      const key = KEY.exec(line);
      const name = key?.[1] ?? key?.[2] ?? key?.[3];
      const id = `${section}\u0000${name ?? ''}`;
      if (name !== undefined && !this.keys.has(id)) this.keys.set(id, index);
    }
  }

  /** 0-based index of the `[a.b.c]` header (spaces and quotes tolerated), or -1. */
  header(dotted: string): number {
    return this.headers.get(normaliseHeader(dotted)) ?? -1;
  }

  /**
   * 0-based line where `key =` (or dotted `key.sub =`) is first assigned in the table whose
   * header is on line `section` (-1: the top level), or -1.
   */
  key(section: number, key: string): number {
    return this.keys.get(`${section < 0 ? ROOT : section}\u0000${key}`) ?? -1;
  }

  /** First line at or after `from` (0-based), before the next table header, for which `test` is true, or -1. */
  find(from: number, test: (line: string) => boolean): number {
    const start = Math.max(from, 0);
    for (let index = start; index < this.lines.length; index++) {
      const line = this.lines[index] ?? '';
      if (index > start && TABLE_HEADER.test(line)) break;
      if (test(line)) return index;
    }
    return -1;
  }
}

/**
 * Lines of a string array's items (in order) starting at line `from`: each item is
 * searched after the previous one, so the walk is linear.
 */
export function itemLines(lines: TomlLines, from: number, items: readonly string[]): number[] {
  const out: number[] = [];
  let cursor = from;
  for (const item of items) {
    const found = lines.find(cursor, (line) => line.includes(`"${item}"`) || line.includes(`'${item}'`));
    out.push(found < 0 ? from : found);
    if (found >= 0) cursor = found;
  }
  return out;
}
