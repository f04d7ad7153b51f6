import { lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { limitExceeded, resolveLimits, type SourceLimits } from '../../../src/adapters/sources/limits.js';
import { SKIPPED_DIRECTORIES } from '../../../src/adapters/sources/local.js';
import { classifyEntryPath } from '../../../src/adapters/sources/paths.js';
import { looksBinary, SNIFF_BYTES } from '../../../src/adapters/sources/sniff.js';
import { emptyStats, type WorkspaceFile, type WorkspaceStats } from '../../../src/adapters/sources/workspace.js';

/**
 * The one-call-at-a-time walk src/adapters/sources/local.ts had before the parallel walk, kept as the reference the
 * parallel walk is compared with (same files, same counts, same limit errors).
 */
export async function sequentialWalk(
  root: string,
  overrides: Partial<SourceLimits> = {},
): Promise<{ files: WorkspaceFile[]; stats: WorkspaceStats }> {
  const limits = resolveLimits(overrides);
  const files: WorkspaceFile[] = [];
  const stats = emptyStats();
  let entries = 0;
  const pending: string[] = [''];
  for (let relative = pending.pop(); relative !== undefined; relative = pending.pop()) {
    const dirents = await readdir(join(root, relative), { withFileTypes: true });
    dirents.sort((a, b) => (a.name < b.name ? 1 : -1));
    for (const dirent of dirents) {
      const path = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(dirent.name)) pending.push(path);
        continue;
      }
      entries += 1;
      if (entries > limits.maxFiles) throw limitExceeded('maxFiles', limits.maxFiles, 'Directory rejected');
      if (dirent.isSymbolicLink()) stats.skipped.links += 1;
      else if (!dirent.isFile()) stats.skipped.special += 1;
      else if (classifyEntryPath(path, limits, false).kind !== 'ok') stats.skipped.unsafe += 1;
      else {
        const absolute = join(root, path);
        const { size } = await lstat(absolute);
        if (size > limits.maxFileBytes) stats.skipped.tooLarge += 1;
        else if (looksBinary(await head(absolute))) {
          stats.skipped.binary += 1;
          stats.binaryPaths.push(path);
        }
        else {
          if (stats.bytes + size > limits.maxUnpackedBytes) {
            throw limitExceeded('maxUnpackedBytes', limits.maxUnpackedBytes, 'Directory rejected');
          }
          files.push({ path, size });
          stats.files += 1;
          stats.bytes += size;
        }
      }
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  stats.binaryPaths.sort();
  return { files, stats };
}

async function head(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
