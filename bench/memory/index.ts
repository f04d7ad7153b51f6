/**
 * Memory across repeated scans (issue #25, item 4): the service as its own process on its
 * embedded defaults, a fake GitHub on 127.0.0.1 serving a generated repository, then --scans
 * repository scans one after another through `POST /v1/scan/github`. The service's resident set
 * (VmRSS from /proc) is read after every scan; the first --warmup scans fill caches, pools and the
 * database's buffers, so the figure that counts is the growth from the end of the warm-up to the
 * last scan. Goal: within ±10 %. It also prints the peak of each quarter of the scans after the
 * warm-up: memory that rises to a level stops raising the quarters' peaks, a leak does not
 * (`--scans 1000` shows which over a long run).
 *
 * `--malloc-arenas N` starts the service with MALLOC_ARENA_MAX=N (glibc's malloc keeps up to eight arenas
 * per core by default, one for each thread that allocates at once; few arenas fragment less).
 *
 * `--database-url URL` stores the scans in that PostgreSQL database instead of the embedded one (PGlite,
 * whose WebAssembly memory is about 300 MB of the service's resident set).
 *
 * `--trace-gc FILE` runs the service with V8's --trace-gc, keeps its output in FILE, and prints for each
 * JavaScript thread (isolate) its collections and its heap after the first and the last full (mark-compact)
 * collection: memory that only waits for V8's next full collection is not a leak; a heap that keeps
 * more after each full collection is.
 *
 * `--node-arg ARG` (repeatable) passes ARG to the service's Node, e.g. `--node-arg=--heap-growing-percent=10`
 * for full collections often enough that the heap after each shows what stays alive.
 *
 * `--env NAME=VALUE` (repeatable) sets an environment variable of the service's process, e.g.
 * `--env LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2` to run it on another allocator and see
 * whether native memory that rises under glibc's malloc rises there too.
 *
 * `--every N` prints the resident set after every Nth scan (default 10).
 *
 *   npm run bench:memory [-- --scans 100 --every 10 --warmup 10 --repo-mb 4 --malloc-arenas 2 --database-url postgres://… --trace-gc gc.log --env NAME=VALUE]
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positiveIntArg as arg, repeatedArg, stringArg } from '../args.js';
import { ownerKey, startApi, stop } from '../service-process.js';
import { startFakeGitHub } from '../../test/fakes/github/server.js';

const SCANS = arg('--scans', 100);
const WARMUP = arg('--warmup', 10);
const REPO_MB = arg('--repo-mb', 4);
const ARENAS = process.argv.includes('--malloc-arenas') ? arg('--malloc-arenas', 1) : undefined;
const DATABASE_URL = stringArg('--database-url');
const TRACE_GC = stringArg('--trace-gc');
const NODE_ARGS = repeatedArg('--node-arg');
const EXTRA_ENV = repeatedArg('--env').map((pair) => {
  const at = pair.indexOf('=');
  if (at <= 0) throw new Error(`--env takes NAME=VALUE, not ${JSON.stringify(pair)}`);
  return [pair.slice(0, at), pair.slice(at + 1)] as const;
});
const EVERY = arg('--every', 10);

/**
 * Per isolate (V8's address in each --trace-gc line), its scavenges and full collections, and the heap
 * in use (MB) after its first and last full collection.
 */
function gcSummary(log: string): string[] {
  const isolates = new Map<string, { scavenges: number; full: number[] }>();
  for (const line of log.split('\n')) {
    const m = /^\[\d+:(0x[0-9a-f]+)\]\s+\d+ ms: (Scavenge|Mark-Compact)[^\d]*[\d.]+ \([\d.]+\) -> ([\d.]+) \(/.exec(line);
    if (!m) continue;
    const entry = isolates.get(m[1] as string) ?? { scavenges: 0, full: [] };
    if (m[2] === 'Scavenge') entry.scavenges += 1;
    else entry.full.push(Number(m[3]));
    isolates.set(m[1] as string, entry);
  }
  return [...isolates].map(([id, { scavenges, full }]) => {
    const after = full.length === 0 ? 'no full collection' : `heap after the first full collection ${full[0]?.toFixed(1)} MB, after the last ${full.at(-1)?.toFixed(1)} MB`;
    return `  isolate ${id}: ${scavenges} scavenges, ${full.length} full collections; ${after}`;
  });
}

/** Source files with a few secrets, dependencies and a workflow, about `mb` MB in all. */
function repository(mb: number): Record<string, string> {
  const files: Record<string, string> = {};
  const body = Array.from({ length: 200 }, (_, i) => `export function step${i}(input: string): string { return input.trim() + '${i}'; }\n`).join('');
  const count = Math.max(1, Math.ceil((mb * 1024 * 1024) / body.length));
  for (let i = 0; i < count; i++) files[`src/part${String(i).padStart(4, '0')}.ts`] = body;
  files['config/.env'] = `AWS_ACCESS_KEY_ID=${['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('')}\n`;
  files['package.json'] = JSON.stringify({ name: 'demo', dependencies: { lodash: '4.17.4', express: '^4.17.1' } }, null, 2);
  files['.github/workflows/ci.yml'] = 'on: pull_request_target\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: echo "${{ github.event.pull_request.title }}"\n';
  return files;
}

/** The highest sample in each quarter of `samples` (none when there are fewer than 4). */
function quarterPeaks(samples: readonly number[]): number[] {
  if (samples.length < 4) return [];
  return [0, 1, 2, 3].map((q) => Math.max(...samples.slice(Math.floor((q * samples.length) / 4), Math.floor(((q + 1) * samples.length) / 4))));
}

/** A field of /proc/<pid>/status in kB, as MB (0 when absent). */
const statusMb = (status: string, field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;

/** The service's resident set, with its parts (anonymous memory: heaps and malloc; file pages: code) and threads. */
function residentOf(pid: number): { rss: number; anon: number; file: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return { rss: statusMb(status, 'VmRSS'), anon: statusMb(status, 'RssAnon'), file: statusMb(status, 'RssFile'), threads: Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0) };
}

async function main(): Promise<void> {
  const fake = await startFakeGitHub();
  fake.addRepo({ owner: 'bench', repo: 'memory', files: repository(REPO_MB) });
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-memory-'));
  const env = {
    VIGIL_DATA_DIR: dataDir,
    GITHUB_API_URL: fake.url,
    VIGIL_GITHUB_RETRIES: '0',
    ...(ARENAS === undefined ? {} : { MALLOC_ARENA_MAX: String(ARENAS) }),
    ...(DATABASE_URL === undefined ? {} : { DATABASE_URL }),
    ...Object.fromEntries(EXTRA_ENV),
  };
  const { proc, base } = await startApi(env, [...NODE_ARGS, ...(TRACE_GC === undefined ? [] : ['--trace-gc'])], TRACE_GC);
  try {
    const key = await ownerKey(proc);
    const pid = proc.child.pid ?? 0;
    const setting = [ARENAS === undefined ? '' : `MALLOC_ARENA_MAX=${ARENAS}`, DATABASE_URL === undefined ? 'embedded database' : 'PostgreSQL', ...EXTRA_ENV.map(([name, value]) => `${name}=${value}`), ...NODE_ARGS].filter(Boolean).join(', ');
    console.log(`${SCANS} repository scans of a ${REPO_MB} MB repository, one after another; RSS of the service (${setting}) after each`);
    const samples: number[] = [];
    let findings = -1;
    const durations: number[] = [];
    for (let i = 1; i <= SCANS; i++) {
      const began = performance.now();
      const res = await fetch(`${base}/v1/scan/github`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ repository: 'bench/memory' }) });
      const body = (await res.json()) as { finding_count?: number; detail?: string };
      if (res.status !== 200) throw new Error(`scan ${i}: HTTP ${res.status} ${body.detail ?? ''}`);
      if (findings === -1) findings = body.finding_count ?? 0;
      else if (body.finding_count !== findings) throw new Error(`scan ${i}: ${body.finding_count} findings, the first had ${findings}`);
      durations.push(performance.now() - began);
      const resident = residentOf(pid);
      samples.push(resident.rss);
      if (i % EVERY === 0 || i === WARMUP) {
        // The median request time of the scans since the last line: a scan that slows as the database fills shows here.
        const since = durations.splice(0).sort((a, b) => a - b);
        const median = since[Math.floor(since.length / 2)] ?? 0;
        console.log(`scan ${String(i).padStart(4)}: RSS ${resident.rss.toFixed(0)} MB (anonymous ${resident.anon.toFixed(0)}, files ${resident.file.toFixed(0)}), ${resident.threads} threads; scans since the last line ${median.toFixed(0)} ms (median)`);
      }
    }
    const warm = samples[Math.min(WARMUP, samples.length) - 1] ?? 0;
    const last = samples.at(-1) ?? 0;
    const peak = Math.max(...samples);
    const growth = warm > 0 ? ((last - warm) / warm) * 100 : 0;
    console.log(`\nfindings per scan: ${findings} (the same every time)`);
    console.log(`RSS after warm-up (scan ${WARMUP}): ${warm.toFixed(0)} MB; after scan ${SCANS}: ${last.toFixed(0)} MB; peak ${peak.toFixed(0)} MB`);
    const tail = samples.slice(-10);
    const tailMax = Math.max(...tail);
    console.log(`change after warm-up: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % (within ±10 %: ${Math.abs(growth) <= 10 ? 'yes' : 'no'}); last 10 scans between ${Math.min(...tail).toFixed(0)} and ${tailMax.toFixed(0)} MB`);
    console.log(`growth (a leak would show here): ${tailMax > warm * 1.1 ? 'yes, the last scans sit more than 10 % above the warm-up level' : 'none, the last scans sit at or below the warm-up level + 10 %'}`);
    // Rising to a level and rising without end look alike over a short run: the peak of each quarter
    // after the warm-up tells them apart (a leak raises every quarter's peak; a level stops doing so).
    const quarters = quarterPeaks(samples.slice(WARMUP));
    if (quarters.length === 4) {
      const [, , q3, q4] = quarters as [number, number, number, number];
      const rise = ((q4 - q3) / q3) * 100;
      console.log(`peak RSS per quarter after the warm-up: ${quarters.map((q) => q.toFixed(0)).join(', ')} MB; last quarter against the third: ${rise >= 0 ? '+' : ''}${rise.toFixed(1)} % (${rise > 2 ? 'still rising' : 'levelled off'})`);
    }
  } finally {
    await stop(proc.child);
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (TRACE_GC !== undefined && existsSync(TRACE_GC)) {
    console.log(`\ngarbage collections per JavaScript thread (V8's --trace-gc, in ${TRACE_GC}):`);
    for (const line of gcSummary(readFileSync(TRACE_GC, 'utf8'))) console.log(line);
  }
}

await main();
