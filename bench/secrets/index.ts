/**
 * Secrets scanning benchmark: Vigil's secrets pass and whole scan against
 * secretlint on a ~105 MB generated corpus with planted secrets, recall and
 * precision per provider family on a labelled corpus, and /health latency
 * while the HTTP app scans that corpus.
 * Run: npm run bench:secrets [-- DIR] [--secretlint-timeout-s N] [--skip-secretlint] [--skip-health] [--skip-labelled] [--labelled-only]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { CORPUS_DIR, ensureCorpus, type Manifest } from './corpus.js';
import { runHealthUnderScan } from './health.js';
import { loadCorpus, recallOf, runSecretsPass, runWholeScan } from './passes.js';
import { latencyLine, MB, recallLines, scanLine, speed, summary, type Figures, type SecretlintFigures } from './report.js';
import { runSecretlint } from './secretlint.js';
import { buildLabelledCorpus } from './labelled.js';
import { LABELLED_TARGETS, labelledLines, precisionOfScore, recallOfScore, scoreLabelled, type LabelledScore } from './score.js';

/** The secrets pass is short and its figure is a median of this many runs. */
const PASSES = 3;

interface Options {
  readonly dir: string | undefined;
  readonly secretlintTimeoutS: number;
  readonly skipSecretlint: boolean;
  readonly skipHealth: boolean;
  readonly skipLabelled: boolean;
  readonly labelledOnly: boolean;
}

export function parseOptions(argv: readonly string[]): Options {
  let dir: string | undefined;
  let secretlintTimeoutS = 900;
  let skipSecretlint = false;
  let skipHealth = false;
  let skipLabelled = false;
  let labelledOnly = false;
  for (const [i, arg] of argv.entries()) {
    const [flag, inline] = arg.split('=', 2);
    if (flag === '--secretlint-timeout-s') {
      const value = Number(inline ?? argv[i + 1]);
      if (!Number.isFinite(value) || value <= 0) throw new Error(`--secretlint-timeout-s: expected a positive number of seconds`);
      secretlintTimeoutS = value;
    } else if (arg === '--skip-secretlint') skipSecretlint = true;
    else if (arg === '--skip-health') skipHealth = true;
    else if (arg === '--skip-labelled') skipLabelled = true;
    else if (arg === '--labelled-only') labelledOnly = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else if (argv[i - 1] !== '--secretlint-timeout-s') dir = arg;
  }
  return { dir, secretlintTimeoutS, skipSecretlint, skipHealth, skipLabelled, labelledOnly };
}

function machine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  return `Machine: ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}; load average ${load}`;
}

/** Recall and precision per family on the labelled corpus (built in memory from a fixed seed). */
function runLabelled(log: (text: string) => void): LabelledScore {
  log('\n[labelled] recall/precision: generated tokens of every documented format planted in .env, YAML, JSON, TOML, INI, XML, properties, code and shell files and Kubernetes manifests, plus hard negatives');
  const files = buildLabelledCorpus();
  const score = scoreLabelled(files);
  for (const line of labelledLines(score, files)) log(`  ${line}`);
  return score;
}

function labelledSummary(s: LabelledScore): string[] {
  const recall = recallOfScore(s);
  const precision = precisionOfScore(s);
  return [
    `Labelled corpus: recall ${recall.toFixed(3)} (${s.found}/${s.planted}), precision ${precision.toFixed(3)} (${s.falsePositives} false of ${s.findings})`,
    `  [${recall >= LABELLED_TARGETS.recall ? 'met' : 'NOT met'}] recall ≥ ${LABELLED_TARGETS.recall}`,
    `  [${precision >= LABELLED_TARGETS.precision ? 'met' : 'NOT met'}] precision ≥ ${LABELLED_TARGETS.precision}`,
  ];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const log = (text: string): void => console.log(text);
  log(machine());
  if (options.labelledOnly) {
    for (const line of labelledSummary(runLabelled(log))) log(line);
    return;
  }
  // npm runs scripts from the package folder; a relative DIR means the caller's folder.
  const dir = options.dir === undefined ? CORPUS_DIR : resolve(process.env.INIT_CWD ?? process.cwd(), options.dir);
  const manifest: Manifest | undefined = options.dir === undefined || dir === CORPUS_DIR ? await ensureCorpus(log) : undefined;

  const corpus = await loadCorpus(dir);
  const bytes = corpus.bytes;
  const files = corpus.files.length;
  log(`Corpus: ${dir}: ${(bytes / MB).toFixed(1)} MB (1 MB = 10^6 bytes) in ${files} files; ${manifest ? `${manifest.plants.length} planted secrets` : 'no planted secrets'}`);

  log(`\n[1/4] Vigil secrets pass: createSecretsScanner().scanFile over every file, one thread, files already in memory; median of ${PASSES} passes`);
  const passes = Array.from({ length: PASSES }, () => runSecretsPass(corpus));
  log(`  passes: ${passes.map((p) => `${p.seconds.toFixed(2)} s`).join(', ')}`);
  const pass = [...passes].sort((a, b) => a.seconds - b.seconds)[Math.floor(PASSES / 2)] ?? passes[0];
  if (pass === undefined) throw new Error('no secrets pass ran');
  const toHit = (f: { path: string; line?: number; ruleId: string }) => ({ path: f.path, line: f.line ?? 0, ruleId: f.ruleId });
  const passRecall = manifest ? recallOf(manifest.plants, pass.findings.map(toHit)) : undefined;
  const passFigures = { seconds: pass.seconds, bytes, files, findings: pass.findings.length, recall: passRecall };
  log(`  ${speed(passFigures)}; ${(bytes / MB / pass.cpuSeconds).toFixed(1)} MB per CPU-second; ${pass.findings.length} findings`);
  if (passRecall) for (const line of recallLines(passRecall, '  Vigil')) log(`  ${line}`);
  const labelled = options.skipLabelled ? undefined : runLabelled(log);

  const work = await mkdtemp(join(os.tmpdir(), 'vigil-bench-secrets-'));
  try {
    const env = { ...process.env, VIGIL_DATA_DIR: join(work, 'data'), VIGIL_SCAN_TIMEOUT_MS: '3600000' };
    const workers = loadConfig(env, process.cwd()).scanWorkers;
    log(`\n[2/4] Vigil whole scan: vigil scan DIR --format json --output FILE, in-process, ${workers} worker threads`);
    const scan = await runWholeScan(dir, join(work, 'vigil-report.json'), env);
    const whole = { seconds: scan.seconds, bytes, files, findings: scan.findingCount, workers };
    log(`  ${speed(whole)}; ${scan.findingCount ?? '?'} findings; exit code ${scan.exitCode}${scan.files === undefined || scan.files === files ? '' : `; it scanned ${scan.files} files`}`);
    if (scan.exitCode !== 0) log(`  stderr: ${scan.stderr.trim()}`);

    let secretlint: SecretlintFigures | undefined;
    if (options.skipSecretlint) {
      log('\n[3/4] secretlint: skipped (--skip-secretlint)');
    } else {
      log(`\n[3/4] secretlint "**/*" with @secretlint/secretlint-rule-preset-recommend, child process, time limit ${options.secretlintTimeoutS} s`);
      const sl = await runSecretlint(dir, work, options.secretlintTimeoutS);
      const slRecall = manifest && sl.hits ? recallOf(manifest.plants, sl.hits) : undefined;
      secretlint = { seconds: sl.seconds, bytes, files, version: sl.version, timedOut: sl.timedOut, findings: sl.hits?.length, recall: slRecall };
      log(`  ${sl.timedOut ? `killed after ${sl.seconds.toFixed(1)} s (time limit)` : speed(secretlint)}; exit code ${sl.exitCode}; ${sl.hits?.length ?? '?'} findings`);
      if (sl.hits === undefined && !sl.timedOut) log(`  stderr: ${sl.stderr.trim()}`);
      if (slRecall) for (const line of recallLines(slRecall, '  secretlint')) log(`  ${line}`);
    }

    let health;
    if (options.skipHealth) {
      log('\n[4/4] /health under load: skipped (--skip-health)');
    } else {
      log('\n[4/4] POST /v1/scan/github of the corpus (fake GitHub on 127.0.0.1): once alone, then while autocannon calls GET /health');
      health = await runHealthUnderScan(dir, bytes, files);
      if (Object.keys(health.raisedLimits).length > 0) log(`  raised source limits: ${JSON.stringify(health.raisedLimits)}`);
      log(`  scan, no other traffic:   ${scanLine(health.quietScan, bytes)}`);
      log(`  /health, server idle:     ${latencyLine(health.idle)}`);
      log(`  scan, /health under load: ${scanLine(health.loadedScan, bytes)}`);
      log(`  /health during that scan: ${latencyLine(health.underScan)}`);
    }

    const figures: Figures = {
      machine: machine(),
      corpus: { dir, bytes, files, planted: manifest?.plants.length },
      pass: passFigures,
      whole,
      secretlint,
      health,
    };
    log(summary(figures));
    if (labelled) for (const line of labelledSummary(labelled)) log(line);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
