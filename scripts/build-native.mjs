#!/usr/bin/env node
/**
 * Builds the native parser (native/binding.gyp) with node-gyp and installs it as
 * node_modules/.vigil-native/vigil_parse.node, next to the packages it is compiled from (so a copy
 * of node_modules carries it, and `npm ci` rebuilds it). npm runs this after every install
 * (postinstall); `npm run build:native` runs it by hand. The build is skipped when the installed
 * addon was built from the same sources (stamp.json: the versions of web-tree-sitter, tree-sitter
 * and the grammar packages, a hash of native/ and of the training script, and whether the build is
 * profile-guided), unless --force is given.
 *
 * A failed build does not fail the install: the code scanner then parses with WebAssembly
 * (src/scanners/code/parser.ts says how the parser is chosen), and this prints one line saying so,
 * with the compiler's log in native/build.log. Plain JavaScript, so that it runs before or without
 * the dev dependencies. VIGIL_NATIVE_BUILD=0 skips the build.
 *
 * With GCC (the Linux default) the build is profile-guided: a first build counts what it runs, a
 * training run (scripts/native-training.mjs) parses a sample of this checkout's and the installed
 * packages' sources with it, and a second build optimises for those counts. Parsing was 12–18 %
 * faster on code the training never saw (docs/benchmarks.md), for about 15 s more install time.
 * When a step of it fails, or VIGIL_NATIVE_PGO=0, the plain build is made instead.
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
  hash.update(readFileSync(join(root, 'scripts', 'native-training.mjs')));
  return JSON.stringify({ platform: process.platform, arch: process.arch, napi: process.versions.napi, versions, native: hash.digest('hex'), profileGuided }, null, 2);
}

/** Whether the compiler node-gyp's Makefile runs (CC, else cc) is GCC: the profile flags below are GCC's. */
function compilerIsGcc() {
  const cc = (process.env.CC ?? 'cc').trim().split(/\s+/);
  const result = spawnSync(cc[0] ?? 'cc', [...cc.slice(1), '--version'], { encoding: 'utf8' });
  return result.status === 0 && /Free Software Foundation|\bGCC\b|\bgcc\b/.test(result.stdout ?? '') && !/clang/i.test(result.stdout ?? '');
}

// Make splits CFLAGS at spaces, so a checkout path with one gets the plain build.
const profileGuided = process.platform === 'linux' && process.env.VIGIL_NATIVE_PGO !== '0' && !/\s/.test(root) && compilerIsGcc();
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

/** One node-gyp rebuild of native/ with `flags` added to the compiler's and linker's (node-gyp's Makefile reads CFLAGS and LDFLAGS). */
function rebuild(flags) {
  const env = { ...process.env };
  if (flags) {
    env.CFLAGS = `${process.env.CFLAGS ?? ''} ${flags}`.trim();
    env.LDFLAGS = `${process.env.LDFLAGS ?? ''} ${flags}`.trim();
  }
  return spawnSync(command, args, { cwd: native, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const output = (r) => `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`;
const built = join(native, 'build', 'Release', 'vigil_parse.node');
const profileDir = join(root, 'node_modules', '.vigil-native-profile');

/** The profile-guided build; the log of each step, and whether the last succeeded (false: make the plain build). */
function profileGuidedBuild(logs) {
  rmSync(profileDir, { recursive: true, force: true });
  const counting = rebuild(`-fprofile-generate -fprofile-update=single -fprofile-dir=${profileDir}`);
  logs.push('== instrumented build', output(counting));
  if (counting.status !== 0 || !existsSync(built)) return false;
  // In its own process: the counters are written when it exits.
  const nodeGypDir = gyp ? dirname(dirname(gyp)) : '';
  const training = spawnSync(process.execPath, [join(root, 'scripts', 'native-training.mjs'), built, nodeGypDir], { encoding: 'utf8', timeout: 300_000 });
  logs.push('== training', output(training));
  if (training.status !== 0 || !existsSync(profileDir)) return false;
  // Partial training: code the sample never ran is optimised as in the plain build, not for size.
  const optimised = rebuild(`-fprofile-use -fprofile-partial-training -Wno-missing-profile -fprofile-dir=${profileDir}`);
  logs.push('== optimised build', output(optimised));
  return optimised.status === 0 && existsSync(built);
}

const started = Date.now();
rmSync(target, { recursive: true, force: true });
const logs = [];
let result = { status: 0 };
const guided = profileGuided && profileGuidedBuild(logs);
if (!guided) {
  if (profileGuided) logs.push('== the profile-guided build failed: plain build');
  result = rebuild('');
  logs.push('== build', output(result));
}
rmSync(profileDir, { recursive: true, force: true });
writeFileSync(join(native, 'build.log'), logs.join('\n'));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.status === 0 && existsSync(built)) {
  mkdirSync(target, { recursive: true });
  copyFileSync(built, join(target, 'vigil_parse.node'));
  writeFileSync(stampFile, wanted);
  console.log(`vigil: native parser built in ${seconds} s${guided ? ', profile-guided' : ''} (node_modules/.vigil-native/vigil_parse.node)`);
} else {
  const reason = result.error ? result.error.message : `node-gyp exited with ${result.status ?? result.signal}`;
  console.log(`vigil: native parser not built (${reason}; log in native/build.log); the code scanner will parse with WebAssembly`);
}
