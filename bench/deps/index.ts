/**
 * Dependency benchmark: a repository whose package-lock.json holds 5,000 packages, scanned
 * with the known-vulnerability check against the fake OSV on loopback (online), then against
 * the same advisories imported into an embedded database (offline). Prints the time, packages
 * per second and the HTTP requests sent to OSV next to the ideal packages/1000 + distinct
 * advisories.
 * Then the extraction accuracy table over osv-scalibr's fixtures (bench/deps/accuracy.ts).
 * Run: npm run bench:deps [-- --packages N --advisories M]; only the accuracy table: -- --accuracy [--details]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScanPool } from '../../src/engine/pool.js';
import { scanWorkspace } from '../../src/engine/scan-workspace.js';
import { importOsv } from '../../src/adapters/osv/import.js';
import { OfflineAdvisorySource } from '../../src/adapters/osv/offline.js';
import { createVulnCache, OsvOnlineClient } from '../../src/adapters/osv/online.js';
import type { OsvVulnerability } from '../../src/scanners/advisories/osv-schema.js';
import type { AdvisorySource } from '../../src/scanners/advisories/source.js';
import { openLocalDirectory } from '../../src/adapters/sources/local.js';
import { AdvisoriesRepository, openStorage } from '../../src/adapters/storage/index.js';
import { startFakeOsv } from '../../test/fakes/osv/index.js';
import { intOption, machine } from '../api-scan/stats.js';
import { runAccuracy } from './accuracy.js';

const PACKAGES = intOption(process.argv, '--packages', 5_000);
const ADVISORIES = intOption(process.argv, '--advisories', 400);
const RUNS = intOption(process.argv, '--runs', 3);

/** Deterministic pseudo-random numbers, so every run scans the same repository. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Generated {
  readonly lock: string;
  readonly manifest: string;
  readonly records: OsvVulnerability[];
  readonly vulnerablePackages: number;
}

/** A v3 package-lock with PACKAGES packages; ADVISORIES advisories over ~1 in 12 of them. */
function generate(): Generated {
  const rnd = random(42);
  const packages: Record<string, unknown> = {};
  const names: { name: string; version: string }[] = [];
  for (let i = 0; i < PACKAGES; i++) {
    const scoped = i % 7 === 0;
    const name = scoped ? `@bench-scope-${i % 40}/module-${i}` : `bench-module-${i}`;
    const version = `${1 + Math.floor(rnd() * 5)}.${Math.floor(rnd() * 20)}.${Math.floor(rnd() * 10)}`;
    names.push({ name, version });
    const integrity = `sha512-${Buffer.from(`${name}@${version}`).toString('base64').padEnd(86, 'A')}==`;
    packages[`node_modules/${name}`] = { version, resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`, integrity };
  }
  const direct = Object.fromEntries(names.slice(0, 40).map((n) => [n.name, `^${n.version}`]));
  packages[''] = { name: 'bench-app', version: '1.0.0', dependencies: direct };
  const records: OsvVulnerability[] = [];
  const vulnerable = new Set<string>();
  for (let a = 0; a < ADVISORIES; a++) {
    const target = names[Math.floor(rnd() * names.length / 12) * 12] as { name: string; version: string };
    const [major] = target.version.split('.');
    // Half the advisories affect the pinned version, half an older major only.
    const hit = a % 2 === 0;
    if (hit) vulnerable.add(target.name);
    records.push({
      schema_version: '1.6.0',
      id: `GHSA-bnch-${String(a).padStart(4, '0')}-test`,
      modified: '2026-01-01T00:00:00Z',
      aliases: [`CVE-2026-${String(10000 + a)}`],
      summary: `Benchmark advisory ${a}`,
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N' }],
      affected: [
        {
          package: { ecosystem: 'npm', name: target.name },
          ranges: [{ type: 'SEMVER', events: hit ? [{ introduced: '0' }, { fixed: `${Number(major) + 1}.0.0` }] : [{ introduced: '0' }, { fixed: '0.0.1' }] }],
        },
      ],
    });
  }
  const lock = { name: 'bench-app', version: '1.0.0', lockfileVersion: 3, requires: true, packages };
  return { lock: JSON.stringify(lock, null, 2), manifest: JSON.stringify({ name: 'bench-app', version: '1.0.0', dependencies: direct }, null, 2), records, vulnerablePackages: vulnerable.size };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-bench-deps-'));
  const pool = createScanPool(2);
  const generated = generate();
  const repo = join(dir, 'repo');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(repo);
  await writeFile(join(repo, 'package-lock.json'), generated.lock);
  await writeFile(join(repo, 'package.json'), generated.manifest);
  const recordsDir = join(dir, 'records');
  await mkdir(recordsDir);
  for (const r of generated.records) await writeFile(join(recordsDir, `${r.id}.json`), JSON.stringify(r));
  const osv = await startFakeOsv({ records: generated.records });
  const storage = await openStorage({ dataDir: join(dir, 'data') });
  try {
    const scanOnce = async (advisories: AdvisorySource) => {
      const ws = await openLocalDirectory(repo);
      try {
        const started = performance.now();
        const outcome = await scanWorkspace(ws, 'bench/app', { pool, timeoutMs: 600_000, checkCves: true, advisories });
        return { ms: performance.now() - started, outcome };
      } finally {
        await ws.dispose();
      }
    };
    // Warm the worker pool (thread start, module loading) outside the measurement.
    await scanOnce({ mode: 'online', lookup: (q) => Promise.resolve(q.map(() => [])) });

    const onlineTimes: number[] = [];
    let requests = 0;
    let findings = 0;
    for (let run = 0; run < RUNS; run++) {
      // A fresh client per run: a cold record cache, as for the first scan after a start.
      const client = new OsvOnlineClient({ baseUrl: osv.url, cache: createVulnCache() });
      const before = osv.requests.length;
      const { ms, outcome } = await scanOnce({ mode: 'online', lookup: (q, s) => client.lookup(q, s) });
      onlineTimes.push(ms);
      requests = osv.requests.length - before;
      findings = outcome.findings.filter((f) => f.rule_id === 'known-vulnerability').length;
    }
    const importStarted = performance.now();
    const repository = new AdvisoriesRepository(storage.db);
    await importOsv(recordsDir, repository);
    const importMs = performance.now() - importStarted;
    const offlineTimes: number[] = [];
    let offlineFindings = 0;
    for (let run = 0; run < RUNS; run++) {
      const { ms, outcome } = await scanOnce(new OfflineAdvisorySource(repository));
      offlineTimes.push(ms);
      offlineFindings = outcome.findings.filter((f) => f.rule_id === 'known-vulnerability').length;
    }
    const distinctAdvisories = new Set(generated.records.filter((_, i) => i % 2 === 0).map((r) => r.id)).size;
    const ideal = Math.ceil(PACKAGES / 1000) + distinctAdvisories;
    const online = median(onlineTimes);
    const offline = median(offlineTimes);
    const lines = [
      machine(),
      `Repository: package-lock.json with ${PACKAGES} packages; ${ADVISORIES} advisories in the fake OSV, ${distinctAdvisories} of them affecting a pinned version`,
      '',
      `Online  (fake OSV on loopback, cold cache): median ${online.toFixed(0)} ms over ${RUNS} runs, ${Math.round(PACKAGES / (online / 1000))} packages/s`,
      `        requests to OSV: ${requests} (ideal packages/1000 + distinct advisories = ${ideal}); ${findings} findings`,
      `Offline (${generated.records.length} records imported in ${importMs.toFixed(0)} ms): median ${offline.toFixed(0)} ms, ${Math.round(PACKAGES / (offline / 1000))} packages/s; ${offlineFindings} findings`,
      `Same findings online and offline: ${findings === offlineFindings ? 'yes' : 'NO'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await osv.close();
    await storage.close();
    await pool.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (!process.argv.includes('--accuracy')) await main();
runAccuracy(process.argv);
