/**
 * The dependency scanner over one workspace's manifests and lockfiles: pick the
 * extractor for each file, extract, then run the supply-chain risk checks over
 * everything together. Pure: the caller reads the files (in a worker).
 */
import type { RawFinding } from '../../core/findings.js';
import { EXTRACTORS } from './extractors/index.js';
import { fileName } from './extractors/shared.js';
import { CONFIG_FILE_NAMES, runRiskChecks } from './risks/index.js';
import type { DependencyFile } from './risks/types.js';
import type { ExtractedPackage, Extractor } from './types.js';

/** At most this many extractor warnings are passed on; the rest are counted. */
const MAX_WARNINGS = 50;

const CONFIG_NAMES: ReadonlySet<string> = new Set(CONFIG_FILE_NAMES);

/** For each file name some extractor reads by name, the position of the first such extractor. */
const BY_NAME = new Map<string, number>();
/** Positions of the extractors that match by their own test (folders, patterns), in order. */
const BY_TEST: number[] = [];
EXTRACTORS.forEach((extractor, i) => {
  if (extractor.fileNames === undefined) BY_TEST.push(i);
  else for (const name of extractor.fileNames) if (!BY_NAME.has(name)) BY_NAME.set(name, i);
});

/**
 * The first extractor (in EXTRACTORS' order) whose `matches` accepts the path. Called for every path of a
 * repository on the service's event loop, so the extractors that match by name are found by one lookup.
 */
export function extractorFor(path: string): Extractor | undefined {
  let first = BY_NAME.get(fileName(path)) ?? EXTRACTORS.length;
  for (const i of BY_TEST) {
    if (i > first) break;
    if (EXTRACTORS[i]?.matches(path)) {
      first = i;
      break;
    }
  }
  return EXTRACTORS[first];
}

/** Package-manager configuration the risk checks read (.npmrc, pip.conf …). */
export function isDependencyConfig(path: string): boolean {
  return CONFIG_NAMES.has(fileName(path));
}

/** Whether the dependency scanner reads this file. */
export function isDependencyInput(path: string): boolean {
  return extractorFor(path) !== undefined || isDependencyConfig(path);
}

export interface DependencyScanResult {
  readonly packages: ExtractedPackage[];
  readonly findings: RawFinding[];
  readonly warnings: string[];
  readonly files: number;
}

/** A dependency file as read; `extractor` (an id) when it was pulled in by another file and its name says nothing. */
export interface DependencyInput {
  readonly path: string;
  readonly text: string;
  readonly extractor?: string;
}

/** At most this many files are pulled in through includes, however they chain. */
export const MAX_INCLUDED_FILES = 200;

/**
 * Reads the dependency files and, following includes (pip's `-r`/`-c`), the
 * files they pull in, each once. `read` gives undefined for a file that cannot be read.
 */
export async function readDependencyInputs(
  paths: readonly string[],
  allPaths: ReadonlySet<string>,
  read: (path: string) => Promise<string | undefined>,
): Promise<{ inputs: DependencyInput[]; unreadable: number }> {
  const inputs: DependencyInput[] = [];
  const seen = new Set(paths);
  let unreadable = 0;
  const queue: { path: string; extractor?: Extractor }[] = paths.map((path) => ({ path }));
  let included = 0;
  while (queue.length > 0) {
    const next = queue.shift() as { path: string; extractor?: Extractor };
    const text = await read(next.path);
    if (text === undefined) {
      unreadable++;
      continue;
    }
    inputs.push({ path: next.path, text, ...(next.extractor ? { extractor: next.extractor.id } : {}) });
    const extractor = next.extractor ?? extractorFor(next.path);
    for (const ref of extractor?.includes?.(next.path, text) ?? []) {
      if (seen.has(ref) || !allPaths.has(ref) || included >= MAX_INCLUDED_FILES) continue;
      seen.add(ref);
      included++;
      queue.push({ path: ref, extractor: extractor });
    }
  }
  return { inputs, unreadable };
}

export function scanDependencyFiles(inputs: readonly DependencyInput[], paths: ReadonlySet<string>): DependencyScanResult {
  const files: DependencyFile[] = [];
  const configFiles = new Map<string, string>();
  const warnings: string[] = [];
  let dropped = 0;
  const warn = (text: string) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(text);
    else dropped++;
  };
  for (const input of inputs) {
    const extractor = input.extractor === undefined ? extractorFor(input.path) : EXTRACTORS.find((e) => e.id === input.extractor);
    if (extractor) {
      let result: DependencyFile['result'];
      try {
        result = extractor.extract(input.path, input.text);
      } catch (error) {
        // Extractors are written not to throw; one that does costs its file, not the scan.
        result = { kind: 'manifest', packages: [], warnings: [`could not be read (${error instanceof Error ? error.message : String(error)})`] };
      }
      // Some extractors name the file in their warnings already.
      for (const w of result.warnings) warn(w.startsWith(input.path) ? w : `${input.path}: ${w}`);
      files.push({ path: input.path, text: input.text, extractor: extractor.id, result });
    } else if (isDependencyConfig(input.path)) {
      configFiles.set(input.path, input.text);
    }
  }
  if (dropped > 0) warnings.push(`${dropped} more dependency-file warnings were left out`);
  const findings = runRiskChecks({ files, configFiles, paths });
  return { packages: markDeclared(files), findings, warnings, files: files.length };
}

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * Some lockfiles (poetry.lock, Pipfile.lock, composer.lock, gradle.lockfile) do
 * not say which packages the project declares: a package is direct when a
 * manifest of the same ecosystem in the same folder declares its name.
 */
export function markDeclared(files: readonly DependencyFile[]): ExtractedPackage[] {
  const declared = new Set<string>();
  for (const f of files) {
    if (f.result.kind !== 'manifest') continue;
    for (const p of f.result.packages) declared.add(`${dirOf(f.path)}\u0000${p.ecosystem}\u0000${p.name.toLowerCase()}`);
  }
  return files.flatMap((f) =>
    f.result.kind === 'lockfile'
      ? f.result.packages.map((p) =>
          !p.direct && declared.has(`${dirOf(f.path)}\u0000${p.ecosystem}\u0000${p.name.toLowerCase()}`) ? { ...p, direct: true } : p,
        )
      : f.result.packages,
  );
}
