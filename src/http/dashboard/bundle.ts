import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The built dashboard (dist/web/), read once at start-up into memory. It is
 * our own build output, so it is small; the limits only catch a wrong folder.
 * (This folder is not src/web/: tsc would compile it into dist/web/, which
 * vite build empties.)
 */
export interface WebFile {
  readonly body: Buffer;
  readonly contentType: string;
  /** Strong validator of the identity body, quoted. */
  readonly etag: string;
  /** gzip of the body when it is text and compressing pays off. */
  readonly gzip?: Buffer;
}

export interface WebBundle {
  readonly index: WebFile;
  /** Every other file by URL path ("/assets/index-3f2a.js", "/favicon.svg"). */
  readonly files: ReadonlyMap<string, WebFile>;
}

export interface BundleLimits {
  readonly maxFiles: number;
  readonly maxTotalBytes: number;
}

export const DEFAULT_BUNDLE_LIMITS: BundleLimits = Object.freeze({ maxFiles: 1_000, maxTotalBytes: 32 * 1024 * 1024 });

const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
});

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** A file as the dashboard plugin serves it: content type from the name, strong ETag, gzip when it pays. */
export function toWebFile(path: string, body: Buffer): WebFile {
  const contentType = contentTypeFor(path);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (!COMPRESSIBLE.test(contentType) || body.length < 1024) return { body, contentType, etag };
  const gzip = gzipSync(body, { level: 9 });
  return gzip.length < body.length * 0.9 ? { body, contentType, etag, gzip } : { body, contentType, etag };
}

async function listFiles(dir: string, limits: BundleLimits): Promise<string[]> {
  const found: string[] = [];
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    const entries: Dirent[] = await readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      // Symbolic links and special files are not part of a Vite build: skipped.
      if (entry.isDirectory()) pending.push(join(current, entry.name));
      else if (entry.isFile()) found.push(join(current, entry.name));
      if (found.length > limits.maxFiles) throw new Error(`The dashboard folder ${dir} holds more than ${limits.maxFiles} files; is it the right folder?`);
    }
  }
  return found;
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Reads the dashboard build. Undefined when the folder or its index.html is
 * missing (the service then answers 503 at the dashboard's paths).
 */
export async function loadWebBundle(dir: string, limits: BundleLimits = DEFAULT_BUNDLE_LIMITS): Promise<WebBundle | undefined> {
  if (!(await isDirectory(dir))) return undefined;
  const paths = await listFiles(dir, limits);
  let total = 0;
  let index: WebFile | undefined;
  const files = new Map<string, WebFile>();
  for (const path of paths.sort()) {
    const body = await readFile(path);
    total += body.length;
    if (total > limits.maxTotalBytes) throw new Error(`The dashboard folder ${dir} holds more than ${limits.maxTotalBytes} bytes; is it the right folder?`);
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    if (urlPath === '/index.html') index = toWebFile(path, body);
    else files.set(urlPath, toWebFile(path, body));
  }
  return index === undefined ? undefined : { index, files };
}
