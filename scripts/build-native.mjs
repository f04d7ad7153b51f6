#!/usr/bin/env node
/**
 * Builds the native parser (native/binding.gyp) with node-gyp and installs it as
 * node_modules/.vigil-native/vigil_parse.node, next to the packages it is compiled from (so a copy
 * of node_modules carries it, and `npm ci` rebuilds it). npm runs this after every install
 * (postinstall); `npm run build:native` runs it by hand. The build is skipped when the installed
 * addon was built from the same sources (stamp.json: the versions of web-tree-sitter, tree-sitter
 * and the grammar packages, and a hash of native/), unless --force is given.
 *
 * A failed build does not fail the install: the code scanner then parses with WebAssembly
 * (src/scanners/code/parser.ts says how the parser is chosen), and this prints one line saying so,
 * with the compiler's log in native/build.log. Plain JavaScript, so that it runs before or without
 * the dev dependencies. VIGIL_NATIVE_BUILD=0 skips the build.
 */
/* global console, process */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = join(root, 'native');
const target = join(root, 'node_modules', '.vigil-native');
const SOURCES = ['web-tree-sitter', 'tree-sitter', 'tree-sitter-javascript', 'tree-sitter-typescript', 'tree-sitter-python', 'tree-sitter-php', 'tree-sitter-go', 'tree-sitter-java', 'tree-sitter-ruby'];

if (process.env.VIGIL_NATIVE_BUILD === '0') {
  console.log('vigil: native parser build skipped (VIGIL_NATIVE_BUILD=0); the code scanner will parse with WebAssembly');
  process.exit(0);
}

/** What the addon is built from: package versions, platform and our own sources. */
function stamp() {
  const versions = {};
  for (const name of SOURCES) {
    try {
      versions[name] = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      versions[name] = null;
    }
  }
  const hash = createHash('sha256');
  const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'build' ? [] : files(join(dir, e.name))) : [join(dir, e.name)]));
  for (const file of files(native).filter((f) => !f.endsWith('build.log')).sort()) hash.update(file.slice(native.length)).update(readFileSync(file));
  return JSON.stringify({ platform: process.platform, arch: process.arch, napi: process.versions.napi, versions, native: hash.digest('hex') }, null, 2);
}

const wanted = stamp();
const stampFile = join(target, 'stamp.json');
if (!process.argv.includes('--force') && existsSync(join(target, 'vigil_parse.node')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) {
  console.log('vigil: native parser up to date (node_modules/.vigil-native)');
  process.exit(0);
}

// npm puts its own node-gyp on the PATH of lifecycle scripts; outside npm, use npm's copy.
const npmGyp = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
const gyp = process.env.npm_config_node_gyp ?? (existsSync(npmGyp) ? npmGyp : undefined);
const command = gyp ? process.execPath : 'node-gyp';
const args = [...(gyp ? [gyp] : []), 'rebuild', `--jobs=${Math.max(1, availableParallelism())}`];
// Node's own headers where npm is set to use them (no download); otherwise node-gyp's default.
if (!process.env.npm_config_nodedir && existsSync('/usr/include/node/node_api.h')) args.push('--nodedir=/usr');

const started = Date.now();
rmSync(target, { recursive: true, force: true });
const result = spawnSync(command, args, { cwd: native, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const log = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
writeFileSync(join(native, 'build.log'), log);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const built = join(native, 'build', 'Release', 'vigil_parse.node');
if (result.status === 0 && existsSync(built)) {
  mkdirSync(target, { recursive: true });
  copyFileSync(built, join(target, 'vigil_parse.node'));
  writeFileSync(stampFile, wanted);
  console.log(`vigil: native parser built in ${seconds} s (node_modules/.vigil-native/vigil_parse.node)`);
} else {
  const reason = result.error ? result.error.message : `node-gyp exited with ${result.status ?? result.signal}`;
  console.log(`vigil: native parser not built (${reason}; log in native/build.log); the code scanner will parse with WebAssembly`);
}
