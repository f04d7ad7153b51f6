/**
 * Load benchmark (issue #21): bursts of scans against the real service as its
 * own process (its build when current, else from sources through tsx), loopback only: a fake GitHub and
 * a fake API on 127.0.0.1. Bounded: a fixed number of scans per scenario.
 *
 *   npm run bench:load [-- --repo-mb 28 --api 20 --repos 4 --scan-workers N --skip-redis --skip-embedded --throughput-scans 12 --no-pin --cpu-prof DIR]
 *
 * 1. Embedded set-up (no Redis, embedded database): --api API scans and --repos repository
 *    scans of a --repo-mb MB repository, all at once; every answer's status, /health p50/p99.
 * 2. PostgreSQL + Redis: 2 API processes and 2 `vigil worker` processes, the same burst split
 *    between the API processes; a Free account's 16 scans split between them (exactly its 10 an hour
 *    pass: the quota is shared); a worker killed with SIGKILL mid-scan; repository scans per
 *    minute with 1 and with 2 workers (--throughput-scans at once, default 12), each worker
 *    confined to a core of its own through taskset (--no-pin: not confined).
 *
 * Goals: no 503 and no failed scan below the queue limit, /health p99 < 50 ms, throughput
 * rising with workers up to the cores available.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { exitOnHelp, positiveIntArg as arg } from '../args.js';
import { readProcStat } from '../proc-stat.js';

exitOnHelp(`
npm run bench:load [-- options]

Bursts of scans against the service as its own process, loopback only (fake GitHub, fake API).
  --repo-mb N            size of the generated repository (default 28)
  --api N                API scans in the burst (default 20)
  --repos N              repository scans in the burst (default 4)
  --scan-workers N       the embedded service's scanner threads (VIGIL_SCAN_WORKERS)
  --skip-embedded        only the PostgreSQL + Redis part
  --skip-redis           only the embedded part
  --throughput-scans N   repository scans sent at once for the 1- and 2-worker throughput (default 12)
  --no-pin               do not confine each throughput worker to one core (taskset)
  --cpu-prof DIR         API processes write V8 CPU profiles to DIR (read with bench/load/profile.ts)
Prints every answer's status, /health p50/p99/max during each burst, whether a Free account's quota
is shared exactly by two API processes, and scans per minute.
`);
import { entryCommand, ownerKey, ROOT, spawnProcess, startApi, stop } from '../service-process.js';
import { monitorHealth, type HealthFigures } from '../health-monitor.js';
import { startFakeGitHub, type FakeGitHub } from '../../test/fakes/github/server.js';
import { fakeSha, filesFromMap, tarballStream, topFolder } from '../../test/fakes/github/tarball.js';
import { privateSchemaUrl, TEST_DATABASE_URL, TEST_REDIS_URL } from '../../test/helpers/storage.js';
import { startFakeApi } from '../../test/scanners/http/servers.js';

const REPO_MB = arg('--repo-mb', 28);
const API_SCANS = arg('--api', 20);
const REPO_SCANS = arg('--repos', 4);
const SKIP_REDIS = process.argv.includes('--skip-redis');
/** `--scan-workers N`: the embedded service's scanner pool (VIGIL_SCAN_WORKERS); default: the service's own default. */
const SCAN_WORKERS = process.argv.includes('--scan-workers') ? arg('--scan-workers', 1) : undefined;
/** Repository scans sent at once to measure throughput with 1 and with 2 workers. */
const THROUGHPUT_SCANS = arg('--throughput-scans', 12);
/** `--no-pin`: leave the throughput workers free to use every core (default: one core each, through taskset). */
const PIN_WORKERS = !process.argv.includes('--no-pin') && hasTaskset();
/** --cpu-prof DIR: the API processes write V8 CPU profiles there (read them with bench/load/profile.ts). */
const CPU_PROF_DIR = process.argv.includes('--cpu-prof') ? process.argv[process.argv.indexOf('--cpu-prof') + 1] : undefined;
/** Node flags for the API processes: `--cpu-prof DIR` profiles their main threads. */
const API_NODE_ARGS = CPU_PROF_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`];

/** Plain source files, a few secrets among them, about `mb` MB in all. */
function repository(mb: number, seed: string): Record<string, string> {
  const files: Record<string, string> = {};
  const line = (i: number) => `export function handler${i}(input: string): string { return input.trim().toUpperCase() + '${seed}${i}'; }\n`;
  const file = Array.from({ length: 200 }, (_, i) => line(i)).join('');
  const count = Math.ceil((mb * 1024 * 1024) / file.length);
  for (let i = 0; i < count; i++) files[`src/module${String(i).padStart(5, '0')}.ts`] = file;
  files['config/.env'] = `AWS_ACCESS_KEY_ID=${['AKIA', 'Q3EGT7VZ5MXJ4WPR'].join('')}\n`;
  return files;
}

/** A new Free-plan account created through the admin CLI on the same database; its key. */
function freeAccountKey(env: Record<string, string>): string {
  const cli = spawnSync(process.execPath, [...entryCommand('src/cli/index.ts'), 'accounts', 'create', '--email', `quota-${randomBytes(4).toString('hex')}@bench.test`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  const key = /vgl_live_[0-9A-Za-z]{38}/.exec(cli.stdout)?.[0];
  if (cli.status !== 0 || key === undefined) throw new Error(`vigil accounts create failed: ${cli.stderr || cli.stdout}`);
  return key;
}

function hasTaskset(): boolean {
  return spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' }).status === 0;
}

/** CPU seconds a process has used, all its threads (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number): number {
  return readProcStat(`/proc/${pid}/stat`)?.cpuSeconds ?? Number.NaN;
}

/** Waits until the process uses half a core or more over 100 ms; its share of a core then, or undefined after `timeoutMs` or once `gaveUp()`. */
async function busyWithin(pid: number, timeoutMs: number, gaveUp: () => boolean): Promise<number | undefined> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until && !gaveUp()) {
    const before = cpuSeconds(pid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const share = (cpuSeconds(pid) - before) / 0.1;
    if (share >= 0.5) return share;
  }
  return undefined;
}

async function post(base: string, key: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}× ${s}`).join(', ');
}

async function burst(bases: string[], key: string, apiUrl: string, repos: string[]): Promise<{ api: string; repo: string; seconds: number; health: HealthFigures }> {
  const watch = monitorHealth(bases[0] ?? '');
  const started = performance.now();
  const api = Array.from({ length: API_SCANS }, (_, i) => post(bases[i % bases.length] ?? '', key, '/v1/scan/api', { url: `${apiUrl}/burst${i}` }));
  const repo = repos.map((r, i) => post(bases[i % bases.length] ?? '', key, '/v1/scan/github', { repository: r }));
  const [apiStatuses, repoStatuses] = await Promise.all([Promise.all(api), Promise.all(repo)]);
  const seconds = (performance.now() - started) / 1000;
  return { api: tally(apiStatuses), repo: tally(repoStatuses), seconds, health: watch.stop() };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The slow /health samples, each with its start on the clock of the CPU profiles (bench/load/profile.ts --at). */
function slowSamples(health: HealthFigures): string {
  if (health.slow.length === 0) return '';
  return `\n  samples of 50 ms or more: ${health.slow.map((s) => `${ms(s.ms)} sent at ${s.atUs.toFixed(0)} µs`).join('; ')}`;
}

async function main(): Promise<void> {
  const fake: FakeGitHub = await startFakeGitHub();
  const names = Array.from({ length: Math.max(REPO_SCANS, 8) }, (_, i) => `load${i}`);
  // Each archive is packed once, before any burst, and served as stored bytes (as GitHub's codeload
  // serves them): gzip work in this process would compete for the cores with the workers measured.
  for (const name of names) {
    const sha = fakeSha(name);
    const bytes = Buffer.concat(await tarballStream(filesFromMap(repository(REPO_MB, name)), topFolder('bench', name, sha), sha).toArray());
    fake.addRepo({ owner: 'bench', repo: name, sha, rawTarball: () => bytes });
  }
  const api = await startFakeApi({ delayMs: 100 });
  const common = { GITHUB_API_URL: fake.url, SCAN_API_ALLOW_CIDRS: '127.0.0.1/32', VIGIL_GITHUB_RETRIES: '0' };
  const repos = names.slice(0, REPO_SCANS).map((n) => `bench/${n}`);
  console.log(`machine: ${availableParallelism()} cores; repository ${REPO_MB} MB of TypeScript; ${API_SCANS} API scans + ${REPO_SCANS} repository scans at once`);

  // 1. Embedded.
  if (process.argv.includes('--skip-embedded')) return redisPart(fake, api, common, repos, names);
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-load-'));
  try {
    const { proc, base } = await startApi({ ...common, VIGIL_DATA_DIR: dataDir, ...(SCAN_WORKERS === undefined ? {} : { VIGIL_SCAN_WORKERS: String(SCAN_WORKERS) }) }, API_NODE_ARGS);
    const key = await ownerKey(proc);
    try {
      const r = await burst([base], key, api.url, repos);
      console.log(`\nembedded: API scans ${r.api}; repository scans ${r.repo}; all answered in ${r.seconds.toFixed(1)} s`);
      console.log(`  /health during the burst: p50 ${ms(r.health.p50)}, p99 ${ms(r.health.p99)}, max ${ms(r.health.max)}, failures ${r.health.failed}${slowSamples(r.health)}`);
    } finally {
      await stop(proc.child);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (SKIP_REDIS) {
    await Promise.all([fake.close(), api.close()]);
    return;
  }
  await redisPart(fake, api, common, repos, names);
}

async function redisPart(fake: FakeGitHub, api: { url: string; close(): Promise<void> }, common: Record<string, string>, repos: string[], names: string[]): Promise<void> {
  // 2. PostgreSQL + Redis: 2 API processes, 2 workers.
  const { url, drop } = await privateSchemaUrl(TEST_DATABASE_URL);
  const dir = await mkdtemp(join(tmpdir(), 'vigil-bench-load-'));
  const env = {
    ...common,
    VIGIL_DATA_DIR: dir,
    DATABASE_URL: url,
    REDIS_URL: TEST_REDIS_URL,
    VIGIL_KEY_PEPPER: randomBytes(24).toString('hex'),
    VIGIL_QUEUE_PREFIX: `vigil-bench-${randomBytes(4).toString('hex')}`,
    VIGIL_WORKER_LOCK_MS: '5000',
    // One key sends every scan here: let it use the whole fleet, as an operator would for a CI account.
    VIGIL_MAX_SCANS_PER_ACCOUNT: '8',
    VIGIL_SCAN_WORKERS: String(Math.max(1, Math.floor(availableParallelism() / 2))),
  };
  const children: ChildProcess[] = [];
  const worker = async () => {
    const w = await spawnProcess([...entryCommand('src/cli/index.ts'), 'worker'], env, /scan worker ready/);
    children.push(w.child);
    return w.child;
  };
  try {
    const first = await startApi(env, API_NODE_ARGS);
    children.push(first.proc.child);
    const key = await ownerKey(first.proc);
    const second = await startApi(env, API_NODE_ARGS);
    children.push(second.proc.child);
    const w1 = await worker();
    const w2 = await worker();
    const r = await burst([first.base, second.base], key, api.url, repos);
    console.log(`\nPostgreSQL + Redis, 2 API processes, 2 workers: API scans ${r.api}; repository scans ${r.repo}; all answered in ${r.seconds.toFixed(1)} s`);
    console.log(`  /health of API process 1 during the burst: p50 ${ms(r.health.p50)}, p99 ${ms(r.health.p99)}, max ${ms(r.health.max)}, failures ${r.health.failed}${slowSamples(r.health)}`);

    // Quotas shared exactly: a Free account (10 scans an hour) sends 16 API scans at once, split
    // between the two API processes; the hourly counter lives in Redis, so exactly 10 may pass.
    const free = freeAccountKey(env);
    const quota = await Promise.all(Array.from({ length: 16 }, (_, i) => post(i % 2 === 0 ? first.base : second.base, free, '/v1/scan/api', { url: `${api.url}/quota${i}` })));
    const passed = quota.filter((s) => s === 200).length;
    console.log(`  quota shared by both API processes: a Free account (10 scans/hour) sent 16 at once: ${tally(quota)} (${passed === 10 ? 'exact' : `NOT exact: ${passed} passed`})`);

    // A worker killed mid-scan: its scan is run again by the other one. Killed once it is seen scanning (half
    // a core or more over 100 ms): warm workers finish a scan of this size in about a second, so a fixed delay
    // could kill an idle worker and prove nothing.
    const killedStart = performance.now();
    let settled = 0;
    // Four scans: a worker runs at most VIGIL_MAX_CONCURRENT_SCANS (2) repository scans, so worker 1 gets some.
    const killScans = names.slice(0, 4).map((n) => `bench/${n}`);
    const pending = killScans.map((r, i) => post(i % 2 === 0 ? first.base : second.base, key, '/v1/scan/github', { repository: r }).finally(() => (settled += 1)));
    const busy = await busyWithin(w1.pid ?? 0, 10_000, () => settled === killScans.length);
    const killedAt = (performance.now() - killedStart) / 1000;
    w1.kill('SIGKILL');
    const statuses = await Promise.all(pending);
    console.log(
      `  worker 1 killed with SIGKILL ${killedAt.toFixed(1)} s into ${killScans.length} repository scans, ${busy === undefined ? 'NOT seen scanning (the kill proves nothing)' : `while scanning (${(busy * 100).toFixed(0)} % of a core)`}: answers ${tally(statuses)} after ${((performance.now() - killedStart) / 1000).toFixed(1)} s`,
    );

    // Throughput: the workers above stop; then 1 worker, then 2, each confined to a core of its
    // own when `taskset` is available, so that a worker stands for a one-core machine and the API
    // processes, PostgreSQL and Redis are not what the second worker is measured against.
    for (const child of [w1, w2]) await stop(child);
    const many = Array.from({ length: THROUGHPUT_SCANS }, (_, i) => `bench/${names[i % names.length] ?? names[0]}`);
    const cores = availableParallelism();
    const pin = PIN_WORKERS && cores >= 2;
    const rate = async (label: string): Promise<number> => {
      const started = performance.now();
      const answers = await Promise.all(many.map((r, i) => post(i % 2 === 0 ? first.base : second.base, key, '/v1/scan/github', { repository: r })));
      const minutes = (performance.now() - started) / 60_000;
      console.log(`  ${label}: ${many.length} repository scans (${tally(answers)}) in ${(minutes * 60).toFixed(1)} s = ${(many.length / minutes).toFixed(1)} scans/min`);
      return many.length / minutes;
    };
    const pinned = { ...env, VIGIL_SCAN_WORKERS: '1' };
    const startWorker = async (cpu: number) => {
      const w = await spawnProcess([...entryCommand('src/cli/index.ts'), 'worker'], pin ? pinned : env, /scan worker ready/, pin ? { cpu } : {});
      children.push(w.child);
    };
    console.log(pin ? `  throughput: each worker confined to one core (taskset), 1 scanner thread each` : `  throughput: workers not pinned (${cores} cores${PIN_WORKERS ? ', no taskset' : ''})`);
    await startWorker(0);
    const one = await rate('1 worker');
    await startWorker(1 % cores);
    const two = await rate('2 workers');
    console.log(`  scaling: ${(two / one).toFixed(2)}× with 2 workers`);
  } finally {
    for (const child of children.reverse()) await stop(child);
    await drop();
    await rm(dir, { recursive: true, force: true });
    await Promise.all([fake.close(), api.close()]);
  }
}

await main();
