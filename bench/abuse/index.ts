/**
 * Abuse benchmark (issue #16): the heavy variants of test/abuse/, against the
 * real service as its own process (built first, run as `npm start` runs it) on
 * the embedded database, with a loopback
 * GitHub. For each scenario it prints the answers, the service's peak RSS and
 * /health latency measured throughout.
 *
 *   npm run bench:abuse [-- --files 5000 --connections 3000 --only slow-POST]
 *
 * Goals: peak RSS < 1 GB, /health p99 < 100 ms, no 5xx from exhaustion.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGitHub } from '../../test/fakes/github/server.js';
import { positiveIntArg as arg } from '../args.js';
import { monitorHealth, type HealthFigures } from '../health-monitor.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const FILES = arg('--files', 5_000);
const CONNECTIONS = arg('--connections', 3_000);
/** `--only <text>`: run just the scenarios whose name contains it. */
const ONLY = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : '';

/** A generated 12 KB handler whose every line is a code-injection finding. */
function handler(): string {
  const lines = ["const express = require('express');", 'const app = express();', "app.get('/x', (req, res) => {"];
  for (let i = 0; lines.join('\n').length < 12_000; i++) lines.push(`  eval(req.query.p${i});`);
  return [...lines, '});', ''].join('\n');
}

interface Service {
  readonly pid: number;
  readonly base: string;
  readonly key: string;
  stop(): Promise<void>;
}

async function startService(env: Record<string, string>): Promise<Service> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-abuse-'));
  // The built service, as `npm start` runs it (from sources, tsx in every worker thread adds ~300 MB).
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'server.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', VIGIL_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    if (out.length < 100_000) out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1] && /vgl_live_[0-9A-Za-z]+/.test(err)) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`service exited with ${code}: ${err}`));
    });
  });
  const key = /vgl_live_[0-9A-Za-z]+/.exec(err)?.[0] ?? '';
  return {
    pid: child.pid ?? 0,
    base,
    key,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Samples the service's RSS and /health latency until stopped. */
function monitor(service: Service): { stop: () => HealthFigures & { peakRssMb: number } } {
  let peak = 0;
  const rss = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${service.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      /* gone */
    }
  }, 100);
  const health = monitorHealth(service.base);
  return {
    stop() {
      clearInterval(rss);
      return { peakRssMb: peak, ...health.stop() };
    },
  };
}

async function scanRepo(service: Service, repository: string): Promise<string> {
  const res = await fetch(`${service.base}/v1/scan/github`, {
    method: 'POST',
    headers: { 'x-api-key': service.key, 'content-type': 'application/json' },
    body: JSON.stringify({ repository }),
  });
  const text = await res.text();
  if (res.status !== 200) return `${res.status} ${text.slice(0, 120)}`;
  const body = JSON.parse(text) as { finding_count: number; stats: { truncated?: boolean; findings_omitted?: number } };
  return `200, ${body.finding_count} findings (${body.stats.findings_omitted ?? 0} omitted), ${(text.length / 1e6).toFixed(2)} MB`;
}

/**
 * Slow-POST: run in a child process (slow-post.ts), so the attacker's own
 * event loop, busy with thousands of sockets, does not delay the /health
 * probe that measures the service.
 */
async function slowPostFlood(service: Service, connections: number): Promise<Record<string, number>> {
  const port = new URL(service.base).port;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'abuse', 'slow-post.ts'), port, String(connections)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`slow-POST client exited with ${code}`);
  return JSON.parse(out) as Record<string, number>;
}

function build(): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function main(): Promise<void> {
  build();
  const fake = await startFakeGitHub();
  const content = handler();
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`copies/c${String(i).padStart(5, '0')}/handler.js`] = content;
  fake.addRepo({ owner: 'bench', repo: 'flood', files });
  const many: Record<string, string> = {};
  for (let i = 0; i < Math.min(FILES, 2_000); i++) many[`src/f${i}.js`] = content.replaceAll('req.query.p', `req.query.f${i}_`);
  fake.addRepo({ owner: 'bench', repo: 'distinct', files: many });

  const service = await startService({ GITHUB_API_URL: fake.url, VIGIL_MAX_SCANS_PER_ACCOUNT: '2', VIGIL_REQUEST_TIMEOUT_MS: '10000' });
  const rows: string[][] = [];
  try {
    const scenarios: [string, () => Promise<string>][] = [
      [`1 scan: ${FILES} copies of a 12 KB handler`, () => scanRepo(service, 'bench/flood')],
      [`1 scan: ${Math.min(FILES, 2_000)} distinct handlers`, () => scanRepo(service, 'bench/distinct')],
      ['2 heavy scans at once', async () => (await Promise.all([scanRepo(service, 'bench/flood'), scanRepo(service, 'bench/distinct')])).join(' | ')],
      [`slow-POST flood, ${CONNECTIONS} connections`, async () => JSON.stringify(await slowPostFlood(service, CONNECTIONS))],
    ];
    for (const [name, run] of scenarios.filter(([name]) => name.includes(ONLY))) {
      const watch = monitor(service);
      const started = performance.now();
      const answer = await run();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const m = watch.stop();
      rows.push([name, answer, `${seconds} s`, `${m.peakRssMb.toFixed(0)} MB`, `${m.p50.toFixed(1)} / ${m.p99.toFixed(1)} / ${m.max.toFixed(0)} ms`, String(m.failed)]);
      process.stderr.write(`done: ${name}\n`);
    }
  } finally {
    await service.stop();
    await fake.close();
  }
  const header = ['scenario', 'answers', 'time', 'peak RSS', '/health p50 / p99 / max', '/health failures'];
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log('\nGoals: peak RSS < 1 GB, /health p99 < 100 ms, no 5xx from exhaustion.');
}

await main();
