/**
 * `vigil osv import`: loads OSV records into the offline database from the
 * per-ecosystem `all.zip` exports (https://osv-vulnerabilities.storage.googleapis.com/<ecosystem>/all.zip),
 * a folder of OSV JSON files, one JSON file, or one JSON-lines file (one record
 * per line, `.jsonl`/`.ndjson`, optionally gzip-compressed). Records of
 * ecosystems Vigil does not scan are counted and skipped; malformed ones are
 * counted and named (file, entry or line), never fatal. GitHub Actions records
 * are kept too (names lower-cased): the CI/CD scanner matches workflow `uses:`
 * references against them.
 */
import { createReadStream } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';
import type { Ecosystem } from '../../scanners/dependencies/types.js';
import { ecosystemFromOsv, normalisePackageName } from '../../scanners/dependencies/advisories/match.js';
import { GITHUB_ACTIONS_ECOSYSTEM } from '../../scanners/advisories/source.js';

/** One OSV JSON document is at most this large (the largest real records are a few hundred KB). */
export const MAX_RECORD_BYTES = 8 * 1024 * 1024;
/** Records written per transaction. */
const BATCH = 500;

export interface ImportRow {
  readonly id: string;
  readonly modified: string;
  readonly withdrawn: boolean;
  readonly record: unknown;
  readonly packages: readonly { readonly ecosystem: Ecosystem | typeof GITHUB_ACTIONS_ECOSYSTEM; readonly name: string }[];
}

export interface ImportWriter {
  /** Stores a batch; returns how many were written (older copies than the stored one are not). */
  upsert(rows: readonly ImportRow[]): Promise<number>;
}

export interface ImportStats {
  /** JSON documents read. */
  documents: number;
  /** Records for Vigil's ecosystems (GitHub Actions included: the CI/CD scanner reads them). */
  records: number;
  /** Written (new or newer than the stored copy). */
  stored: number;
  withdrawn: number;
  /** Records naming only ecosystems Vigil does not scan. */
  otherEcosystems: number;
  /** Files (or lines) that were not an OSV record (bad JSON, missing id/modified, too large). */
  invalid: number;
  /** What was wrong with the first invalid ones, each naming its file, zip entry or line (at most MAX_PROBLEMS). */
  problems: string[];
}

/** Invalid records named in ImportStats.problems; the rest are only counted. */
export const MAX_PROBLEMS = 20;

export class ImportError extends Error {}

/** Why a parsed document is not an OSV record, or undefined when it has what one needs. */
export function recordProblem(doc: unknown): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return `not an OSV record (a JSON ${doc === null ? 'null' : Array.isArray(doc) ? 'array' : typeof doc}, expected an object)`;
  const r = doc as { id?: unknown; modified?: unknown };
  if (typeof r.id !== 'string' || r.id.length === 0) return 'not an OSV record ("id" is missing or not a string)';
  if (r.id.length > 200) return 'not an OSV record ("id" is longer than 200 characters)';
  if (typeof r.modified !== 'string') return `not an OSV record (${r.id}: "modified" is missing or not a string)`;
  return undefined;
}

/** Builds the stored row for one parsed document, or a reason it is not one. */
export function toImportRow(doc: unknown): ImportRow | 'invalid' | 'other-ecosystem' {
  if (recordProblem(doc) !== undefined) return 'invalid';
  const r = doc as { id: string; modified: string; withdrawn?: unknown; affected?: unknown };
  const packages = new Map<string, { ecosystem: Ecosystem | typeof GITHUB_ACTIONS_ECOSYSTEM; name: string }>();
  if (Array.isArray(r.affected)) {
    for (const a of r.affected as unknown[]) {
      const pkg = (a as { package?: { ecosystem?: unknown; name?: unknown } } | null)?.package;
      if (typeof pkg?.ecosystem !== 'string' || typeof pkg.name !== 'string' || pkg.name.length === 0) continue;
      if (pkg.ecosystem === GITHUB_ACTIONS_ECOSYSTEM) {
        // Actions are read by the CI/CD scanner; GitHub names are case-insensitive.
        const name = pkg.name.toLowerCase();
        packages.set(`${GITHUB_ACTIONS_ECOSYSTEM}\u0000${name}`, { ecosystem: GITHUB_ACTIONS_ECOSYSTEM, name });
        continue;
      }
      const ecosystem = ecosystemFromOsv(pkg.ecosystem);
      if (!ecosystem) continue;
      const name = normalisePackageName(ecosystem, pkg.name);
      packages.set(`${ecosystem}\u0000${name}`, { ecosystem, name });
    }
  }
  if (packages.size === 0) return 'other-ecosystem';
  return { id: r.id, modified: r.modified, withdrawn: typeof r.withdrawn === 'string' && r.withdrawn.length > 0, record: doc, packages: [...packages.values()] };
}

/** A JSON.parse message, one line and bounded. */
function parseMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

class Batcher {
  private rows: ImportRow[] = [];
  readonly stats: ImportStats = { documents: 0, records: 0, stored: 0, withdrawn: 0, otherEcosystems: 0, invalid: 0, problems: [] };

  constructor(
    private readonly writer: ImportWriter,
    private readonly onProgress?: (stats: Readonly<ImportStats>) => void,
  ) {}

  /** One JSON document (a record, or an array of records) read from `where`. */
  async add(bytes: Buffer, where: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      this.invalid(where, `not JSON (${parseMessage(error)})`);
      return;
    }
    // A document is one record; a JSON array of records is accepted too.
    const docs = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    docs.forEach((doc, index) => this.addParsed(doc, docs.length > 1 ? `${where}, item ${index + 1}` : where));
    if (this.rows.length >= BATCH) await this.flush();
  }

  /** One line of a JSON-lines file: exactly one record. */
  async addLine(bytes: Buffer, where: string): Promise<void> {
    let parsed: unknown;
    try {
      // A byte-order mark may open the first line.
      parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch (error) {
      this.invalid(where, `not JSON (${parseMessage(error)})`);
      return;
    }
    this.addParsed(parsed, where);
    if (this.rows.length >= BATCH) await this.flush();
  }

  private addParsed(doc: unknown, where: string): void {
    const problem = recordProblem(doc);
    if (problem !== undefined) return this.invalid(where, problem);
    this.stats.documents++;
    const row = toImportRow(doc);
    if (row === 'invalid') this.stats.invalid++;
    else if (row === 'other-ecosystem') this.stats.otherEcosystems++;
    else {
      this.stats.records++;
      if (row.withdrawn) this.stats.withdrawn++;
      this.rows.push(row);
    }
  }

  invalid(where: string, why: string): void {
    this.stats.documents++;
    this.stats.invalid++;
    if (this.stats.problems.length < MAX_PROBLEMS) this.stats.problems.push(`${where}: ${why}`);
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    this.stats.stored += await this.writer.upsert(rows);
    this.onProgress?.(this.stats);
  }
}

/** Names that are read as JSON lines: `.jsonl`, `.ndjson`, with or without `.gz`. */
const JSON_LINES = /\.(?:jsonl|ndjson)(?:\.gz)?$/i;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

async function startsWithGzipMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

export async function importOsv(location: string, writer: ImportWriter, onProgress?: (stats: Readonly<ImportStats>) => void): Promise<ImportStats> {
  let info;
  try {
    info = await lstat(location);
  } catch {
    throw new ImportError(`${location}: no such file or folder`);
  }
  const batcher = new Batcher(writer, onProgress);
  if (info.isDirectory()) await importFolder(location, batcher);
  else if (info.isFile() && /\.zip$/i.test(location)) await importZip(location, batcher);
  else if (info.isFile() && /\.json$/i.test(location)) await importJsonFile(location, info.size, batcher);
  else if (info.isFile() && JSON_LINES.test(location)) {
    const gzip = await startsWithGzipMagic(location);
    if (/\.gz$/i.test(location) && !gzip) throw new ImportError(`${location}: not a gzip file (it does not start with the gzip signature)`);
    await importJsonLines(location, gzip, batcher);
  } else {
    throw new ImportError(
      `${location}: expected an OSV export (.zip), a folder of OSV JSON files, one .json file, or a JSON-lines file (.jsonl or .ndjson, one record per line, optionally .gz)`,
    );
  }
  await batcher.flush();
  return batcher.stats;
}

async function importJsonFile(path: string, size: number, batcher: Batcher): Promise<void> {
  if (size > MAX_RECORD_BYTES) return batcher.invalid(basename(path), `larger than ${MAX_RECORD_BYTES / 1024 / 1024} MiB`);
  await importJsonFileAs(path, basename(path), batcher);
}

async function importJsonFileAs(path: string, shown: string, batcher: Batcher): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await batcher.add(await handle.readFile(), shown);
  } finally {
    await handle.close();
  }
}

/**
 * Splits a byte stream into lines without ever holding more than one line of
 * at most `max` bytes (plus one chunk): a longer line is skipped and reported
 * through `onLong`. CRLF endings and a missing final newline are accepted.
 */
export async function* boundedLines(stream: AsyncIterable<Buffer>, max: number, onLong: (line: number) => void): AsyncGenerator<{ line: number; bytes: Buffer }> {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  let line = 1;
  const take = (): Buffer => {
    const bytes = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    return bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, bytes.length - 1) : bytes;
  };
  for await (const chunk of stream) {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!skipping) {
        if (size + (end - start) > max) {
          skipping = true;
          parts = [];
          size = 0;
          onLong(line);
        } else if (end > start) {
          parts.push(chunk.subarray(start, end));
          size += end - start;
        }
      }
      if (newline === -1) break;
      if (!skipping) yield { line, bytes: take() };
      skipping = false;
      line++;
      start = newline + 1;
    }
  }
  if (!skipping && size > 0) yield { line, bytes: take() };
}

/** A JSON-lines file, read as a stream (gunzipped on the fly): one record per line, blank lines skipped. */
async function importJsonLines(path: string, gzip: boolean, batcher: Batcher): Promise<void> {
  const name = basename(path);
  const file = createReadStream(path);
  const stream: Readable = gzip ? file.pipe(createGunzip()) : file;
  if (gzip) file.on('error', (error) => stream.destroy(error));
  let last = 0;
  try {
    const lines = boundedLines(stream, MAX_RECORD_BYTES, (line) => batcher.invalid(`${name} line ${line}`, `longer than ${MAX_RECORD_BYTES / 1024 / 1024} MiB`));
    for await (const { line, bytes } of lines) {
      last = line;
      if (bytes.every((b) => b === 0x20 || b === 0x09)) continue;
      await batcher.addLine(bytes, `${name} line ${line}`);
    }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ImportError(
      `${path}: ${gzip ? 'not a readable gzip file' : 'could not be read'} after line ${last} (${why}); the ${batcher.stats.records} record(s) before it were read, ${batcher.stats.stored} stored so far`,
    );
  } finally {
    file.destroy();
  }
}

/** Walks a folder (symbolic links are not followed) and imports every *.json file. */
async function importFolder(root: string, batcher: Batcher): Promise<void> {
  // Paths in problems are relative to the folder.
  const relative = (path: string) => path.slice(root.length + 1) || path;
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) {
        const { size } = await lstat(path);
        if (size > MAX_RECORD_BYTES) batcher.invalid(relative(path), `larger than ${MAX_RECORD_BYTES / 1024 / 1024} MiB`);
        else await importJsonFileAs(path, relative(path), batcher);
      }
    }
  }
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true, strictFileNames: false, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(new ImportError(`${path}: not a readable zip archive (${error?.message ?? 'unknown error'})`));
      else resolve(zip);
    });
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new ImportError(`${entry.fileName}: ${error?.message ?? 'unreadable entry'}`));
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        // The declared size is checked by yauzl; this guards a lying header too.
        if (bytes > MAX_RECORD_BYTES) {
          stream.destroy();
          resolve(undefined);
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (e) => reject(new ImportError(`${entry.fileName}: ${e.message}`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

async function importZip(path: string, batcher: Batcher): Promise<void> {
  const zip = await openZip(path);
  const name = basename(path);
  const tooLarge = `larger than ${MAX_RECORD_BYTES / 1024 / 1024} MiB`;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(error instanceof Error ? error : new ImportError(String(error)));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const next = async () => {
        if (!entry.fileName.endsWith('/') && entry.fileName.toLowerCase().endsWith('.json')) {
          const where = `${name}: ${entry.fileName}`;
          if (entry.uncompressedSize > MAX_RECORD_BYTES) batcher.invalid(where, tooLarge);
          else {
            const bytes = await readEntry(zip, entry);
            if (bytes === undefined) batcher.invalid(where, tooLarge);
            else await batcher.add(bytes, where);
          }
        }
        zip.readEntry();
      };
      next().catch(fail);
    });
    zip.readEntry();
  });
}
