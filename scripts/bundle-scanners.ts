/**
 * Build step after `tsc` (npm run build): each file scanner module of the registry in dist/ (the
 * ones the scan workers import by URL, src/scanners/index.ts) is bundled into one file holding it
 * and every module of ours it imports; npm packages stay imports. A thread then loads one file per
 * scanner instead of hundreds: the secrets scanner alone is 327 modules, and resolving and
 * compiling them one by one cost each worker about 0.2 s of CPU per scan (docs/benchmarks.md).
 *
 * Each is bundled twice:
 * - as CommonJS beside it (`scanner.cjs`), which the registry names and the scan threads load with
 *   V8's code cache (src/engine/scanner-module.ts). The cache (`scanner.cjs.v8cache`) is written
 *   last, by one `vigil scan` of a training tree (the checkout's tests and CI-workflow cases) with
 *   `VIGIL_CODE_CACHE=write`: the same command and compiler flags as the scans that will read it;
 * - as an ES module over tsc's output at the same path, for the modules that import it (the
 *   workflow advisory check imports the workflow scanner).
 *
 * The command line is bundled too, as CommonJS: `dist/cli/main.cjs`, which `dist/cli/index.js`
 * compiles with a code cache of its own (one for `vigil scan`, written by the training scan with V8's
 * flags set back to their defaults, since `vigil scan` compiles the bundle before it sets its own, and one
 * for the other commands, written by `vigil --help`); and so is its scan thread's entry,
 * `dist/engine/lane-worker.cjs`, which that thread requires.
 *
 * The scanners' bundles sit in the module's own folder, so `import.meta.url` inside them (the code scanner finds
 * its grammars from there) still points at the same folder; a bundled module from another folder
 * that reads `import.meta` fails the build.
 * Run: tsx scripts/bundle-scanners.ts [DIST]   (default: dist/ of this checkout; after tsc)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? resolve(ROOT, 'dist'));
const registry = (await import(resolve(dist, 'scanners/index.js'))) as { FILE_SCANNERS: readonly { module: string }[] };
const { BUNDLE_HEAD, BUNDLE_TAIL, CODE_CACHE_SUFFIX, COMMANDS_CACHE_SUFFIX } = (await import(resolve(dist, 'engine/scanner-module.js'))) as {
  BUNDLE_HEAD: string;
  BUNDLE_TAIL: string;
  CODE_CACHE_SUFFIX: string;
  COMMANDS_CACHE_SUFFIX: string;
};
// The file scanners, and the heavy part of a repository check that it imports lazily (only scans
// with a manifest load the dependency extractors and risk checks, 51 modules): bundling that module
// at its own path keeps it lazy. The repository checks' entry modules stay as they are, or their
// bundles would load those parts in every scan.
const LAZY_PARTS = ['scanners/dependencies/scanner.js'];
/** The registry names each file scanner's CommonJS bundle (`scanner.cjs`); its entry is tsc's `scanner.js` beside it. */
const threadModules = registry.FILE_SCANNERS.map((s) => relative(dist, fileURLToPath(s.module)).replaceAll('\\', '/'));
for (const path of threadModules) if (!path.endsWith('.cjs')) throw new Error(`bundle-scanners: the registry names ${path}, not a .cjs bundle`);
const modules = [...new Set([...threadModules.map((path) => path.replace(/\.cjs$/, '.js')), ...LAZY_PARTS])];
if (modules.length === 0) throw new Error('bundle-scanners: the registry lists no scanner');
/**
 * The YAML parser (the workflow scanner's, and the pnpm and Yarn lockfile extractors') is one more
 * bundle, `dist/vendor/yaml.js`, which both scanner bundles import instead of the package: the
 * package is 72 CommonJS files, and loading them one by one cost every scanning thread about
 * 140 M instructions against 20 M for the single file (docs/benchmarks.md). It is the package's
 * own Node build with every export of it, so it behaves as the package does.
 */
const VENDOR_YAML = resolve(dist, 'vendor/yaml.js');
const yamlExports = Object.keys((await import('yaml')) as Record<string, unknown>).filter((name) => name !== 'default');
await build({
  stdin: { contents: `export { ${yamlExports.join(', ')} } from 'yaml';\n`, resolveDir: ROOT, sourcefile: 'vendor-yaml.js' },
  outfile: VENDOR_YAML,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // The package's Node build requires `process` (its warnings go through process.emitWarning).
  banner: { js: "import { createRequire as vendorRequire } from 'node:module';\nconst require = vendorRequire(import.meta.url);" },
});
console.log(`bundled vendor/yaml.js: ${yamlExports.length} exports`);

/**
 * Packages compiled into the bundles that import them rather than loaded as packages: smol-toml
 * (the TOML lockfile and manifest extractors') is 9 small ES modules that every thread loading the
 * dependency scanner resolved and compiled one by one (docs/benchmarks.md). Only that bundle imports it.
 */
const INLINE_PACKAGES = new Set(['smol-toml']);

/** Every package but `inline` stays an import, as `packages: 'external'` would keep it (Node's built-ins are esbuild's, as before). */
const packagesExternal = (inline: ReadonlySet<string>): Plugin => ({
  name: 'packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || isBuiltin(args.path)) return undefined;
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : (args.path.split('/')[0] ?? '');
      return inline.has(name) ? undefined : { path: args.path, external: true };
    });
  },
});

/** Scanner bundles import the YAML bundle above, by a path relative to their own folder. */
const yamlFromVendor = (from: string): Plugin => ({
  name: 'yaml-from-vendor',
  setup(plugin) {
    plugin.onResolve({ filter: /^yaml$/ }, () => {
      const path = relative(dirname(from), VENDOR_YAML).replaceAll('\\', '/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
});

/**
 * A bundled module that reads `import.meta` must keep the folder it was written for: the code
 * scanner finds its grammars and native parser from there.
 */
function checkImportMeta(inputs: readonly string[], file: string, path: string): void {
  for (const input of inputs) {
    const source = resolve(input); // metafile paths are relative to the working folder
    if (dirname(source) !== dirname(file) && readFileSync(source, 'utf8').includes('import.meta')) {
      throw new Error(`bundle-scanners: ${input} reads import.meta but would move to ${relative(ROOT, dirname(file))}/ in the bundle of ${path}`);
    }
  }
}

/**
 * esbuild escapes non-ASCII characters in strings and identifiers, not in the comments it keeps (an
 * arrow in a doc comment): one such character made V8 hold the whole 1.6 MB bundle as a two-byte
 * string, decoded at a third of the speed on every start and by every thread. Each left is written as
 * a `\uXXXX` escape, which in a comment changes nothing and anywhere else means the same character.
 */
function asciiOnly(file: string): void {
  const text = readFileSync(file, 'utf8');
  const escaped = text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== text) writeFileSync(file, escaped);
}

type BundleOptions = Pick<BuildOptions, 'format' | 'define' | 'banner' | 'footer' | 'plugins' | 'allowOverwrite' | 'supported'> & {
  /** The bundle's modules had `import.meta.url` rewritten to their own place (relocateImportMeta): they may come from any folder. */
  readonly relocated?: boolean;
};

/** One bundle of tsc's `entry` at `path` (relative to dist/), with the options both formats share. */
async function bundle(entry: string, path: string, { relocated = false, ...options }: BundleOptions): Promise<void> {
  const file = resolve(dist, path);
  if (!existsSync(entry)) throw new Error(`bundle-scanners: ${entry} is missing (run tsc first)`);
  const result = await build({ entryPoints: [entry], outfile: file, bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', metafile: true, ...options });
  asciiOnly(file);
  const inputs = Object.keys(result.metafile.inputs);
  if (!relocated) checkImportMeta(inputs, file, path);
  if (options.format === 'cjs') {
    const dynamic = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
    if (dynamic.length > 0) throw new Error(`bundle-scanners: the CommonJS bundle ${path} still has import() of ${dynamic.join(', ')}, which fails in code V8 restores from a cache`);
  }
  console.log(`bundled ${path}: ${inputs.length} modules`);
}

/**
 * The file scanners' CommonJS bundles, which scan threads compile with V8's code cache
 * (src/engine/scanner-module.ts). Written first, from tsc's output. The YAML package is compiled
 * in (CommonJS cannot import the ES-module vendor bundle), and `import.meta.url` becomes the
 * bundle's own file URL. Every `import()` becomes `require()` (web-tree-sitter, the code scanner's
 * WebAssembly fallback, has a CommonJS build): in Node 20 a function V8 restores from a code cache
 * has lost the script's dynamic-import callback, so an `import()` there throws "A dynamic import
 * callback was not specified" once the cache is accepted, and only then. `bundle()` fails the
 * build if one is left.
 */
const IMPORT_META_URL = '__vigil_import_meta_url';
/** What every CommonJS bundle of ours shares: no `import()` (above), and the bundle's own URL in IMPORT_META_URL. */
const COMMONJS = {
  format: 'cjs',
  supported: { 'dynamic-import': false },
  // Strict first, as the ES modules it was built from were (a statement before it would leave the bundle sloppy).
  banner: { js: `'use strict';\nvar ${IMPORT_META_URL} = require('node:url').pathToFileURL(__filename).href;` },
} as const satisfies BundleOptions;
/**
 * A bundle the loader compiles with its code cache (src/engine/scanner-module.ts) is written inside its
 * CommonJS wrapper, the text the loader hands to V8 as it is; the strict directive opens the function's body.
 * Such a file does nothing when `require`d: the scan thread's entry, which its thread requires, is not wrapped.
 */
const COMPILED = {
  ...COMMONJS,
  banner: { js: `${BUNDLE_HEAD}${COMMONJS.banner.js}` },
  footer: { js: BUNDLE_TAIL.replace(/^\n/, '') },
} as const satisfies BundleOptions;
for (const path of threadModules) {
  await bundle(resolve(dist, path.replace(/\.cjs$/, '.js')), path, {
    ...COMPILED,
    define: { 'import.meta.url': IMPORT_META_URL },
    plugins: [packagesExternal(new Set([...INLINE_PACKAGES, 'yaml']))],
  });
}

/**
 * A module of ours in the command line's bundle keeps `import.meta.url` pointing at its own file in
 * dist/ (the registry, the thread pool and the version read files beside them): the bundle's banner
 * holds the bundle's URL, and each module's `import.meta.url` becomes its own path from there. A module
 * that reads more of `import.meta`, or names it inside a string, fails the build.
 */
const relocateImportMeta = (bundleFile: string): Plugin => ({
  name: 'relocate-import-meta',
  setup(plugin) {
    plugin.onLoad({ filter: /\.js$/ }, (args) => {
      if (!args.path.startsWith(dist)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      const own = relative(dirname(bundleFile), args.path).replaceAll('\\', '/');
      const rewritten = text.replaceAll('import.meta.url', `new URL(${JSON.stringify(own)}, ${IMPORT_META_URL}).href`);
      if (/['"`]import\.meta|import\.meta(?!\.url)/.test(text.replaceAll(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')) || rewritten.includes('import.meta')) {
        throw new Error(`bundle-scanners: ${relative(ROOT, args.path)} reads import.meta other than its url, or names it in a string`);
      }
      return { contents: rewritten, loader: 'js' };
    });
  },
});

/** Modules the command line's bundle requires from dist/ rather than compiling in: the code-cache loader, one ES module per process (src/engine/scanner-module.ts). */
const KEPT_MODULES = ['engine/scanner-module.js', 'engine/early-thread.js'];
const keepModules = (bundleFile: string): Plugin => ({
  name: 'keep-modules',
  setup(plugin) {
    plugin.onResolve({ filter: /^\./ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (!KEPT_MODULES.some((kept) => target === resolve(dist, kept))) return undefined;
      const path = relative(dirname(bundleFile), target).replaceAll('\\', '/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
});

/**
 * The command line as one CommonJS bundle, `dist/cli/main.cjs`, which dist/cli/index.js compiles with
 * V8's code cache (written by the training scan below): every module of ours it reaches, static or
 * lazy, but the loader (KEPT_MODULES); npm packages stay requires. Its `import()`s become
 * `require()`s, as in the scanners' bundles; a URL known only at run time goes through the loader.
 */
const CLI_BUNDLE = 'cli/main.cjs';
/** A CommonJS bundle at `path` of tsc's module beside it (COMPILED or COMMONJS), every module of ours in it but the loader, each keeping its own `import.meta.url`. */
const bundleOurs = (path: string, options: typeof COMMONJS | typeof COMPILED): Promise<void> => {
  const file = resolve(dist, path);
  return bundle(file.replace(/\.cjs$/, '.js'), path, {
    ...options,
    plugins: [keepModules(file), relocateImportMeta(file), packagesExternal(new Set())],
    relocated: true,
  });
};
await bundleOurs(CLI_BUNDLE, COMPILED);

/**
 * The command line's scan thread (src/engine/lane.ts) as one CommonJS bundle, `dist/engine/lane-worker.cjs`,
 * which the thread requires (src/core/thread-script.ts) instead of importing about 30 ES modules: the ES
 * loader's resolving, reading and linking, and the ES facades of Node's built-ins, cost each thread's start
 * about 9 ms on an idle machine (docs/benchmarks.md). The loader stays outside, as in the command line's
 * bundle; no code cache (the thread runs little of its own code before it loads the scanners).
 */
await bundleOurs('engine/lane-worker.cjs', COMMONJS);

// The ES-module bundles, over tsc's output at the same path.
for (const path of modules) {
  const file = resolve(dist, path);
  await bundle(file, path, { format: 'esm', allowOverwrite: true, plugins: [yamlFromVendor(file), packagesExternal(INLINE_PACKAGES)] });
}

/**
 * The code caches: one scan of a training tree on the command line's own thread (one scan thread
 * keeps a tree this size there, src/cli/commands/scan-directory.ts), which writes each bundle's
 * bytecode at exit. The tree is the checkout's test folder (code in every language the code
 * scanner reads, manifests, lockfiles, secrets in every format the tests know) and the CI-workflow
 * benchmark's cases as workflows; the source folder where there are no tests.
 */
const TRAINING_SOURCES = existsSync(resolve(ROOT, 'test')) ? ['test'] : ['src'];
const WORKFLOW_CASES = resolve(ROOT, 'bench/cicd/cases');
const training = mkdtempSync(join(tmpdir(), 'vigil-code-cache-'));
try {
  for (const folder of TRAINING_SOURCES) cpSync(resolve(ROOT, folder), join(training, folder), { recursive: true });
  if (existsSync(WORKFLOW_CASES)) {
    mkdirSync(join(training, '.github/workflows'), { recursive: true });
    for (const name of readdirSync(WORKFLOW_CASES)) if (/\.ya?ml$/.test(name)) cpSync(join(WORKFLOW_CASES, name), join(training, '.github/workflows', name));
  }
  const started = Date.now();
  const run = spawnSync(process.execPath, [resolve(dist, 'cli/index.js'), 'scan', training, '--format', 'json'], {
    cwd: training,
    env: { ...process.env, VIGIL_CODE_CACHE: 'write', VIGIL_SCAN_WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`bundle-scanners: the training scan for the code caches failed (${run.error?.message ?? `exit code ${run.status}`})`);
  // The command line's other commands run under V8's default flags, so their cache is another one,
  // written by `vigil --help` (commander and the whole command tree).
  const help = spawnSync(process.execPath, [resolve(dist, 'cli/index.js'), '--help'], { cwd: training, env: { ...process.env, VIGIL_CODE_CACHE: 'write' }, stdio: 'ignore' });
  if (help.status !== 0) throw new Error(`bundle-scanners: vigil --help, which writes the commands' code cache, failed (${help.error?.message ?? `exit code ${help.status}`})`);
  const caches = [...[CLI_BUNDLE, ...threadModules].map((path) => `${path}${CODE_CACHE_SUFFIX}`), `${CLI_BUNDLE}${COMMANDS_CACHE_SUFFIX}`];
  for (const cache of caches) {
    if (!existsSync(resolve(dist, cache))) throw new Error(`bundle-scanners: the training runs wrote no code cache ${cache}`);
  }
  console.log(`code caches: ${caches.length} written by vigil --help and a scan of ${TRAINING_SOURCES.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(training, { recursive: true, force: true });
}
