#!/usr/bin/env node
/**
 * The training run of the native parser's profile-guided build (scripts/build-native.mjs): parses a
 * sample of source files in each of the addon's languages with the instrumented addon, whose counters
 * GCC writes out when this process exits and then uses to lay out and optimise tree-sitter's runtime
 * and the grammars' lexers for the paths real parsing takes. The sample is what every checkout has
 * after `npm ci`: this project's own TypeScript (src/, web/src/), its test fixtures in PHP, Go, Java,
 * Ruby and Python, JavaScript from installed packages, and the Python of node-gyp (npm's own copy, the
 * one the build runs). A language with no file here is simply not trained: the build's
 * `-fprofile-partial-training` keeps its code optimised as without a profile.
 * Run: node scripts/native-training.mjs ADDON [NODE_GYP_DIR]   (prints what it parsed)
 */
/* global console, process */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [addonPath, nodeGypDir] = process.argv.slice(2);
if (!addonPath) throw new Error('usage: native-training.mjs ADDON [NODE_GYP_DIR]');
const addon = createRequire(import.meta.url)(addonPath);

/** Bytes of text per language: enough for stable counters, little enough that training takes seconds (instrumented code parses several times slower). */
const BYTES_PER_LANGUAGE = 600 * 1024;
/** Files larger than this, or with longer average lines (minified), are not typical input. */
const MAX_FILE_BYTES = 128 * 1024;
const MAX_AVERAGE_LINE = 200;

/** Files under `dir` whose names `wanted` accepts, in a fixed order (sorted names, depth first). */
function filesUnder(dir, wanted, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.git' && !entry.name.startsWith('.vigil')) filesUnder(path, wanted, out);
    } else if (entry.isFile() && wanted(entry.name)) out.push(path);
  }
  return out;
}

/**
 * Per language, in the addon's order (CODE_LANGUAGES in src/scanners/code/parser.ts, LANGUAGES in
 * native/src/binding.c: a language's number is its place here; test/scripts/native-build.test.ts checks
 * the order): the folders to sample and the file names to take.
 */
const SAMPLES = [
  ['javascript', [join(root, 'node_modules')], (name) => /\.[cm]?js$/.test(name) && !name.includes('.min.')],
  ['typescript', [join(root, 'src'), join(root, 'test')], (name) => name.endsWith('.ts') && !name.endsWith('.d.ts')],
  ['tsx', [join(root, 'web', 'src')], (name) => name.endsWith('.tsx')],
  ['python', [join(root, 'test'), ...(nodeGypDir ? [join(nodeGypDir, 'gyp')] : []), join(root, 'node_modules', 'node-gyp', 'gyp')], (name) => name.endsWith('.py')],
  ['php', [join(root, 'test')], (name) => name.endsWith('.php')],
  ['go', [join(root, 'test')], (name) => name.endsWith('.go')],
  ['java', [join(root, 'test')], (name) => name.endsWith('.java')],
  ['ruby', [join(root, 'test')], (name) => name.endsWith('.rb')],
];

const started = Date.now();
const parsed = [];
for (const [number, [language, dirs, wanted]] of SAMPLES.entries()) {
  let bytes = 0;
  let files = 0;
  for (const path of dirs.flatMap((dir) => filesUnder(dir, wanted))) {
    if (bytes >= BYTES_PER_LANGUAGE) break;
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    if (text.length === 0 || text.length > MAX_FILE_BYTES) continue;
    const lines = text.split('\n').length;
    if (text.length / lines > MAX_AVERAGE_LINE) continue;
    addon.parse(number, text, 10_000);
    bytes += text.length;
    files += 1;
  }
  parsed.push(`${language} ${files} files ${(bytes / 1024).toFixed(0)} KB`);
}
console.log(`training parse in ${((Date.now() - started) / 1000).toFixed(1)} s: ${parsed.join(', ')}`);
