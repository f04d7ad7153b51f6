/**
 * The dependency rule of docs/architecture.md, checked over the import graph of src/:
 * a module imports only from its own layer or a lower one. Every relative import counts,
 * static (`import`, `import type`, `export … from`) and dynamic (`import('…')`); imports
 * of packages and computed specifiers (`import(entry.module)`) are not edges of the graph.
 *
 * Also: `core` imports nothing else from src/, and a scanner kind never imports another
 * kind's folder (src/scanners/<a>/ → src/scanners/<b>/); what kinds share lives in
 * SHARED_SCANNER_MODULES.
 *
 * `npx tsx scripts/layers.ts` prints the violations and exits 1 when there are any;
 * test/architecture/layers.test.ts runs the same check.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Low to high. `http` and `cli` are one level: the two interfaces. `root` is src/main.ts and src/server.ts. */
export const LAYERS = ['core', 'scanners', 'adapters', 'engine', 'outputs', 'config', 'services', 'http', 'cli', 'root'] as const;
export type Layer = (typeof LAYERS)[number];

const RANK: Readonly<Record<Layer, number>> = { core: 0, scanners: 1, adapters: 2, engine: 3, outputs: 4, config: 5, services: 6, http: 7, cli: 7, root: 8 };

/** Imports allowed although they point upwards: both are entry points, and the CLI starts the server. */
const ALLOWED_UPWARDS: readonly { readonly from: string; readonly to: string }[] = [{ from: 'src/cli/', to: 'src/main.ts' }];

/**
 * Modules of src/scanners/ every kind may import, and which import no kind: the contract, the
 * registry and `advisories/` (OSV records, severities and the AdvisorySource port, used by the
 * dependency scanner and by the CI/CD scanner's known-vulnerable-action check).
 */
export const SHARED_SCANNER_MODULES: readonly string[] = ['src/scanners/contract.ts', 'src/scanners/index.ts', 'src/scanners/advisories/'];

export interface Violation {
  readonly from: string;
  readonly to: string;
  readonly line: number;
  readonly reason: string;
}

/** The layer of a path relative to the repository root (`src/engine/scan-workspace.ts` → engine); undefined outside the known layers. */
export function layerOf(path: string): Layer | undefined {
  const parts = path.split('/');
  if (parts[0] !== 'src') return undefined;
  if (parts.length === 2) return 'root';
  const folder = parts[1] as Layer;
  return folder !== 'root' && LAYERS.includes(folder) ? folder : undefined;
}

/** Relative import specifiers of a TypeScript source, with their line (comments and strings are not imports). */
export function importsOf(text: string): { readonly specifier: string; readonly line: number }[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter((f) => f.fileName.startsWith('./') || f.fileName.startsWith('../'))
    .map((f) => ({ specifier: f.fileName, line: text.slice(0, f.pos).split('\n').length }));
}

/** The file an import names, relative to the repository root (`./x.js` → `…/x.ts`). */
export function resolveImport(from: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
}

const scannerKind = (path: string) => (path.startsWith('src/scanners/') && path.split('/').length > 3 ? path.split('/')[2] : undefined);
const isShared = (path: string) => SHARED_SCANNER_MODULES.some((m) => (m.endsWith('/') ? path.startsWith(m) : path === m));

/** Why an import from one file to another breaks the rules, or undefined when it keeps them. */
export function ruleBroken(from: string, to: string): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === undefined) return `${from} is in no layer (src/<layer>/ or a root file)`;
  if (b === undefined) return `${to} is in no layer (src/<layer>/ or a root file)`;
  if (a === 'core' && b !== 'core') return `core imports nothing else from src/ (it imports ${b})`;
  if (RANK[b] > RANK[a] && !ALLOWED_UPWARDS.some((x) => from.startsWith(x.from) && to === x.to)) return `${a} may not import from ${b}, a higher layer`;
  const kindA = scannerKind(from);
  const kindB = scannerKind(to);
  if (isShared(from) && kindB && !isShared(to)) return `${from} is shared by every scanner kind and may not import the ${kindB} scanner's folder`;
  if (kindA && kindB && kindA !== kindB && !isShared(from) && !isShared(to)) return `the ${kindA} scanner may not import the ${kindB} scanner's folder`;
  return undefined;
}

/** Every violation among sources given as repository-relative path → text. */
export function checkLayers(sources: ReadonlyMap<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const [from, text] of sources) {
    for (const { specifier, line } of importsOf(text)) {
      const to = resolveImport(from, specifier);
      if (!to.startsWith('src/')) {
        out.push({ from, to, line, reason: `src/ imports ${to}, outside src/` });
        continue;
      }
      const reason = ruleBroken(from, to);
      if (reason) out.push({ from, to, line, reason });
    }
  }
  return out;
}

/** The .ts files under `<root>/src`, keyed by their path relative to root with `/` separators. */
export async function readSources(root: string): Promise<Map<string, string>> {
  const entries = await readdir(join(root, 'src'), { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
  const sources = new Map<string, string>();
  for (const file of files.sort()) sources.set(relative(root, file).split(sep).join('/'), await readFile(file, 'utf8'));
  return sources;
}

export const describeViolation = (v: Violation) => `${v.from}:${v.line} → ${v.to}: ${v.reason}`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const violations = checkLayers(await readSources(join(dirname(fileURLToPath(import.meta.url)), '..')));
  for (const v of violations) console.log(describeViolation(v));
  console.log(violations.length === 0 ? 'No import points to a higher layer.' : `${violations.length} import(s) break the dependency rule.`);
  process.exitCode = violations.length === 0 ? 0 : 1;
}
