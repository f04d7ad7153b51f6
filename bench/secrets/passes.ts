/**
 * Vigil's two measured passes: the bare secrets scanner on one thread over
 * files already in memory, and the whole `vigil scan DIR` CLI path in-process.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, type CliIo } from '../../src/cli/program.js';
import type { RawFinding } from '../../src/core/findings.js';
import { createSecretsScanner } from '../../src/scanners/secrets/scanner.js';
import { looksBinary } from '../../src/adapters/sources/sniff.js';
import type { Plant } from './corpus.js';
import { PLANT_KINDS, type PlantKind } from './planted.js';

export interface LoadedFile {
  readonly path: string;
  readonly text: string;
}

export interface Corpus {
  readonly files: readonly LoadedFile[];
  readonly bytes: number;
}

const SKIPPED = new Set(['.git', 'node_modules']);
/** Same default as the CLI's VIGIL_MAX_FILE_BYTES, so both passes see the same files. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Reads every text file under `dir` (not timed). Paths are relative, with forward slashes. */
export async function loadCorpus(dir: string): Promise<Corpus> {
  const files: LoadedFile[] = [];
  let bytes = 0;
  const pending = [''];
  for (let rel = pending.pop(); rel !== undefined; rel = pending.pop()) {
    for (const dirent of await readdir(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? dirent.name : `${rel}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (!SKIPPED.has(dirent.name)) pending.push(path);
        continue;
      }
      if (!dirent.isFile() || (await stat(join(dir, path))).size > MAX_FILE_BYTES) continue;
      const buffer = await readFile(join(dir, path));
      if (looksBinary(buffer)) continue;
      files.push({ path, text: buffer.toString('utf8') });
      bytes += buffer.length;
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, bytes };
}

export interface SecretsPass {
  readonly seconds: number;
  /** CPU time of this process during the pass: less disturbed than wall time when other work shares the cores. */
  readonly cpuSeconds: number;
  readonly findings: readonly RawFinding[];
}

/** Times createSecretsScanner().scanFile over every file, on this thread. */
export function runSecretsPass(corpus: Corpus): SecretsPass {
  const scanner = createSecretsScanner();
  const findings: RawFinding[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const file of corpus.files) {
    const result = scanner.scanFile({ path: file.path, text: file.text });
    for (const finding of result) findings.push(finding);
  }
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6, findings };
}

/** What a scanner reported, reduced to what recall needs. */
export interface Hit {
  readonly path: string;
  readonly line: number;
  readonly ruleId: string;
}

export interface KindRecall {
  readonly kind: PlantKind;
  readonly planted: number;
  readonly found: number;
  readonly rules: readonly string[];
}

export interface Recall {
  readonly planted: number;
  readonly found: number;
  readonly byKind: readonly KindRecall[];
  readonly missed: readonly Plant[];
  /** Hits on lines where nothing was planted, by rule. */
  readonly unplanted: ReadonlyMap<string, number>;
}

/** Repository-hygiene findings point at a file, not at a value: they never count as finding a plant. */
const NOT_VALUE_RULES = new Set(['committed-env-file', 'env-not-gitignored']);

/** A plant counts as found when a hit lies in its file on one of the lines it covers. */
export function recallOf(plants: readonly Plant[], hits: readonly Hit[]): Recall {
  const byPath = new Map<string, Hit[]>();
  for (const hit of hits) {
    const list = byPath.get(hit.path);
    if (list === undefined) byPath.set(hit.path, [hit]);
    else list.push(hit);
  }
  const claimed = new Set<Hit>();
  const found = new Map<PlantKind, { found: number; rules: Set<string> }>();
  const missed: Plant[] = [];
  for (const plant of plants) {
    const matching = (byPath.get(plant.path) ?? []).filter(
      (h) => !NOT_VALUE_RULES.has(h.ruleId) && h.line >= plant.line && h.line < plant.line + plant.span,
    );
    for (const hit of matching) claimed.add(hit);
    const entry = found.get(plant.kind) ?? { found: 0, rules: new Set<string>() };
    if (matching.length > 0) entry.found += 1;
    else missed.push(plant);
    for (const hit of matching) entry.rules.add(hit.ruleId);
    found.set(plant.kind, entry);
  }
  const unplanted = new Map<string, number>();
  for (const hit of hits) if (!claimed.has(hit)) unplanted.set(hit.ruleId, (unplanted.get(hit.ruleId) ?? 0) + 1);
  const byKind = PLANT_KINDS.map((kind) => ({
    kind,
    planted: plants.filter((p) => p.kind === kind).length,
    found: found.get(kind)?.found ?? 0,
    rules: [...(found.get(kind)?.rules ?? [])].sort(),
  }));
  return { planted: plants.length, found: plants.length - missed.length, byKind, missed, unplanted };
}

export interface WholeScan {
  readonly seconds: number;
  readonly exitCode: number;
  readonly findingCount: number | undefined;
  readonly files: number | undefined;
  readonly stderr: string;
}

/** `vigil scan DIR --format json --output FILE`, in this process (the CLI starts its own worker pool). */
export async function runWholeScan(dir: string, reportPath: string, env: Readonly<Record<string, string | undefined>>): Promise<WholeScan> {
  let stderr = '';
  const io: CliIo = { env, cwd: process.cwd(), out: () => undefined, err: (text) => void (stderr += text) };
  const started = performance.now();
  const exitCode = await runCli(['scan', dir, '--format', 'json', '--output', reportPath], io);
  const seconds = (performance.now() - started) / 1000;
  let findingCount: number | undefined;
  let files: number | undefined;
  try {
    const report = JSON.parse(await readFile(reportPath, 'utf8')) as { finding_count?: number; stats?: { files?: number } };
    findingCount = report.finding_count;
    files = report.stats?.files;
  } catch {
    // No report: the exit code and stderr say why.
  }
  return { seconds, exitCode, findingCount, files, stderr };
}
