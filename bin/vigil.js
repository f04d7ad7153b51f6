#!/usr/bin/env node
// The `vigil` command (package.json "bin"). Runs the built CLI (dist/) when it
// is there and newer than every source file; otherwise the TypeScript sources
// through tsx, so `npx vigil …` works right after `npm ci`, before any build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'dist', 'cli', 'index.js');
const source = join(root, 'src', 'cli', 'index.ts');

/** Newest modification time of any file under dir (0 when it does not exist). */
function newest(dir) {
  let latest = 0;
  const pending = [dir];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) latest = Math.max(latest, statSync(path).mtimeMs);
    }
  }
  return latest;
}

async function loadTsx() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    return true;
  } catch {
    return false;
  }
}

const hasBuild = existsSync(built);
const hasSource = existsSync(source);
const buildIsCurrent = hasBuild && (!hasSource || statSync(built).mtimeMs >= newest(join(root, 'src')));

if (buildIsCurrent) {
  await import(pathToFileURL(built).href);
} else if (hasSource && (await loadTsx())) {
  await import(pathToFileURL(source).href);
} else if (hasBuild) {
  await import(pathToFileURL(built).href);
} else {
  process.stderr.write('vigil: neither a build (dist/) nor tsx is available: run npm ci, or npm run build\n');
  process.exitCode = 2;
}
