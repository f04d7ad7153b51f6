import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { pack as tarPack, type Pack } from 'tar-stream';

/** One entry of a fake repository, as GitHub's tarball would carry it. */
export interface FakeEntry {
  readonly path: string;
  readonly type?: 'file' | 'directory' | 'symlink' | 'link' | 'fifo' | 'character-device' | 'block-device';
  readonly content?: string | Buffer;
  readonly linkname?: string;
}

export type EntrySource = () => Iterable<FakeEntry> | AsyncIterable<FakeEntry>;

export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

/** GitHub's top folder: owner-repo-<sha7>. */
export function topFolder(owner: string, repo: string, sha: string): string {
  return `${owner}-${repo}-${sha.slice(0, 7)}`;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The "g" header git archive writes first: a pax record "comment=<commit sha>". */
export function paxGlobalHeader(sha: string): Buffer {
  const body = `comment=${sha}\n`;
  let length = body.length + 3;
  while (`${length} ${body}`.length !== length) length = `${length} ${body}`.length;
  const record = Buffer.from(`${length} ${body}`);
  const header = Buffer.alloc(512);
  header.write('pax_global_header', 0, 'latin1');
  header.write(octal(0o666, 8), 100, 'latin1');
  header.write(octal(0, 8), 108, 'latin1');
  header.write(octal(0, 8), 116, 'latin1');
  header.write(octal(record.length, 12), 124, 'latin1');
  header.write(octal(0, 12), 136, 'latin1');
  header.write('        ', 148, 'latin1');
  header.write('g', 156, 'latin1');
  header.write('ustar\0' + '00', 257, 'latin1');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  const padded = Buffer.alloc(Math.ceil(record.length / 512) * 512);
  record.copy(padded);
  return Buffer.concat([header, padded]);
}

/**
 * Every entry's modification time. GitHub stamps an archive's entries with the commit's time, so the
 * same commit always gives the same bytes; tar-stream's default (the time of packing) would make two
 * downloads of one commit differ whenever they straddle a second.
 */
const ENTRY_MTIME = new Date('2026-01-01T00:00:00Z');

function addEntry(pack: Pack, top: string, entry: FakeEntry): Promise<void> {
  const type = entry.type ?? 'file';
  const name = `${top}/${entry.path}${type === 'directory' ? '/' : ''}`;
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null): void => (error ? reject(error) : resolve());
    if (type === 'file') {
      pack.entry({ name, type, mode: 0o644, mtime: ENTRY_MTIME }, entry.content ?? '', done);
    } else {
      pack.entry({ name, type, linkname: entry.linkname ?? '', mode: 0o644, mtime: ENTRY_MTIME }, done);
    }
  });
}

/** A gzipped tarball in GitHub's layout, produced as it is read. */
export function tarballStream(entries: Iterable<FakeEntry> | AsyncIterable<FakeEntry>, top: string, sha: string): Readable {
  const pack = tarPack();
  const gzip = createGzip();
  gzip.write(paxGlobalHeader(sha));
  pack.pipe(gzip);
  const feed = async (): Promise<void> => {
    await addEntry(pack, top, { path: '', type: 'directory' });
    for await (const entry of entries) await addEntry(pack, top, entry);
    pack.finalize();
  };
  feed().catch((error: unknown) => gzip.destroy(error instanceof Error ? error : new Error(String(error))));
  return gzip;
}

export function* filesFromMap(files: Readonly<Record<string, string | Buffer>>): Iterable<FakeEntry> {
  for (const [path, content] of Object.entries(files)) yield { path, content };
}

/** A fixture folder's files, links as links. */
export async function* filesFromDirectory(root: string, relative = ''): AsyncIterable<FakeEntry> {
  const names = (await readdir(join(root, relative))).sort();
  for (const name of names) {
    const path = relative === '' ? name : `${relative}/${name}`;
    const info = await lstat(join(root, path));
    if (info.isSymbolicLink()) yield { path, type: 'symlink', linkname: await readlink(join(root, path)) };
    else if (info.isDirectory()) yield* filesFromDirectory(root, path);
    else if (info.isFile()) yield { path, content: await readFile(join(root, path)) };
  }
}

/** `count` files of one byte each under many folders. */
export function* manyTinyFiles(count: number): Iterable<FakeEntry> {
  for (let i = 0; i < count; i += 1) yield { path: `d${Math.floor(i / 1000)}/f${i}.txt`, content: 'x' };
}

/** A raw 512-byte ustar header, for entries tar-stream's packer refuses to write (e.g. "../x"). */
export function rawTarHeader(name: string, size: number, typeflag = '0'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'latin1');
  header.write(octal(0o644, 8), 100, 'latin1');
  header.write(octal(0, 8), 108, 'latin1');
  header.write(octal(0, 8), 116, 'latin1');
  header.write(octal(size, 12), 124, 'latin1');
  header.write(octal(0, 12), 136, 'latin1');
  header.write('        ', 148, 'latin1');
  header.write(typeflag, 156, 'latin1');
  header.write('ustar\0' + '00', 257, 'latin1');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return header;
}

/**
 * A gzip bomb served as a stream: one tar header for a file of `totalBytes` zeros, then
 * the zeros as repeated gzip members (Node's gunzip reads concatenated members).
 * Only one 16 MB member is ever compressed; memory stays small.
 */
export function gzipBomb(totalBytes: number, top = 'evil-bomb-0000000'): Readable {
  const member = 16 * 1024 * 1024;
  const zeros = gzipSync(Buffer.alloc(member), { level: 9 });
  const head = gzipSync(rawTarHeader(`${top}/zeros.bin`, totalBytes));
  const members = Math.ceil(totalBytes / member);
  function* chunks(): Iterable<Buffer> {
    yield head;
    for (let i = 0; i < members; i += 1) yield zeros;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A gzipped tarball built from raw blocks (for hostile archives). */
export function rawTarball(blocks: readonly Buffer[]): Buffer {
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

/** A raw header plus its padded content. */
export function rawFileBlocks(name: string, content: string | Buffer, typeflag = '0'): Buffer {
  const body = Buffer.from(content);
  const padded = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  body.copy(padded);
  return Buffer.concat([rawTarHeader(name, typeflag === '0' ? body.length : 0, typeflag), padded]);
}

/**
 * `count` one-byte files in GitHub's layout, written as raw tar blocks and gzipped as
 * they are read: much faster than packing entry by entry, for file-count tests.
 */
export function tinyFilesTarball(count: number, top: string, sha: string): Readable {
  function* blocks(): Iterable<Buffer> {
    yield paxGlobalHeader(sha);
    yield rawTarHeader(`${top}/`, 0, '5');
    for (let start = 0; start < count; start += 1000) {
      const batch: Buffer[] = [];
      for (let i = start; i < Math.min(count, start + 1000); i += 1) batch.push(rawFileBlocks(`${top}/d${Math.floor(i / 1000)}/f${i}.txt`, 'x'));
      yield Buffer.concat(batch);
    }
    yield Buffer.alloc(1024);
  }
  return Readable.from(blocks(), { objectMode: false }).pipe(createGzip({ level: 1 }));
}
