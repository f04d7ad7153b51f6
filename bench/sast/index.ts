/**
 * SAST accuracy benchmark: the code scanner on the OWASP Benchmark for Python (1,230 labelled
 * test cases, https://github.com/OWASP-Benchmark/BenchmarkPython), scored with the benchmark's
 * own method (score.ts), side by side with Bandit when `bandit` is on the PATH.
 *
 *   npm run bench:sast                   # corpus in bench/.corpus/BenchmarkPython (gitignored)
 *   npm run bench:sast -- <dir>          # a checkout of BenchmarkPython elsewhere
 *   npm run bench:sast -- --details f    # also write every flagged case (tool, case, cwe) to f
 *   npm run bench:sast -- --apps [dir]   # labelled vulnerable applications instead (apps.ts)
 *   npm run bench:sast -- --java [dir]   # the OWASP Benchmark for Java (2,740 cases) instead; corpus in
 *                                        # bench/.corpus/BenchmarkJava (no peer runs here: no Java SAST
 *                                        # tool installs from npm or Debian; published scorecards are cited
 *                                        # in docs/benchmarks.md)
 *
 * When the corpus is missing the script clones it (`git clone --depth 1
 * https://github.com/OWASP-Benchmark/BenchmarkPython bench/.corpus/BenchmarkPython`); when that
 * fails it says so and exits 0. The benchmark's code is GPL and is never committed here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCodeScanner } from '../../src/scanners/code/scanner.js';
import { CODE_RULES } from '../../src/scanners/code/rules/index.js';
import { positionals } from '../api-scan/stats.js';
import { DEFAULT_APPS_DIR, runApps } from './apps.js';
import { BANDIT_CWE, VIGIL_CWE_EQUIVALENT, cweNumber } from './cwe.js';
import { caseOf, parseExpected, report, score, type Scorecard } from './score.js';

/** One edition of the OWASP Benchmark: where its test cases lie and what they are written in. */
interface Edition {
  readonly name: string;
  readonly repo: string;
  readonly defaultDir: string;
  /** The folder of the test cases, inside the checkout. */
  readonly testcode: string;
  readonly extension: string;
}

const PYTHON: Edition = {
  name: 'Python',
  repo: 'https://github.com/OWASP-Benchmark/BenchmarkPython',
  defaultDir: new URL('../.corpus/BenchmarkPython', import.meta.url).pathname,
  testcode: 'testcode',
  extension: '.py',
};
const JAVA: Edition = {
  name: 'Java',
  repo: 'https://github.com/OWASP-Benchmark/BenchmarkJava',
  defaultDir: new URL('../.corpus/BenchmarkJava', import.meta.url).pathname,
  testcode: 'src/main/java/org/owasp/benchmark/testcode',
  extension: '.java',
};

function obtain(edition: Edition, dir: string): boolean {
  if (existsSync(join(dir, edition.testcode))) return true;
  if (dir !== edition.defaultDir) return false;
  process.stdout.write(`Corpus missing; cloning ${edition.repo} into ${dir}\n`);
  mkdirSync(join(dir, '..'), { recursive: true });
  const r = spawnSync('git', ['clone', '--depth', '1', edition.repo, dir], { stdio: 'inherit' });
  return r.status === 0 && existsSync(join(dir, edition.testcode));
}

function expectedCsv(dir: string): string {
  const name = readdirSync(dir).find((f) => /^expectedresults-.*\.csv$/.test(f));
  if (!name) throw new Error(`no expectedresults-*.csv in ${dir}`);
  return readFileSync(join(dir, name), 'utf8');
}

async function runVigil(edition: Edition, dir: string, details: string[]): Promise<Map<string, Set<number>>> {
  const scanner = createCodeScanner();
  await scanner.init?.();
  const cweOf = new Map(CODE_RULES.map((r) => [r.id, cweNumber(r.cwe)]));
  const reported = new Map<string, Set<number>>();
  for (const file of readdirSync(join(dir, edition.testcode)).filter((f) => f.endsWith(edition.extension)).sort()) {
    const path = `${edition.testcode}/${file}`;
    const name = caseOf(file);
    if (!name) continue;
    for (const f of scanner.scanFile({ path, text: readFileSync(join(dir, path), 'utf8') })) {
      const cwe = cweNumber(f.cwe) ?? cweOf.get(f.ruleId);
      if (cwe === undefined) continue;
      const scored = VIGIL_CWE_EQUIVALENT[cwe] ?? cwe;
      report(reported, name, scored);
      details.push(`vigil\t${name}\tCWE-${scored}\t${f.ruleId}\t${f.line}`);
    }
  }
  return reported;
}

interface BanditResult {
  readonly filename: string;
  readonly test_id: string;
  readonly line_number: number;
}

function runBandit(dir: string, details: string[]): { reported: Map<string, Set<number>>; version: string } | undefined {
  let version: string;
  try {
    version = execFileSync('bandit', ['--version'], { encoding: 'utf8' }).split('\n')[0]?.trim() ?? 'bandit';
  } catch {
    return undefined;
  }
  // Bandit exits 1 when it reports issues: read stdout whatever the status.
  const r = spawnSync('bandit', ['-r', 'testcode', '-f', 'json', '-q'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const results = (JSON.parse(r.stdout) as { results: BanditResult[] }).results;
  const reported = new Map<string, Set<number>>();
  for (const x of results) {
    const name = caseOf(x.filename);
    const cwe = BANDIT_CWE[x.test_id];
    if (!name || cwe === undefined) continue;
    report(reported, name, cwe);
    details.push(`bandit\t${name}\tCWE-${cwe}\t${x.test_id}\t${x.line_number}`);
  }
  return { reported, version };
}

const pct = (n: number): string => `${(n * 100).toFixed(1)}`.padStart(6);
const signed = (n: number): string => `${n >= 0 ? '+' : ''}${(n * 100).toFixed(1)}`.padStart(6);

function print(cards: readonly { name: string; card: Scorecard }[]): void {
  const first = cards[0]?.card;
  if (!first) return;
  const head = ['category', 'cwe', 'cases'].map((s, i) => s.padEnd(i === 0 ? 16 : 6)).join('');
  process.stdout.write(`\n${head}${cards.map((c) => `| ${c.name.padEnd(26)}`).join('')}\n`);
  process.stdout.write(`${''.padEnd(28)}${cards.map(() => '|    TPR    FPR  score   ').join('')}\n`);
  for (const [i, cat] of first.categories.entries()) {
    const cases = cat.tp + cat.fn + cat.fp + cat.tn;
    const cols = cards.map(({ card }) => {
      const c = card.categories[i];
      return c ? `| ${pct(c.tpr)} ${pct(c.fpr)} ${signed(c.score)}   ` : '| n/a                     ';
    });
    process.stdout.write(`${cat.category.padEnd(16)}${String(cat.cwe).padEnd(6)}${String(cases).padEnd(6)}${cols.join('')}\n`);
  }
  process.stdout.write(`${'overall'.padEnd(28)}${cards.map(({ card }) => `| ${pct(card.tpr)} ${pct(card.fpr)} ${signed(card.score)}   `).join('')}\n`);
}

if (process.argv.includes('--apps')) {
  const appsDir = positionals(process.argv.slice(2), [])[0];
  await runApps(appsDir ?? DEFAULT_APPS_DIR, process.argv.includes('--verbose'));
  process.exit(0);
}
const edition = process.argv.includes('--java') ? JAVA : PYTHON;
const given = positionals(process.argv.slice(2), ['--details']);
const dir = given[0] ?? edition.defaultDir;
const detailsAt = process.argv.indexOf('--details');
const detailsFile = detailsAt === -1 ? undefined : process.argv[detailsAt + 1];
if (!obtain(edition, dir)) {
  process.stdout.write(
    `bench:sast skipped: no OWASP Benchmark for ${edition.name} at ${dir}.\n` +
      `Get it with: git clone --depth 1 ${edition.repo} ${edition.defaultDir}\n`,
  );
  process.exit(0);
}
const cases = parseExpected(expectedCsv(dir));
const details: string[] = [];
const cards: { name: string; card: Scorecard }[] = [];
const started = performance.now();
cards.push({ name: 'Vigil code scanner', card: score(cases, await runVigil(edition, dir, details)) });
const vigilSeconds = (performance.now() - started) / 1000;
const bandit = edition === PYTHON ? runBandit(dir, details) : undefined;
if (bandit) cards.push({ name: bandit.version, card: score(cases, bandit.reported) });
process.stdout.write(`OWASP Benchmark for ${edition.name}: ${cases.length} test cases in ${new Set(cases.map((c) => c.category)).size} categories, from ${dir}\n`);
process.stdout.write(`Vigil scanned them in ${vigilSeconds.toFixed(1)} s.\n`);
if (!bandit && edition === PYTHON) process.stdout.write('Bandit not found on the PATH (Debian: apt-get install python3-bandit); Vigil only.\n');
process.stdout.write('Score = TPR − FPR per category (percent); overall = mean over categories (the benchmark\'s scorecard method).\n');
print(cards);
if (detailsFile) writeFileSync(detailsFile, `${details.sort().join('\n')}\n`);
