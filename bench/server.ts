/**
 * Server overhead benchmark: a bare Fastify hello-world against Vigil's
 * unauthenticated /health and authenticated /v1/account, on the embedded
 * database and (when reachable) PostgreSQL. Everything listens on 127.0.0.1.
 * Run: npm run bench:server [-- --duration N --connections N]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import type { PlanLimits } from '../src/services/accounts/plans.js';
import { MemoryQuotaStore, Quotas } from '../src/services/accounts/quotas.js';
import { buildApp, createRuntime } from '../src/main.js';
import { loadConfig } from '../src/config/index.js';
import { VERSION } from '../src/core/version.js';

const HOST = '127.0.0.1';
const WARMUP_SECONDS = 2;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** null = unlimited but still counted, so every request runs the whole quota path. */
const UNLIMITED: PlanLimits = Object.freeze({ scans: null, ai: null, account: null });

interface Options {
  readonly duration: number;
  readonly connections: number;
}

interface Target {
  readonly name: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly vigil: boolean;
}

interface Row {
  readonly target: Target;
  readonly rps: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

type Cleanup = () => Promise<void>;

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name}: expected a positive integer, got "${value}"`);
  return n;
}

function argValue(argv: readonly string[], flag: string): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === flag) return argv[i + 1] ?? '';
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return undefined;
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  return {
    duration: positiveInt('--duration', argValue(argv, '--duration') ?? env.BENCH_DURATION, 10),
    connections: positiveInt('--connections', argValue(argv, '--connections'), 10),
  };
}

async function startBare(cleanups: Cleanup[]): Promise<string> {
  const app = Fastify({ logger: false });
  app.get('/', () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: HOST });
  cleanups.push(() => app.close());
  return url;
}

/** Creates a throwaway schema and returns a URL whose connections use it, or undefined if PostgreSQL is not reachable. */
async function privateSchema(baseUrl: string, cleanups: Cleanup[]): Promise<string | undefined> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`create schema ${schema}`);
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${new URL(baseUrl).host} (${(error as Error).message}); skipping the PostgreSQL rows.`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  });
  const separator = baseUrl.includes('?') ? '&' : '?';
  return `${baseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

async function startVigil(label: string, databaseUrl: string | undefined, cleanups: Cleanup[]): Promise<Target[]> {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'vigil-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    VIGIL_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST,
    VIGIL_KEY_PEPPER: randomBytes(32).toString('hex'),
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  };
  const config = loadConfig(env, dataDir);
  const runtime = await createRuntime(config);
  cleanups.push(() => runtime.close());
  const quotas = new Quotas(new MemoryQuotaStore());
  cleanups.push(() => quotas.close());
  const { apiKey } = await runtime.accounts.createAccount('bench@example.test', 'team');
  const app = await buildApp({ config, storage: runtime.storage, accounts: runtime.accounts, quotas, mailer: runtime.mailer, version: VERSION, limitsFor: () => UNLIMITED });
  const base = await app.listen({ port: 0, host: HOST });
  cleanups.push(() => app.close());
  return [
    { name: `vigil ${label} GET /health`, url: `${base}/health`, vigil: true },
    { name: `vigil ${label} GET /v1/account`, url: `${base}/v1/account`, headers: { 'x-api-key': apiKey }, vigil: true },
  ];
}

/** One request first, so a broken setup fails with its real status instead of a table of non-2xx. */
async function probe(target: Target): Promise<void> {
  const res = await fetch(target.url, { headers: target.headers ?? {} });
  if (!res.ok) throw new Error(`${target.name}: probe answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

async function measure(target: Target, options: Options): Promise<Row> {
  await probe(target);
  const load = { url: target.url, connections: options.connections, headers: target.headers ?? {} };
  await autocannon({ ...load, duration: Math.min(WARMUP_SECONDS, options.duration) });
  const result = await autocannon({ ...load, duration: options.duration });
  const row = { target, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
  console.log(`  ${target.name}: ${Math.round(row.rps)} req/s`);
  return row;
}

function machine(): string {
  const cpus = os.cpus();
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${gib} GiB RAM, Node ${process.version}`;
}

export function formatTable(rows: readonly Row[], bareRps: number): string {
  const header = ['target', 'req/s', 'p99 ms', 'non-2xx', 'errors', 'vs bare'];
  const body = rows.map((r) => [
    r.target.name,
    String(Math.round(r.rps)),
    String(r.p99),
    String(r.non2xx),
    String(r.errors),
    `${(r.rps / bareRps).toFixed(2)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: readonly string[]): string => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

async function runCleanups(cleanups: readonly Cleanup[]): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

async function main(): Promise<boolean> {
  const options = parseOptions(process.argv.slice(2), process.env);
  console.log(machine());
  console.log(`Load: ${options.connections} connections, ${options.duration} s per target after a ${Math.min(WARMUP_SECONDS, options.duration)} s warm-up; all on ${HOST}.`);
  console.log('Note: plan limits are lifted for the benchmark (every bucket unlimited but still counted), so /v1/account measures the full key → DB → quota → handler path instead of 429s.');
  const cleanups: Cleanup[] = [];
  try {
    const targets: Target[] = [{ name: 'bare fastify GET /', url: await startBare(cleanups), vigil: false }];
    targets.push(...(await startVigil('embedded', undefined, cleanups)));
    const pgUrl = await privateSchema(process.env.VIGIL_BENCH_DATABASE_URL ?? DEFAULT_PG_URL, cleanups);
    if (pgUrl !== undefined) targets.push(...(await startVigil('postgres', pgUrl, cleanups)));
    const rows: Row[] = [];
    for (const target of targets) rows.push(await measure(target, options));
    console.log(`\n${formatTable(rows, rows[0]?.rps ?? Number.NaN)}\n`);
    const bad = rows.filter((r) => r.target.vigil && (r.non2xx > 0 || r.errors > 0));
    for (const r of bad) console.error(`FAIL ${r.target.name}: ${r.non2xx} non-2xx, ${r.errors} errors; the figures are meaningless.`);
    return bad.length === 0;
  } finally {
    await runCleanups(cleanups);
  }
}

try {
  if (!(await main())) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
