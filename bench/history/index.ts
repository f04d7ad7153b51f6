/**
 * History scanning benchmark: generates a repository with `git fast-import`
 * (20,000 commits on a few branches, ~100 MB of distinct blobs, planted
 * secrets that are later deleted), then runs the history scan over it and
 * prints commits/s and MB/s of distinct blobs. Goal: < 60 s on 2 cores.
 * Run: npm run bench:history [-- --commits N] [--mb N] [--workers N] [--keep DIR]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { scanHistory } from '../../src/engine/history.js';
import { createScanPool, defaultPoolSize } from '../../src/engine/pool.js';

interface Options {
  readonly commits: number;
  readonly mb: number;
  readonly workers: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    if (i < 0) return fallback;
    const n = Number(argv[i + 1]);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name}: expected a positive number`);
    return n;
  };
  return { commits: value('--commits', 20_000), mb: value('--mb', 100), workers: value('--workers', defaultPoolSize()) };
}

/** A small deterministic generator, so every run builds the same repository. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const WORDS = 'const let value result config user request response handler error data items index count options client server cache token list map filter reduce async await return export import function class new this if else for while throw try catch'.split(' ');
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function sourceText(rnd: () => number, bytes: number, commit: number): string {
  const lines: string[] = [`// generated file, revision ${commit}`];
  let size = 0;
  while (size < bytes) {
    const n = 3 + Math.floor(rnd() * 8);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
    const line = `  ${words.join(' ')}_${Math.floor(rnd() * 1e6)};`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

function awsKey(rnd: () => number): string {
  return `AKIA${Array.from({ length: 16 }, () => BASE32[Math.floor(rnd() * 32)]).join('')}`;
}

/** Writes the fast-import stream; returns how many distinct secrets were planted. */
async function generate(dir: string, options: Options): Promise<{ planted: number; bytes: number }> {
  const git = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('git', args, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]} exited with ${code}`))));
    });
  await git(['init', '-q', '--bare', '-b', 'main']);
  const child = spawn('git', ['fast-import', '--quiet', '--done'], { cwd: dir, stdio: ['pipe', 'ignore', 'inherit'] });
  const done = new Promise<void>((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`fast-import exited with ${code}`)))));
  const rnd = random(22);
  const blobBytes = Math.round((options.mb * 1024 * 1024) / options.commits);
  let planted = 0;
  let bytes = 0;
  let mark = 0;
  const tips = new Map<string, number>();
  const write = async (text: string) => {
    if (!child.stdin.write(text)) await new Promise((r) => child.stdin.once('drain', r));
  };
  for (let c = 0; c < options.commits; c++) {
    // Mostly main, with three long-lived branches.
    const branch = c % 10 === 9 ? `feature-${c % 3}` : 'main';
    const path = `src/module${c % 400}/file${Math.floor(c / 400) % 25}.ts`;
    let text = sourceText(rnd, blobBytes, c);
    let secretPath: string | undefined;
    if (c % 400 === 7) {
      planted++;
      secretPath = `config/keys${c}.env`;
    }
    bytes += Buffer.byteLength(text);
    const blob = ++mark;
    await write(`blob\nmark :${blob}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
    let secretBlob = 0;
    if (secretPath) {
      text = `AWS_ACCESS_KEY_ID=${awsKey(rnd)}\nREGION=eu-west-1\n`;
      secretBlob = ++mark;
      await write(`blob\nmark :${secretBlob}\ndata ${Buffer.byteLength(text)}\n${text}\n`);
    }
    const commit = ++mark;
    const message = `change ${c}`;
    const parent = tips.get(branch) ?? (branch === 'main' ? undefined : tips.get('main'));
    await write(
      `commit refs/heads/${branch}\nmark :${commit}\ncommitter Bench <bench@example.test> ${1_700_000_000 + c * 60} +0000\ndata ${message.length}\n${message}\n` +
        (parent === undefined ? '' : `from :${parent}\n`) +
        `M 100644 :${blob} ${path}\n` +
        (secretPath ? `M 100644 :${secretBlob} ${secretPath}\n` : '') +
        // The previous planted file is deleted: its secret lives on only in history.
        (c % 400 === 8 ? `D config/keys${c - 1}.env\n` : '') +
        '\n',
    );
    tips.set(branch, commit);
  }
  await write('done\n');
  child.stdin.end();
  await done;
  return { planted, bytes };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dir = await mkdtemp(join(os.tmpdir(), 'vigil-bench-history-'));
  try {
    const generatedAt = performance.now();
    const { planted, bytes } = await generate(dir, options);
    process.stdout.write(
      `repository: ${options.commits} commits, ${(bytes / (1024 * 1024)).toFixed(1)} MB of distinct source blobs, ${planted} planted keys, generated in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s\n`,
    );
    const pool = createScanPool(options.workers);
    try {
      const started = performance.now();
      const outcome = await scanHistory(dir, 'bench/history', { pool, timeoutMs: 3_600_000, maxFileBytes: 5 * 1024 * 1024, limits: { perScan: 100_000, perRule: 100_000, perFile: 1_000 } });
      const seconds = (performance.now() - started) / 1000;
      const history = outcome.stats.history;
      const found = outcome.findings.filter((f) => f.rule_id === 'aws-access-key-id').length;
      const mb = (history?.bytes_scanned ?? 0) / (1024 * 1024);
      process.stdout.write(
        [
          `history scan (${options.workers} worker${options.workers === 1 ? '' : 's'}, ${os.availableParallelism()} cores): ${seconds.toFixed(1)} s`,
          `  commits: ${history?.commits ?? 0} → ${((history?.commits ?? 0) / seconds).toFixed(0)} commits/s`,
          `  distinct blobs: ${history?.blobs ?? 0} (${history?.blobs_scanned ?? 0} scanned), ${mb.toFixed(1)} MB → ${(mb / seconds).toFixed(1)} MB/s`,
          `  planted keys found: ${found}/${planted}, reported once each; present at tip: ${outcome.findings.filter((f) => f.present_at_head === true).length}`,
          `  goal < 60 s: ${seconds < 60 ? 'met' : 'NOT met'}`,
          '',
        ].join('\n'),
      );
    } finally {
      await pool.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
