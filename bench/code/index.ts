/**
 * Code and workflow scanner benchmark, on one core (the scanners run on the main thread here;
 * the engine runs one copy per worker, so a repository scan scales with VIGIL_SCAN_WORKERS).
 *
 *   npm run bench:code                     # this checkout's node_modules (real JS/TS) and the
 *                                          # Python standard library, plus generated workflows
 *   npm run bench:code -- <dir> [<dir>…]   # any folders instead
 *   npm run bench:code -- --max-mb 40      # stop after this much code (default 60)
 *   npm run bench:code -- --findings f.txt # also write each code finding (rule, path, line) to f.txt
 *   npm run bench:code -- --all-only       # only the run over all code (no per-language runs, no workflows)
 *
 * Prints files/s, MB/s (wall clock), MB per CPU-second of the scanning thread (meaningful on a
 * shared machine, where wall time includes waiting for a core) and the peak resident memory.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { scanner as codeScanner } from '../../src/scanners/code/scanner.js';
import { scanner as workflowScanner } from '../../src/scanners/workflows/scanner.js';
import type { FileScanner } from '../../src/scanners/contract.js';
import { intOption, machine, positionals } from '../api-scan/stats.js';
import { processCpuSeconds, threadCpuSeconds } from './cpu.js';

const CODE_EXTENSIONS = /\.(?:[cm]?js|jsx|[cm]?ts|tsx|py)$/;
const MAX_FILE = 512 * 1024;
const maxBytes = intOption(process.argv, '--max-mb', 60) * 1024 * 1024;
const findingsFile = process.argv[process.argv.indexOf('--findings') + 1];
const writeFindings = process.argv.includes('--findings') && findingsFile !== undefined;
const allOnly = process.argv.includes('--all-only');

function pythonStdlib(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** Code files under the folders, in a stable order, up to maxBytes in all (half per folder when two). */
function collect(dirs: readonly string[]): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [];
  const share = Math.floor(maxBytes / dirs.length);
  for (const dir of dirs) {
    let bytes = 0;
    const stack = [dir];
    while (stack.length > 0 && bytes < share) {
      const current = stack.pop() as string;
      let entries;
      try {
        entries = readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)).reverse();
      } catch {
        continue;
      }
      for (const e of entries) {
        const path = join(current, e.name);
        if (e.isDirectory()) stack.push(path);
        else if (e.isFile() && CODE_EXTENSIONS.test(e.name) && !e.name.endsWith('.d.ts')) {
          const size = statSync(path).size;
          if (size === 0 || size > MAX_FILE || bytes >= share) continue;
          // The scanner skips node_modules/ by path: present the files as the project's own.
          files.push({ path: `src/${relative(dir, path)}`, text: readFileSync(path, 'utf8') });
          bytes += size;
        }
      }
    }
  }
  return files;
}

/** Realistic workflows: CI, release and PR-triage jobs, some with the flaws the rules look for. */
function workflows(count: number): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (let i = 0; i < count; i++) {
    const trigger = ['push', 'pull_request', 'pull_request_target', 'issues', 'release'][i % 5] as string;
    const text = [
      `name: job-${i}`,
      'on:',
      `  ${trigger}:`,
      i % 3 === 0 ? 'permissions:\n  contents: read' : '',
      'jobs:',
      '  build:',
      `    runs-on: ${i % 7 === 0 ? 'self-hosted' : 'ubuntu-latest'}`,
      '    steps:',
      '      - uses: actions/checkout@v4',
      i % 4 === 0 ? '        with:\n          ref: ${{ github.event.pull_request.head.sha }}' : '',
      `      - uses: ${i % 2 === 0 ? 'actions/setup-node@v4' : 'some-org/setup-tool@v2'}`,
      '        with:',
      "          node-version: '20'",
      '          cache: npm',
      '      - run: npm ci',
      `      - run: echo "Title \${{ github.event.${i % 2 === 0 ? 'issue.title' : 'pull_request.head.ref'} }}"`,
      '      - name: Test',
      '        run: |',
      '          npm test -- --coverage',
      '          echo "done" >> "$GITHUB_STEP_SUMMARY"',
      i % 6 === 0 ? '      - run: curl -fsSL https://example.com/install.sh | bash' : '',
      '',
    ]
      .filter((l) => l !== '')
      .join('\n');
    out.push({ path: `.github/workflows/job-${i}.yml`, text: `${text}\n` });
  }
  return out;
}

async function measure(name: string, scanner: FileScanner, files: readonly { path: string; text: string }[], record?: string[]): Promise<void> {
  await scanner.init?.();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  let findings = 0;
  const started = performance.now();
  const threadStart = threadCpuSeconds();
  const processStart = processCpuSeconds();
  for (const [i, f] of files.entries()) {
    const found = scanner.scanFile(f);
    findings += found.length;
    if (record) for (const x of found) record.push(`${x.ruleId}\t${x.path}\t${x.line}`);
    // Let the sampler run now and then.
    if (i % 200 === 0) await new Promise((r) => setImmediate(r));
  }
  const seconds = (performance.now() - started) / 1000;
  const threadCpu = threadCpuSeconds() - threadStart;
  const processCpu = processCpuSeconds() - processStart;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = bytes / 1e6;
  process.stdout.write(
    `${name.padEnd(9)} ${files.length} files, ${mb.toFixed(1)} MB in ${seconds.toFixed(2)} s wall, ${threadCpu.toFixed(2)} s CPU ` +
      `(process ${processCpu.toFixed(2)} s): ${Math.round(files.length / seconds)} files/s, ${(mb / seconds).toFixed(2)} MB/s wall, ` +
      `${(mb / threadCpu).toFixed(2)} MB per CPU-second (process ${(mb / processCpu).toFixed(2)}); ${findings} findings; peak RSS ${Math.round(peak / 1024 / 1024)} MB\n`,
  );
}

const given = positionals(process.argv.slice(2), ['--max-mb', '--findings']);
const dirs = given.length > 0 ? given : [new URL('../../node_modules', import.meta.url).pathname, pythonStdlib()].filter((d): d is string => d !== undefined);
process.stdout.write(`${machine()}\nCode from: ${dirs.join(', ')}\n`);
const code = collect(dirs);
const byLanguage = (re: RegExp) => code.filter((f) => re.test(f.path));
const recorded: string[] | undefined = writeFindings ? [] : undefined;
await measure('code', codeScanner, code, recorded);
if (recorded && findingsFile) writeFileSync(findingsFile, `${recorded.sort().join('\n')}\n`);
if (!allOnly) {
  await measure('code/js', codeScanner, byLanguage(/\.[cm]?jsx?$/));
  await measure('code/ts', codeScanner, byLanguage(/\.[cm]?tsx?$/));
  await measure('code/py', codeScanner, byLanguage(/\.py$/));
  await measure('cicd', workflowScanner, workflows(2000));
}
