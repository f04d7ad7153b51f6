/**
 * /health while a scan runs: the real HTTP app on 127.0.0.1 scans the corpus,
 * served as a repository archive by the fake GitHub, while autocannon keeps
 * calling GET /health until the scan answers. For comparison the same scan
 * runs once with no other traffic, and /health is measured on the idle server.
 * Everything (app, fake GitHub, autocannon) shares this process's event loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../../src/config/index.js';
import { startServer } from '../../src/main.js';
import { startFakeGitHub } from '../../test/fakes/github/server.js';

const HOST = '127.0.0.1';
const BASELINE_SECONDS = 5;

export interface Latency {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly requests: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface ScanAnswer {
  readonly status: number;
  readonly seconds: number;
  readonly findingCount: number | undefined;
  readonly error: string | undefined;
}

export interface HealthRun {
  readonly connections: number;
  /** The same scan with no other traffic, first (it also starts the worker threads). */
  readonly quietScan: ScanAnswer;
  /** /health on the idle server, for comparison. */
  readonly idle: Latency;
  /** The scan while /health is under load, and /health meanwhile. */
  readonly loadedScan: ScanAnswer;
  readonly underScan: Latency;
  /** Source limits raised above their defaults for this corpus, as env settings. */
  readonly raisedLimits: Readonly<Record<string, string>>;
}

function latencyOf(result: autocannon.Result): Latency {
  return { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors };
}

/** Load that runs until stop() is called. */
function startLoad(url: string, connections: number): { stop: () => void; done: Promise<autocannon.Result> } {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url, connections, duration: 24 * 3600 }, (error, result) => (error ? reject(error as Error) : resolve(result)));
  });
  return { stop: () => instance?.stop(), done };
}

/** Timed POST /v1/scan/github over node:http (no client-side time limit, unlike fetch). */
async function scan(base: string, apiKey: string): Promise<ScanAnswer> {
  const started = performance.now();
  const answer = await postJson(`${base}/v1/scan/github`, { repository: 'bench/corpus' }, { 'x-api-key': apiKey });
  const seconds = (performance.now() - started) / 1000;
  let findingCount: number | undefined;
  try {
    findingCount = (JSON.parse(answer.text) as { finding_count?: number }).finding_count;
  } catch {
    // Reported through error below.
  }
  const error = answer.status === 200 && findingCount !== undefined ? undefined : answer.text.slice(0, 300);
  return { status: answer.status, seconds, findingCount, error };
}

function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => void (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Source limits the corpus could exceed are raised to twice what it needs. The
 * tar stream is at most the file bytes plus about 1 KiB of header and padding
 * per file, and the gzipped archive is smaller than that.
 */
function limitsFor(bytes: number, files: number): Record<string, string> {
  const raised: Record<string, string> = {};
  const tarBytes = bytes + files * 1024;
  if (tarBytes > 1024 ** 3) raised.VIGIL_MAX_UNPACKED_BYTES = String(tarBytes * 2);
  if (tarBytes > 200 * 1024 ** 2) raised.VIGIL_MAX_ARCHIVE_BYTES = String(tarBytes * 2);
  if (files > 100_000) raised.VIGIL_MAX_FILES = String(files * 2);
  return raised;
}

export async function runHealthUnderScan(dir: string, bytes: number, files: number, connections = 10): Promise<HealthRun> {
  const dataDir = await mkdtemp(join(os.tmpdir(), 'vigil-bench-secrets-'));
  const fake = await startFakeGitHub();
  const raisedLimits = limitsFor(bytes, files);
  try {
    fake.addRepo({ owner: 'bench', repo: 'corpus', dir });
    const env = {
      PORT: '0',
      HOST,
      VIGIL_DATA_DIR: dataDir,
      GITHUB_API_URL: fake.url,
      LOG_LEVEL: 'warn',
      VIGIL_OWNER_EMAIL: 'bench@localhost',
      VIGIL_GITHUB_RETRIES: '0',
      VIGIL_SCAN_TIMEOUT_MS: '3600000',
      ...raisedLimits,
    };
    const server = await startServer(loadConfig(env, dataDir));
    try {
      const apiKey = server.ownerKey?.apiKey;
      if (apiKey === undefined) throw new Error('the server created no owner key (is the data folder fresh?)');
      const { port } = server.app.server.address() as AddressInfo;
      const base = `http://${HOST}:${port}`;
      const quietScan = await scan(base, apiKey);
      const idle = startLoad(`${base}/health`, connections);
      setTimeout(idle.stop, BASELINE_SECONDS * 1000);
      const idleResult = latencyOf(await idle.done);

      const load = startLoad(`${base}/health`, connections);
      let loadedScan: ScanAnswer;
      try {
        loadedScan = await scan(base, apiKey);
      } finally {
        load.stop();
      }
      const underScan = latencyOf(await load.done);
      return { connections, quietScan, idle: idleResult, loadedScan, underScan, raisedLimits };
    } finally {
      await server.shutdown();
    }
  } finally {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
