/**
 * `npm run bench:sast -- --apps [dir]`: the code scanner on public, intentionally vulnerable
 * applications, scored against the hand labels in bench/sast/apps/*.json (apps-score.ts).
 *
 * The applications' source is never committed. Each label file names the repository and the
 * commit its labels were made against; the runner expects that tree at <dir>/<app> (default
 * bench/.corpus/apps, gitignored) and, when it is missing, prints how to get it and goes on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { RawFinding } from '../../src/core/findings.js';
import { crossFileFindings, mergeCrossFile } from '../../src/scanners/code/cross-file/resolve.js';
import { createCodeScanner } from '../../src/scanners/code/scanner.js';
import { cweNumber } from './cwe.js';
import { isExcluded, labelProblems, scoreApp, type AppLabels, type AppScore, type ScoredFinding } from './apps-score.js';

const LABELS_DIR = new URL('./apps', import.meta.url).pathname;
export const DEFAULT_APPS_DIR = new URL('../.corpus/apps', import.meta.url).pathname;
const SKIP = new Set(['node_modules', '.git', 'vendor', 'dist', 'bower_components']);

function loadLabels(): AppLabels[] {
  return readdirSync(LABELS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const value: unknown = JSON.parse(readFileSync(join(LABELS_DIR, f), 'utf8'));
      const problems = labelProblems(value);
      if (problems.length > 0) throw new Error(`${f}: ${problems.join('; ')}`);
      return value as AppLabels;
    });
}

function* files(root: string, dir = root): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (SKIP.has(entry)) continue;
    const path = join(dir, entry);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) yield* files(root, path);
    else if (stat?.isFile()) yield relative(root, path);
  }
}

async function scanApp(labels: AppLabels, root: string): Promise<ScoredFinding[]> {
  const scanner = createCodeScanner();
  await scanner.init?.();
  const raw: RawFinding[] = [];
  for (const file of files(root)) {
    if (isExcluded(labels, file)) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    raw.push(...scanner.scanFile({ path: file, text }));
  }
  // The repository pass, as a repository scan runs it: findings that depend on another file.
  const all = mergeCrossFile(raw, crossFileFindings(scanner.takeFacts?.() ?? []).findings);
  return all.map((f) => ({ file: f.path, line: f.line, rule: f.ruleId, cwe: cweNumber(f.cwe), severity: f.severity }));
}

function howToGet(labels: AppLabels, root: string): string {
  return (
    `  ${labels.app}: not found at ${root}. Get the labelled commit with:\n` +
    `    git clone ${labels.repo} ${root} && git -C ${root} checkout ${labels.commit}\n` +
    `  (or, from a bare mirror: git --git-dir=<mirror> archive ${labels.commit} | tar -x -C ${root})\n`
  );
}

const ratio = (n: number | undefined): string => (n === undefined ? '  n/a' : n.toFixed(2).padStart(5));
const site = (f: { file: string; line: number }): string => `${f.file}:${f.line}`;

function printApp(labels: AppLabels, s: AppScore, seconds: number, verbose: boolean): void {
  const out = process.stdout;
  out.write(`\n${labels.app} (${labels.stack}) @ ${labels.commit.slice(0, 12)}: scanned in ${seconds.toFixed(1)} s\n`);
  out.write(`  recall    ${ratio(s.recall)}  (${s.found.length}/${s.found.length + s.missed.length} expected sites found)\n`);
  out.write(`  precision ${ratio(s.precision)}  (CRITICAL/HIGH: ${s.truePositives.length} true, ${s.falsePositives.length} false, ${s.unreviewed.length} unreviewed)\n`);
  for (const m of s.missed) out.write(`  missed      ${site(m)} CWE-${m.cwe}: ${m.reason}\n`);
  for (const f of s.unreviewed) out.write(`  unreviewed  ${site(f)} ${f.rule} ${f.severity}\n`);
  if (verbose) for (const f of s.falsePositives) out.write(`  false       ${site(f)} ${f.rule}\n`);
}

function semgrepNote(): string {
  const r = spawnSync('semgrep', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? `Semgrep ${r.stdout.trim()} is on the PATH, but its registry rules need the network; not compared.` : 'Semgrep is not on the PATH; Vigil only.';
}

export async function runApps(dir: string = DEFAULT_APPS_DIR, verbose = false): Promise<void> {
  const totals = { found: 0, expected: 0, tp: 0, fp: 0, unreviewed: 0, seconds: 0 };
  process.stdout.write(`Labelled vulnerable applications (labels: bench/sast/apps/*.json; trees under ${dir})\n${semgrepNote()}\n`);
  for (const labels of loadLabels()) {
    const root = join(dir, labels.app);
    if (!existsSync(root)) {
      process.stdout.write(howToGet(labels, root));
      continue;
    }
    const head = existsSync(join(root, '.git')) ? spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim() : undefined;
    if (head && head !== labels.commit) process.stdout.write(`  ${labels.app}: checkout is at ${head.slice(0, 12)}, labels are for ${labels.commit.slice(0, 12)}; lines may not match.\n`);
    const started = performance.now();
    const findings = await scanApp(labels, root);
    const seconds = (performance.now() - started) / 1000;
    const s = scoreApp(labels, findings);
    printApp(labels, s, seconds, verbose);
    totals.found += s.found.length;
    totals.expected += s.found.length + s.missed.length;
    totals.tp += s.truePositives.length;
    totals.fp += s.falsePositives.length;
    totals.unreviewed += s.unreviewed.length;
    totals.seconds += seconds;
  }
  const precision = totals.tp + totals.fp === 0 ? undefined : totals.tp / (totals.tp + totals.fp);
  process.stdout.write(
    `\noverall: recall ${ratio(totals.expected === 0 ? undefined : totals.found / totals.expected)} (${totals.found}/${totals.expected}), ` +
      `precision ${ratio(precision)} (${totals.tp} true, ${totals.fp} false, ${totals.unreviewed} unreviewed CRITICAL/HIGH), ${totals.seconds.toFixed(1)} s\n`,
  );
}
