/**
 * Whole-CLI scan benchmark: `vigil scan DIR` as a user runs it (a new process each time) on a generated tree and
 * on any folder given, with secretlint (recommended preset) and Bandit (when `bandit` is on PATH) in the same
 * interleaved rounds; plus the fixed cost: an empty-folder scan and `vigil --version`, beside Node's own start (`node -e 0`).
 * Each figure is the median of ROUNDS runs: wall time, CPU (user + system), cores (CPU ÷ wall: the cores busy on
 * average, near the machine's count when a scan is bound by CPU), MB/s of the text Vigil scans (the same
 * byte count for every tool), peak RSS (GNU time's maximum resident set), minor page faults (first touches of new
 * memory: 2–13 µs each on the machines of this kind measured, docs/benchmarks.md), and secretlint's wall time / the tool's.
 * Run: npm run bench:scan [-- DIR ...] [--rounds N] [--timeout-s N] [--skip-secretlint] [--skip-bandit] [--baseline DIST] [--skip-generated]
 *        [--service-mb 82,28] [--service-dir DIR]... [--skip-service] [--service-only] [--service-node-arg=ARG]...
 * Then the service path (bench/scan/service.ts): generated repositories of --service-mb sizes (default 82,28) through
 * `POST /v1/scan/github` with the loopback fake GitHub, the service as its own process; `--service-dir DIR` (repeatable)
 * also packs DIR as a repository's archive and scans it the same way (`--service-mb ''` for folders only).
 * Uses dist/cli/index.js when it is newer than every source file (npm run build), else the sources through tsx
 * (slower start: it says so); the service part chooses the same way (bench/service-process.ts, entryCommand).
 * `--baseline DIST` also runs another build's CLI (DIST/cli/index.js, e.g. a copy of dist/ made before a change)
 * as the tool `vigil-base` in the same rounds, so a before/after comparison sees the same machine load.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openLocalDirectory } from '../../src/adapters/sources/local.js';
import { entryCommand } from '../service-process.js';
import { runServiceBench } from './service.js';
import { generateTree } from './tree.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRETLINT = join(ROOT, 'node_modules/secretlint/bin/secretlint.js');
const MB = 1024 * 1024;

interface Options {
  readonly dirs: string[];
  readonly rounds: number;
  readonly timeoutS: number;
  readonly skipSecretlint: boolean;
  readonly skipBandit: boolean;
  readonly baseline: string | undefined;
  readonly skipGenerated: boolean;
  readonly serviceMb: number[];
  readonly skipService: boolean;
  readonly serviceOnly: boolean;
  readonly serviceDirs: string[];
  readonly serviceNodeArgs: string[];
}

function parseOptions(argv: readonly string[]): Options {
  const dirs: string[] = [];
  let rounds = 3;
  let timeoutS = 600;
  let skipSecretlint = false;
  let skipBandit = false;
  let baseline: string | undefined;
  let skipGenerated = false;
  let serviceMb = [82, 28];
  let skipService = false;
  let serviceOnly = false;
  const serviceDirs: string[] = [];
  const serviceNodeArgs: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--rounds') rounds = Number(argv[++i]);
    else if (arg === '--timeout-s') timeoutS = Number(argv[++i]);
    else if (arg === '--skip-secretlint') skipSecretlint = true;
    else if (arg === '--skip-bandit') skipBandit = true;
    else if (arg === '--baseline') baseline = resolve(argv[++i] ?? '');
    else if (arg === '--skip-generated') skipGenerated = true;
    else if (arg === '--service-mb') serviceMb = (argv[++i] ?? '').split(',').filter((s) => s !== '').map(Number);
    else if (arg === '--skip-service') skipService = true;
    else if (arg === '--service-only') serviceOnly = true;
    else if (arg === '--service-dir') serviceDirs.push(resolve(argv[++i] ?? ''));
    else if (arg.startsWith('--service-node-arg=')) serviceNodeArgs.push(arg.slice('--service-node-arg='.length));
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else dirs.push(resolve(arg));
  }
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 9) throw new Error('--rounds must be 1..9');
  if (!(timeoutS > 0)) throw new Error('--timeout-s must be positive');
  if (baseline !== undefined && !existsSync(join(baseline, 'cli/index.js'))) throw new Error(`--baseline: no cli/index.js in ${baseline}`);
  if (!serviceMb.every((mb) => Number.isInteger(mb) && mb > 0 && mb <= 1024)) throw new Error('--service-mb takes sizes in MB, 1..1024, comma-separated');
  for (const dir of serviceDirs) if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`--service-dir: ${dir} is not a folder`);
  return { dirs, rounds, timeoutS, skipSecretlint, skipBandit, baseline, skipGenerated, serviceMb, skipService, serviceOnly, serviceDirs, serviceNodeArgs };
}

interface Run {
  readonly wall: number;
  readonly cpu: number;
  readonly rssMb: number;
  readonly faults: number;
  readonly exit: number | null;
  readonly timedOut: boolean;
}

/** One child process under GNU time (`%e %U %S %M %R`), stdout discarded. */
function timed(command: string, args: readonly string[], cwd: string, timeoutS: number, scratch: string): Run {
  const out = join(scratch, 'time.txt');
  const started = performance.now();
  // coreutils' timeout runs the tool in a process group of its own and signals the whole group: killing GNU time
  // alone (spawnSync's own timeout) left the tool running on, using a core through every later measurement.
  const child = spawnSync('timeout', ['--kill-after=5', String(timeoutS), '/usr/bin/time', '-f', '%e %U %S %M %R', '-o', out, command, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: (timeoutS + 30) * 1000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * MB,
  });
  const wallFallback = (performance.now() - started) / 1000;
  const timedOut = child.status === 124 || child.status === 137 || (child.error !== undefined && (child.error as NodeJS.ErrnoException).code === 'ETIMEDOUT');
  let figures: number[] = [];
  try {
    // GNU time writes "Command exited with non-zero status N" before the figures when the exit code is not 0.
    figures = (readFileSync(out, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  } catch {
    figures = [];
  }
  const [wall, user, sys, rssKb, faults] = figures;
  const ok = !timedOut && figures.length === 5 && figures.every(Number.isFinite);
  return {
    wall: ok ? (wall ?? wallFallback) : wallFallback,
    cpu: ok ? (user ?? 0) + (sys ?? 0) : Number.NaN,
    rssMb: ok ? (rssKb ?? 0) / 1024 : Number.NaN,
    faults: ok ? (faults ?? 0) : Number.NaN,
    exit: child.status,
    timedOut,
  };
}

const median = (values: readonly number[]): number => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN);
};

interface Tool {
  readonly name: string;
  readonly run: (dir: string) => Run;
}

/** The CLI as the service benchmark runs the service: its build when current, else the sources (entryCommand). */
function vigilCommand(): { command: string; prefix: string[]; how: string } {
  const prefix = entryCommand('src/cli/index.ts');
  const how = prefix.length === 1 ? 'node dist/cli/index.js' : 'node --import tsx src/cli/index.ts (no current build: slower start)';
  return { command: process.execPath, prefix, how };
}

/** Whether an executable of this name is on PATH (looked up here, without a shell). */
function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, name)));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function versionOf(command: string, args: string[]): string {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n')[0] ?? '?';
}

const fmt = (n: number, digits = 2): string => (Number.isNaN(n) ? '—' : n.toFixed(digits));

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options.serviceOnly) await cliBench(options);
  if (!options.skipService) await runServiceBench({ sizesMb: options.serviceMb, dirs: options.serviceDirs, rounds: options.rounds, nodeArgs: options.serviceNodeArgs });
}

async function cliBench(options: Options): Promise<void> {
  const scratch = await mkdtemp(join(os.tmpdir(), 'vigil-bench-scan-'));
  const empty = join(scratch, 'empty');
  await mkdir(empty);
  const generated = options.skipGenerated ? undefined : await generateTree(join(scratch, 'generated'));
  const rc = join(scratch, '.secretlintrc.json');
  await writeFile(rc, JSON.stringify({ rules: [{ id: '@secretlint/secretlint-rule-preset-recommend' }] }));
  const vigil = vigilCommand();
  const t = options.timeoutS;

  const tools: Tool[] = [
    { name: 'vigil', run: (dir) => timed(vigil.command, [...vigil.prefix, 'scan', dir, '--format', 'json'], ROOT, t, scratch) },
  ];
  const versions = [`vigil: ${vigil.how}`];
  const baseline = options.baseline;
  if (baseline !== undefined) {
    const cli = join(baseline, 'cli/index.js');
    tools.push({ name: 'vigil-base', run: (dir) => timed(process.execPath, [cli, 'scan', dir, '--format', 'json'], ROOT, t, scratch) });
    versions.push(`vigil-base: node ${cli}`);
  }
  if (!options.skipSecretlint && existsSync(SECRETLINT)) {
    const secretlintArgs = ['**/*', '--secretlintrc', rc, '--format', 'json', '--no-color', '--output', join(scratch, 'secretlint.json')];
    tools.push({ name: 'secretlint', run: (dir) => timed(process.execPath, [SECRETLINT, ...secretlintArgs], dir, t, scratch) });
    versions.push(`secretlint ${JSON.parse(await readFile(join(ROOT, 'node_modules/secretlint/package.json'), 'utf8')).version as string}`);
  }
  if (!options.skipBandit && onPath('bandit')) {
    tools.push({ name: 'bandit', run: (dir) => timed('bandit', ['-r', dir, '-q', '-f', 'json', '-o', join(scratch, 'bandit.json')], dir, t, scratch) });
    versions.push(versionOf('bandit', ['--version']));
  }

  const targets = [...(generated === undefined ? [] : [{ label: 'generated tree', dir: generated }]), ...options.dirs.map((dir) => ({ label: dir, dir }))];
  const bytes = new Map<string, { files: number; bytes: number }>();
  for (const target of targets) {
    const ws = await openLocalDirectory(target.dir);
    bytes.set(target.dir, { files: ws.stats.files, bytes: ws.stats.bytes });
  }

  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`bench:scan — ${os.cpus().length} CPUs, Node ${process.version}, load average at start ${load}`);
  console.log(versions.join('; '));

  const runs = new Map<string, Run[]>();
  const record = (key: string, run: Run): void => void runs.set(key, [...(runs.get(key) ?? []), run]);
  const vigilBase = [...vigil.prefix];
  for (let round = 0; round < options.rounds; round += 1) {
    // Node's own start on this machine (`node -e 0`), the floor under every figure of the table: machines of
    // the same kind have measured 0.06 s and 0.10–0.14 s for it.
    record('node', timed(process.execPath, ['-e', '0'], ROOT, t, scratch));
    record('version', timed(vigil.command, [...vigilBase, '--version'], ROOT, t, scratch));
    record('empty', timed(vigil.command, [...vigilBase, 'scan', empty, '--format', 'json'], ROOT, t, scratch));
    if (baseline !== undefined) {
      record('version-base', timed(process.execPath, [join(baseline, 'cli/index.js'), '--version'], ROOT, t, scratch));
      record('empty-base', timed(process.execPath, [join(baseline, 'cli/index.js'), 'scan', empty, '--format', 'json'], ROOT, t, scratch));
    }
    for (const target of targets) for (const tool of tools) record(`${target.dir}\u0000${tool.name}`, tool.run(target.dir));
    process.stderr.write(`round ${round + 1}/${options.rounds} done\n`);
  }

  const summary = (key: string): { wall: number; cpu: number; rss: number; faults: number; note: string } => {
    const list = runs.get(key) ?? [];
    const timedOut = list.filter((r) => r.timedOut).length;
    const exits = [...new Set(list.map((r) => r.exit))].join(',');
    return {
      wall: median(list.map((r) => r.wall)),
      cpu: median(list.map((r) => r.cpu)),
      rss: median(list.map((r) => r.rssMb)),
      faults: median(list.map((r) => r.faults)),
      note: `${timedOut > 0 ? `${timedOut} timed out; ` : ''}exit ${exits}`,
    };
  };
  console.log(`\nFixed cost (median of ${options.rounds})`);
  const fixed: [string, string][] = [['node', 'node -e 0'], ['version', 'vigil --version'], ['empty', 'vigil scan EMPTY']];
  if (baseline !== undefined) fixed.push(['version-base', 'base --version'], ['empty-base', 'base scan EMPTY']);
  for (const [key, label] of fixed) {
    const s = summary(key);
    console.log(`  ${label.padEnd(18)} wall ${fmt(s.wall)} s  CPU ${fmt(s.cpu)} s  peak RSS ${fmt(s.rss, 0)} MB  faults ${fmt(s.faults, 0)}  (${s.note})`);
  }
  for (const target of targets) {
    const size = bytes.get(target.dir) ?? { files: 0, bytes: 0 };
    console.log(`\n${target.label}: ${size.files} files, ${fmt(size.bytes / MB, 1)} MB of text Vigil scans (median of ${options.rounds})`);
    // cores: CPU ÷ wall, the cores busy on average; near the machine's count, a scan is bound by CPU, not by waiting.
    console.log(`  ${'tool'.padEnd(11)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'cores'.padStart(6)} ${'MB/s'.padStart(7)} ${'RSS MB'.padStart(7)} ${'faults'.padStart(8)} ${'secretlint/tool'.padStart(16)}`);
    const secretlintWall = summary(`${target.dir}\u0000secretlint`).wall;
    for (const tool of tools) {
      const s = summary(`${target.dir}\u0000${tool.name}`);
      const ratio = tool.name === 'secretlint' ? '' : fmt(secretlintWall / s.wall, 2);
      console.log(
        `  ${tool.name.padEnd(11)} ${fmt(s.wall).padStart(7)} ${fmt(s.cpu).padStart(7)} ${fmt(s.cpu / s.wall, 2).padStart(6)} ${fmt(size.bytes / MB / s.wall, 1).padStart(7)} ${fmt(s.rss, 0).padStart(7)} ${fmt(s.faults, 0).padStart(8)} ${ratio.padStart(16)}  (${s.note})`,
      );
    }
  }
  console.log(`\nload average at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await rm(scratch, { recursive: true, force: true });
}

await main();
