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
 *   npm run bench:memory [-- --scans 100 --warmup 10 --repo-mb 4]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { positiveIntArg as arg } from '../args.js';
import { ownerKey, startApi, stop } from '../service-process.js';
import { startFakeGitHub } from '../../test/fakes/github/server.js';

const SCANS = arg('--scans', 100);
const WARMUP = arg('--warmup', 10);
const REPO_MB = arg('--repo-mb', 4);

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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main(): Promise<void> {
  const fake = await startFakeGitHub();
  fake.addRepo({ owner: 'bench', repo: 'memory', files: repository(REPO_MB) });
  const dataDir = await mkdtemp(join(tmpdir(), 'vigil-bench-memory-'));
  const { proc, base } = await startApi({ VIGIL_DATA_DIR: dataDir, GITHUB_API_URL: fake.url, VIGIL_GITHUB_RETRIES: '0' });
  try {
    const key = await ownerKey(proc);
    const pid = proc.child.pid ?? 0;
    console.log(`${SCANS} repository scans of a ${REPO_MB} MB repository, one after another; RSS of the service after each`);
    const samples: number[] = [];
    let findings = -1;
    for (let i = 1; i <= SCANS; i++) {
      const res = await fetch(`${base}/v1/scan/github`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ repository: 'bench/memory' }) });
      const body = (await res.json()) as { finding_count?: number; detail?: string };
      if (res.status !== 200) throw new Error(`scan ${i}: HTTP ${res.status} ${body.detail ?? ''}`);
      if (findings === -1) findings = body.finding_count ?? 0;
      else if (body.finding_count !== findings) throw new Error(`scan ${i}: ${body.finding_count} findings, the first had ${findings}`);
      samples.push(rssMb(pid));
      if (i % 10 === 0 || i === WARMUP) console.log(`scan ${String(i).padStart(4)}: RSS ${samples[i - 1]?.toFixed(0)} MB`);
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
}

await main();
