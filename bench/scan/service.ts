/**
 * bench:scan's service path (issue 25): the service as its own process (bench/service-process.ts) scanning
 * generated repositories through `POST /v1/scan/github`, served by the loopback fake GitHub (test/fakes/github).
 * Each archive is built and gzipped once before the rounds, so the fake's own gzip does not compete with the
 * service for the CPU. Per size: the median of ROUNDS scans of wall time, the scan's own `duration_ms` (the rest of
 * the wall is download, extraction and the response), the service's CPU (user + system, every thread) and minor
 * page faults during the request (from /proc/PID/stat; a fault is the first touch of a page of new memory, which
 * costs 2–13 µs on the machines of this kind measured so far, docs/benchmarks.md), and its peak RSS during that
 * scan (VmHWM, reset before each scan through /proc/PID/clear_refs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { basename, join } from 'node:path';
import { startFakeGitHub } from '../../test/fakes/github/server.js';
import { fakeSha, filesFromDirectory, tarballStream, topFolder } from '../../test/fakes/github/tarball.js';
import { readProcStat } from '../proc-stat.js';
import { entryCommand, ownerKey, startApi, stop } from '../service-process.js';
import { generateTree } from './tree.js';

const MB = 1024 * 1024;

export interface ServiceBenchOptions {
  readonly sizesMb: readonly number[];
  /** Folders also scanned through the service (each packed as one repository's archive). */
  readonly dirs?: readonly string[];
  readonly rounds: number;
  /** Extra environment for the service (e.g. VIGIL_ARCHIVE_MEMORY_MB). */
  readonly env?: Readonly<Record<string, string>>;
  /** Node options for the service process, before its entry file (e.g. `--cpu-prof`). */
  readonly nodeArgs?: readonly string[];
}

interface ScanRun {
  readonly wall: number;
  readonly scanMs: number;
  readonly rssMb: number;
  /** CPU seconds (user + system) of the whole service process during the request. */
  readonly cpu: number;
  /** Minor page faults of the whole service process during the request. */
  readonly faults: number;
  readonly status: number;
  readonly files: number;
  readonly bytes: number;
}

const median = (values: readonly number[]): number => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN);
};

/** Peak resident set since the last reset, in MB (NaN where /proc is not there). */
function peakRss(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? Number.NaN : Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The process's CPU seconds (user + system, all threads) and minor faults so far (NaN where /proc is not there). */
function processCounters(pid: number): { cpu: number; faults: number } {
  const stat = readProcStat(`/proc/${pid}/stat`);
  return { cpu: stat?.cpuSeconds ?? Number.NaN, faults: stat?.minorFaults ?? Number.NaN };
}

function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux: the figure is then the peak since the start
  }
}

async function archive(dir: string, name: string): Promise<{ bytes: Buffer; sha: string }> {
  const sha = fakeSha(`bench/${name}`);
  const chunks: Buffer[] = [];
  for await (const chunk of tarballStream(filesFromDirectory(dir), topFolder('bench', name, sha), sha)) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), sha };
}

async function scanOnce(base: string, key: string, pid: number, repository: string): Promise<ScanRun> {
  resetPeakRss(pid);
  const before = processCounters(pid);
  const started = performance.now();
  const res = await fetch(`${base}/v1/scan/github`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ repository }),
  });
  const body = (await res.json()) as { stats?: { duration_ms?: number; files?: number; bytes?: number } };
  const wall = (performance.now() - started) / 1000;
  const after = processCounters(pid);
  return {
    wall,
    scanMs: body.stats?.duration_ms ?? Number.NaN,
    rssMb: peakRss(pid),
    cpu: after.cpu - before.cpu,
    faults: after.faults - before.faults,
    status: res.status,
    files: body.stats?.files ?? 0,
    bytes: body.stats?.bytes ?? Number.NaN,
  };
}

const fmt = (n: number, digits = 2): string => (Number.isNaN(n) ? '—' : n.toFixed(digits));

export async function runServiceBench(options: ServiceBenchOptions): Promise<void> {
  const scratch = await mkdtemp(join(os.tmpdir(), 'vigil-bench-service-'));
  const fake = await startFakeGitHub();
  const dataDir = join(scratch, 'data');
  try {
    const repos: { name: string; label: string; archiveMb: number }[] = [];
    for (const mb of options.sizesMb) {
      const name = `gen${mb}`;
      const dir = await generateTree(join(scratch, name), mb);
      const built = await archive(dir, name);
      await rm(dir, { recursive: true, force: true });
      fake.addRepo({ owner: 'bench', repo: name, sha: built.sha, rawTarball: () => built.bytes });
      repos.push({ name, label: `generated ${mb} MB`, archiveMb: built.bytes.length / MB });
    }
    for (const [i, dir] of (options.dirs ?? []).entries()) {
      const name = `dir${i}`;
      const built = await archive(dir, name);
      fake.addRepo({ owner: 'bench', repo: name, sha: built.sha, rawTarball: () => built.bytes });
      repos.push({ name, label: basename(dir), archiveMb: built.bytes.length / MB });
    }
    fake.addRepo({ owner: 'bench', repo: 'warmup', files: { 'src/a.ts': 'export const a = 1;\n', 'package.json': '{"name":"w"}\n' } });
    const { proc, base } = await startApi({ GITHUB_API_URL: fake.url, VIGIL_GITHUB_RETRIES: '0', VIGIL_DATA_DIR: dataDir, ...options.env }, options.nodeArgs ?? []);
    const pid = proc.child.pid ?? 0;
    try {
      const key = await ownerKey(proc);
      await scanOnce(base, key, pid, 'bench/warmup');
      console.log(`\nService path: POST /v1/scan/github, loopback fake GitHub, service ${entryCommand('src/server.ts').length === 1 ? 'built (dist/server.js)' : 'from sources (tsx)'} (median of ${options.rounds}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
      console.log(`  ${'repository (archive)'.padEnd(34)} ${'text MB'.padStart(7)} ${'wall s'.padStart(7)} ${'scan s'.padStart(7)} ${'rest s'.padStart(7)} ${'MB/s'.padStart(6)} ${'CPU s'.padStart(6)} ${'faults'.padStart(8)} ${'RSS MB'.padStart(7)}`);
      const runs = new Map<string, ScanRun[]>();
      for (let round = 0; round < options.rounds; round += 1) {
        for (const repo of repos) runs.set(repo.name, [...(runs.get(repo.name) ?? []), await scanOnce(base, key, pid, `bench/${repo.name}`)]);
      }
      for (const repo of repos) {
        const list = runs.get(repo.name) ?? [];
        const wall = median(list.map((r) => r.wall));
        const scan = median(list.map((r) => r.scanMs / 1000));
        const rest = median(list.map((r) => r.wall - r.scanMs / 1000));
        const statuses = [...new Set(list.map((r) => r.status))].join(',');
        const label = `${repo.label} (${fmt(repo.archiveMb, 1)} MB gz)`;
        // The text the scan read (its stats.bytes), the same measure as the CLI table's.
        const textMb = (list[0]?.bytes ?? Number.NaN) / MB;
        console.log(
          `  ${label.padEnd(34)} ${fmt(textMb, 1).padStart(7)} ${fmt(wall).padStart(7)} ${fmt(scan).padStart(7)} ${fmt(rest).padStart(7)} ${fmt(textMb / wall, 1).padStart(6)} ${fmt(median(list.map((r) => r.cpu))).padStart(6)} ${fmt(median(list.map((r) => r.faults)), 0).padStart(8)} ${fmt(median(list.map((r) => r.rssMb)), 0).padStart(7)}  (HTTP ${statuses}, ${list[0]?.files ?? 0} files; walls ${list.map((r) => fmt(r.wall)).join(' ')})`,
        );
      }
    } finally {
      await stop(proc.child);
    }
  } finally {
    await fake.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
