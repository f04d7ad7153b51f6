/**
 * Build step after `tsc` (npm run build): each file scanner's module in dist/ (the ones the scan
 * workers import by URL, src/scanners/index.ts) is replaced by one bundled file holding it and
 * every module of ours it imports; npm packages stay imports. A thread then loads one file per
 * scanner instead of hundreds: the secrets scanner alone is 327 modules, and resolving and
 * compiling them one by one cost each worker about 0.2 s of CPU per scan (docs/benchmarks.md).
 * The bundle is written to the module's own path, so `import.meta.url` inside it (the code
 * scanner finds its grammars from there) still points at the same folder.
 * Run: tsx scripts/bundle-scanners.ts [DIST]   (default: dist/ of this checkout)
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? resolve(ROOT, 'dist'));
/** The registry's file scanners (kept in step with src/scanners/index.ts by the check below). */
const FILE_SCANNERS = ['scanners/secrets/scanner.js', 'scanners/code/scanner.js', 'scanners/workflows/scanner.js'];

const registry = (await import(resolve(dist, 'scanners/index.js'))) as { FILE_SCANNERS: readonly { module: string }[] };
const listed = registry.FILE_SCANNERS.map((s) => relative(dist, fileURLToPath(s.module)).replaceAll('\\', '/')).sort();
if (JSON.stringify(listed) !== JSON.stringify([...FILE_SCANNERS].sort())) {
  throw new Error(`bundle-scanners: the registry's file scanners (${listed.join(', ')}) are not the ones this script bundles`);
}
for (const path of FILE_SCANNERS) {
  const file = resolve(dist, path);
  if (!existsSync(file)) throw new Error(`bundle-scanners: ${file} is missing (run tsc first)`);
  const result = await build({
    entryPoints: [file],
    outfile: file,
    allowOverwrite: true,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  console.log(`bundled ${path}: ${Object.keys(result.metafile.inputs).length} modules`);
}
