#!/usr/bin/env node
/**
 * `npm start`'s build step: runs `npm run build` unless dist/ was built from exactly the inputs it
 * would be built from now. A build takes 15 s to a minute; a restart of an unchanged checkout should
 * take the service's own start, not that.
 *
 * The inputs are the contents of every file under src/ and web/, the build's own files (the TypeScript,
 * Vite and bundling configuration, package.json and package-lock.json, which pins node_modules) and the
 * Node.js version (the code caches are V8's). Their SHA-256 is written to dist/.build-inputs after a build
 * that succeeded, and removed before any build starts: after a build that failed, the next start builds again
whatever the inputs are then. The code caches'
 * training tree (test/, bench/cicd/cases/) is not an input: a cache trained on older tests is as valid,
 * V8 checks every cache against its bundle. `npm run build` always builds.
 *
 * Plain JavaScript with no dependencies, so that it runs before anything is built.
 */
/* global console, process */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders whose every file is an input, and single files that are. */
export const INPUT_FOLDERS = ['src', 'web'];
export const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'vite.config.ts', 'scripts/bundle-scanners.ts'];
/** What a build leaves that a start needs: with any of them missing, the stamp does not count. */
export const BUILD_OUTPUTS = ['dist/server.js', 'dist/cli/index.js', 'dist/web/index.html'];
export const STAMP = 'dist/.build-inputs';

function filesUnder(root, folder) {
  const out = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.isFile()) out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(join(root, folder));
  return out;
}

/** The SHA-256 (hex) of the build's inputs in `root`: each file's path and contents, in path order, and the Node.js version. */
export function inputsDigest(root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  const files = [...INPUT_FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...INPUT_FILES.filter((file) => existsSync(join(root, file)))].sort();
  for (const file of files) {
    const bytes = readFileSync(join(root, file));
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** Whether `root`'s dist/ was built from these inputs: its outputs are there and its stamp names this digest. */
export function upToDate(root, digest) {
  if (!BUILD_OUTPUTS.every((file) => existsSync(join(root, file)))) return false;
  try {
    return readFileSync(join(root, STAMP), 'utf8').trim() === digest;
  } catch {
    return false;
  }
}

function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const digest = inputsDigest(root);
  if (upToDate(root, digest)) {
    console.log('vigil: dist/ is up to date with the sources (npm run build rebuilds it)');
    return 0;
  }
  // A build that fails halfway may have replaced part of dist/: no stamp may vouch for it, even if the
  // inputs go back to what the last good build was made from.
  rmSync(join(root, STAMP), { force: true });
  const npm = process.env.npm_execpath;
  const build = npm ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' }) : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  writeFileSync(join(root, STAMP), `${digest}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
