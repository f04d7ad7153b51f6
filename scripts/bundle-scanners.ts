/**
 * Build step after `tsc` (npm run build): each file scanner module of the registry in dist/ (the
 * ones the scan workers import by URL, src/scanners/index.ts) is replaced by one bundled file
 * holding it and every module of ours it imports; npm packages stay imports. A thread then
 * loads one file per scanner instead of hundreds: the secrets scanner alone is 327 modules, and
 * resolving and compiling them one by one cost each worker about 0.2 s of CPU per scan
 * (docs/benchmarks.md). The bundle is written to the module's own path, so `import.meta.url`
 * inside it (the code scanner finds its grammars from there) still points at the same folder;
 * a bundled module from another folder that reads `import.meta` fails the build.
 * Run: tsx scripts/bundle-scanners.ts [DIST]   (default: dist/ of this checkout)
 */
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? resolve(ROOT, 'dist'));
const registry = (await import(resolve(dist, 'scanners/index.js'))) as { FILE_SCANNERS: readonly { module: string }[] };
// The file scanners, and the heavy part of a repository check that it imports lazily (only scans
// with a manifest load the dependency extractors and risk checks, 51 modules): bundling that module
// at its own path keeps it lazy. The repository checks' entry modules stay as they are, or their
// bundles would load those parts in every scan.
const LAZY_PARTS = ['scanners/dependencies/scanner.js'];
const modules = [...new Set([...registry.FILE_SCANNERS.map((s) => relative(dist, fileURLToPath(s.module)).replaceAll('\\', '/')), ...LAZY_PARTS])];
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

/** Every other package stays an import, as `packages: 'external'` would keep it (Node's built-ins are esbuild's, as before). */
const packagesExternal: Plugin = {
  name: 'packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || isBuiltin(args.path)) return undefined;
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : (args.path.split('/')[0] ?? '');
      return INLINE_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

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

for (const path of modules) {
  const file = resolve(dist, path);
  if (!existsSync(file)) throw new Error(`bundle-scanners: ${file} is missing (run tsc first)`);
  const result = await build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    plugins: [yamlFromVendor(file), packagesExternal],
  });
  const inputs = Object.keys(result.metafile.inputs);
  for (const input of inputs) {
    const source = resolve(input); // metafile paths are relative to the working folder
    if (dirname(source) !== dirname(file) && readFileSync(source, 'utf8').includes('import.meta')) {
      throw new Error(`bundle-scanners: ${input} reads import.meta but would move to ${relative(ROOT, dirname(file))}/ in the bundle of ${path}`);
    }
  }
  console.log(`bundled ${path}: ${inputs.length} modules`);
}
