#!/usr/bin/env node
/**
 * Builds the native parser (native/binding.gyp) with node-gyp; npm runs it after every install
 * (postinstall), and `npm run build:native` runs it by hand. A failed build does not fail the
 * install: the code scanner then parses with WebAssembly (src/scanners/code/parser.ts says how the
 * parser is chosen), and this prints one line saying so, with the compiler's log in
 * native/build.log. Plain JavaScript, so that it runs before or without the dev dependencies.
 *
 * VIGIL_NATIVE_BUILD=0 skips the build (the WebAssembly parser is then used).
 */
/* global console, process */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const native = join(root, 'native');

if (process.env.VIGIL_NATIVE_BUILD === '0') {
  console.log('vigil: native parser build skipped (VIGIL_NATIVE_BUILD=0); the code scanner will parse with WebAssembly');
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
const result = spawnSync(command, args, { cwd: native, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const log = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
writeFileSync(join(native, 'build.log'), log);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.status === 0 && existsSync(join(native, 'build', 'Release', 'vigil_parse.node'))) {
  console.log(`vigil: native parser built in ${seconds} s (native/build/Release/vigil_parse.node)`);
} else {
  const reason = result.error ? result.error.message : `node-gyp exited with ${result.status ?? result.signal}`;
  console.log(`vigil: native parser not built (${reason}; log in native/build.log); the code scanner will parse with WebAssembly`);
}
