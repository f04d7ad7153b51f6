/**
 * Regenerates src/scanners/dependencies/risks/popular/{npm,pypi}.json, the popular-name
 * lists the typosquat and dependency-confusion checks compare against, and
 * {npm,pypi}-established.json, the much longer lists of names too widely used to be typosquats.
 *
 *   npx tsx scripts/popular-packages.ts [packages-folder]
 *
 * Input: the package-index snapshots `npm.tsv` and `pypi.tsv` (tab-separated, first line names
 * the columns). npm's has `downloads_a_month`; PyPI's has `rank_among_15000_most_downloaded`
 * instead, so PyPI names are ordered by that rank. Output: the top TOP names each, with a header
 * recording the source, the date and the cut-off.
 */
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';

const TOP = 5000;
/** npm names with at least this many monthly downloads are established: never reported as typosquats. */
const ESTABLISHED_NPM_DOWNLOADS = 50_000;
const DEFAULT_FOLDER = '/work/.library/env/packages';
const OUT = new URL('../src/scanners/dependencies/risks/popular/', import.meta.url);

interface Row {
  readonly name: string;
  /** Higher is more popular. */
  readonly score: number;
  readonly downloads?: number;
  readonly rank?: number;
}

async function readRows(file: string): Promise<Row[]> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let columns: string[] | undefined;
  const rows: Row[] = [];
  for await (const line of lines) {
    const cells = line.split('\t');
    if (columns === undefined) {
      columns = cells;
      continue;
    }
    const name = cells[0]?.trim() ?? '';
    if (name === '') continue;
    const downloadsAt = columns.indexOf('downloads_a_month');
    const rankAt = columns.findIndex((c) => c.startsWith('rank'));
    if (downloadsAt >= 0) {
      const downloads = Number(cells[downloadsAt]);
      if (Number.isFinite(downloads) && downloads > 0) rows.push({ name, score: downloads, downloads });
    } else if (rankAt >= 0) {
      const rank = Number(cells[rankAt]);
      if (cells[rankAt] !== '' && Number.isFinite(rank) && rank > 0) rows.push({ name, score: -rank, rank });
    } else {
      throw new Error(`${file}: neither a downloads_a_month nor a rank column`);
    }
  }
  return rows;
}

function render(header: Record<string, unknown>, names: readonly string[]): string {
  // One name a line: small diffs when the list is regenerated.
  return `{\n"header": ${JSON.stringify(header)},\n"names": [\n${names.map((n) => JSON.stringify(n)).join(',\n')}\n]\n}\n`;
}

async function build(folder: string, file: string, out: string, normalise: (name: string) => string): Promise<void> {
  const path = join(folder, file);
  const rows = (await readRows(path)).sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  const names: string[] = [];
  const seen = new Set<string>();
  let last: Row | undefined;
  for (const row of rows) {
    const name = normalise(row.name);
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
    last = row;
    if (names.length === TOP) break;
  }
  const header = {
    source: `package-index snapshot ${basename(path)} (${last?.downloads !== undefined ? 'monthly downloads' : 'download rank among the 15,000 most downloaded'})`,
    generated: new Date().toISOString().slice(0, 10),
    count: names.length,
    min_downloads: last?.downloads ?? null,
    ...(last?.rank !== undefined && { max_rank: last.rank }),
  };
  const text = render(header, names);
  await writeFile(new URL(out, OUT), text);
  process.stdout.write(`${out}: ${names.length} names, ${(text.length / 1024).toFixed(0)} KB\n`);
}

/** 32-bit FNV-1a of the UTF-8 name; must equal fnv1a32 in src/scanners/dependencies/risks/popular.ts. */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The established names (far more than the popular list) as sorted 32-bit hashes in base64:
 * the typosquat check skips a name that is itself widely used. Hashes keep the file small;
 * a chance collision (about 1 in 80,000 for npm) only hides a finding.
 */
async function buildEstablished(folder: string, file: string, out: string, normalise: (name: string) => string, keep: (row: Row) => boolean, rule: string): Promise<void> {
  const path = join(folder, file);
  const names = new Set((await readRows(path)).filter(keep).map((r) => normalise(r.name)));
  const hashes = Uint32Array.from([...new Set([...names].map(fnv1a32))].sort((a, b) => a - b));
  const header = { source: `package-index snapshot ${basename(path)}`, rule, generated: new Date().toISOString().slice(0, 10), count: hashes.length, hash: 'fnv1a32, sorted, little-endian, base64' };
  const text = `${JSON.stringify({ header, hashes: Buffer.from(hashes.buffer).toString('base64') })}\n`;
  await writeFile(new URL(out, OUT), text);
  process.stdout.write(`${out}: ${hashes.length} names, ${(text.length / 1024).toFixed(0)} KB\n`);
}

const folder = process.argv[2] ?? DEFAULT_FOLDER;
await build(folder, 'npm.tsv', 'npm.json', (n) => n);
// PEP 503: the names the checks compare are normalised the same way.
await build(folder, 'pypi.tsv', 'pypi.json', (n) => n.toLowerCase().replace(/[-_.]+/g, '-'));
await buildEstablished(folder, 'npm.tsv', 'npm-established.json', (n) => n, (r) => (r.downloads ?? 0) >= ESTABLISHED_NPM_DOWNLOADS, `at least ${ESTABLISHED_NPM_DOWNLOADS} monthly downloads`);
await buildEstablished(folder, 'pypi.tsv', 'pypi-established.json', (n) => n.toLowerCase().replace(/[-_.]+/g, '-'), (r) => r.rank !== undefined, 'among the 15,000 most downloaded');
