/**
 * `vigil osv import`: loads OSV records into the offline database from the
 * per-ecosystem `all.zip` exports (https://osv-vulnerabilities.storage.googleapis.com/<ecosystem>/all.zip),
 * a folder of OSV JSON files, or one JSON file. Records of ecosystems Vigil
 * does not scan are counted and skipped; malformed ones are counted, never fatal.
 * GitHub Actions records are kept too (names lower-cased): the CI/CD scanner
 * matches workflow `uses:` references against them.
 */
import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import yauzl from 'yauzl';
import type { Ecosystem } from '../types.js';
import { ecosystemFromOsv, normalisePackageName } from './match.js';
import { GITHUB_ACTIONS_ECOSYSTEM } from './source.js';

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
  /** Files that were not an OSV record (bad JSON, missing id/modified, too large). */
  invalid: number;
}

export class ImportError extends Error {}

/** Builds the stored row for one parsed document, or a reason it is not one. */
export function toImportRow(doc: unknown): ImportRow | 'invalid' | 'other-ecosystem' {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return 'invalid';
  const r = doc as { id?: unknown; modified?: unknown; withdrawn?: unknown; affected?: unknown };
  if (typeof r.id !== 'string' || r.id.length === 0 || r.id.length > 200 || typeof r.modified !== 'string') return 'invalid';
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

class Batcher {
  private rows: ImportRow[] = [];
  readonly stats: ImportStats = { documents: 0, records: 0, stored: 0, withdrawn: 0, otherEcosystems: 0, invalid: 0 };

  constructor(
    private readonly writer: ImportWriter,
    private readonly onProgress?: (stats: Readonly<ImportStats>) => void,
  ) {}

  async add(bytes: Buffer): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      this.stats.documents++;
      this.stats.invalid++;
      return;
    }
    // A document is one record; a JSON array of records is accepted too.
    for (const doc of Array.isArray(parsed) ? (parsed as unknown[]) : [parsed]) {
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
    if (this.rows.length >= BATCH) await this.flush();
  }

  invalid(): void {
    this.stats.documents++;
    this.stats.invalid++;
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    this.stats.stored += await this.writer.upsert(rows);
    this.onProgress?.(this.stats);
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
  else throw new ImportError(`${location}: expected an OSV export (.zip), a folder of OSV JSON files or one .json file`);
  await batcher.flush();
  return batcher.stats;
}

async function importJsonFile(path: string, size: number, batcher: Batcher): Promise<void> {
  if (size > MAX_RECORD_BYTES) return batcher.invalid();
  const handle = await open(path, 'r');
  try {
    await batcher.add(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** Walks a folder (symbolic links are not followed) and imports every *.json file. */
async function importFolder(root: string, batcher: Batcher): Promise<void> {
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
        await importJsonFile(path, size, batcher);
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
          if (entry.uncompressedSize > MAX_RECORD_BYTES) batcher.invalid();
          else {
            const bytes = await readEntry(zip, entry);
            if (bytes === undefined) batcher.invalid();
            else await batcher.add(bytes);
          }
        }
        zip.readEntry();
      };
      next().catch(fail);
    });
    zip.readEntry();
  });
}
