/**
 * API-scan benchmark: time of one full Vigil API-headers scan (scanApiTarget, in-process) against
 * the MDN HTTP Observatory on the same target, with the requests each one sends.
 * Run: npm run bench:api-scan [-- URL] [--runs N] [--cli-timeout-s S] [--no-cases]
 * Without URL it first runs the API case suite (cases.ts: agreement, requests and time per scan).
 * Without URL a loopback fake API is started (target.ts) and every request is counted per scanner.
 */
import type { ScanResponse } from '../../src/outputs/scan-response.js';
import { scanApiTarget } from '../../src/services/scans/api.js';
import { printCaseSuite } from './cases.js';
import { loadObservatory, type Observatory, type Verdict } from './observatory.js';
import { describe, errorText, intOption, machine, ms, positionals, ratio, summarise, timeRuns, type Summary, type Timed } from './stats.js';
import { startTarget, type PhaseCount, type Target } from './target.js';

const WARMUP = 1;

interface Row {
  /** Name in the final table. */
  readonly name: string;
  readonly label: string;
  readonly timed: Timed<unknown> | undefined;
  /** Requests one scan sent, as counted where it could be. */
  readonly requests: string;
  readonly outcome: string;
}

const each = (total: number, scans: number): string => String(Math.round((100 * total) / scans) / 100);

function perScan(count: PhaseCount | undefined, scans: number, own?: number): string {
  if (count === undefined) return own === undefined ? 'n/a' : `${own} (its own count)`;
  const methods = [...count.byMethod].map(([m, n]) => `${m} ${each(n, scans)}`).join(', ');
  const rejected = count.rejected > 0 ? `, ${each(count.rejected, scans)} of them rejected by the HTTP parser (not HTTP, e.g. a TLS handshake)` : '';
  return `${each(count.requests, scans)} (${methods}) over ${each(count.connections, scans)} TCP connection(s)${rejected}${own === undefined ? '' : `; its own count ${own}`}`;
}

function verdictText(v: Verdict | undefined): string {
  return v === undefined ? 'no verdict' : `grade ${v.grade} (score ${v.score}), ${v.passed}/${v.total} tests passed; failed: ${v.failedTests.join('; ') || 'none'}; CORS test: ${v.cors}`;
}

async function measured<T>(target: Target | undefined, phase: string, runs: number, work: () => Promise<T>): Promise<{ timed: Timed<T>; count: PhaseCount | undefined }> {
  target?.phase(phase);
  const timed = await timeRuns(runs, WARMUP, work);
  target?.phase('idle');
  return { timed, count: target?.counts(phase) };
}

function printRow(row: Row): Summary | undefined {
  console.log(`\n${row.label}`);
  if (row.timed === undefined) {
    console.log(`  ${row.outcome}`);
    return undefined;
  }
  const summary = summarise(row.timed.samples);
  console.log(`  one full scan: ${describe(summary)}`);
  if (row.timed.failures > 0 || row.timed.firstError !== undefined) console.log(`  ${row.timed.failures} of ${row.timed.samples.length} timed runs failed; first error: ${row.timed.firstError ?? ''}`);
  console.log(`  requests per scan: ${row.requests}`);
  console.log(`  result: ${row.outcome}`);
  return summary;
}

async function observatoryRows(target: Target | undefined, host: string, runs: number, cliTimeoutMs: number): Promise<Row[]> {
  let observatory: Observatory;
  try {
    observatory = await loadObservatory();
  } catch (error) {
    const reason = `observatory: not runnable on Node ${process.version} (${errorText(error)})`;
    return [{ name: 'MDN HTTP Observatory', label: 'MDN HTTP Observatory', timed: undefined, requests: 'n/a', outcome: reason }];
  }
  const v = observatory.version;
  const missing = observatory.preloadMissing;
  const note = missing ? ' [conf/hsts-preload.json absent (postinstall skipped): reads an empty preload list instead]' : '';
  const rows: Row[] = [];
  const api = await measured(target, 'observatory-api', runs, () => observatory.scanInProcess(host));
  const apiLabel = `MDN HTTP Observatory ${v}, JS API scan('${host}') in-process${note}`;
  rows.push({ name: 'Observatory JS API (in-process)', label: apiLabel, timed: api.timed, requests: perScan(api.count, runs + WARMUP), outcome: verdictText(api.timed.last) });
  for (const shim of missing ? [false, true] : [false]) {
    const phase = shim ? 'observatory-cli-shim' : 'observatory-cli';
    const cli = await measured(target, phase, runs, () => observatory.scanCli(host, cliTimeoutMs, shim));
    rows.push({
      name: shim ? 'Observatory CLI + preload shim' : 'Observatory CLI (as installed)',
      label: `MDN HTTP Observatory ${v}, CLI: node ${observatory.bin} ${host}${shim ? ' with NODE_OPTIONS=--import=<empty-preload-list fallback>' : ' (as installed)'}`,
      timed: cli.timed,
      requests: perScan(cli.count, runs + WARMUP),
      outcome: cli.timed.last === undefined ? `every run failed: ${cli.timed.firstError ?? ''}` : verdictText(cli.timed.last),
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const all = process.argv.slice(2);
  const argv = all.filter((a) => a !== '--no-cases');
  const runs = intOption(argv, '--runs', 20);
  const cliTimeoutMs = intOption(argv, '--cli-timeout-s', 60) * 1000;
  const given = positionals(argv, ['--runs', '--cli-timeout-s'])[0];
  console.log(machine());
  // The case suite runs against its own loopback servers; skip it with --no-cases or when a URL is given.
  if (given === undefined && !all.includes('--no-cases')) await printCaseSuite();
  const target = given === undefined ? await startTarget() : undefined;
  const url = given ?? target?.url ?? '';
  const host = new URL(url).host;
  console.log(`Target: ${url}${target ? ' (loopback fake API: weak headers, CORS reflecting any Origin with credentials)' : ''}`);
  console.log(`Each tool: ${WARMUP} untimed warm-up scan, then ${runs} timed scans one after another.`);
  try {
    const settings = { allowCidrs: ['127.0.0.1/32'], timeoutMs: 30_000 };
    const vigil = await measured(target, 'vigil', runs, () => scanApiTarget(url, settings));
    const last: ScanResponse | undefined = vigil.timed.last;
    const own = typeof last?.stats.requests === 'number' ? last.stats.requests : undefined;
    const rules = [...new Set(last?.findings.map((f) => `${f.rule_id} (${f.severity})`) ?? [])];
    const vigilRow: Row = {
      name: 'Vigil (in-process)',
      label: "Vigil scanApiTarget in-process (allowCidrs ['127.0.0.1/32'])",
      timed: vigil.timed,
      requests: perScan(vigil.count, runs + WARMUP, own),
      outcome: last === undefined ? 'no scan completed' : `${last.finding_count} findings: ${rules.join(', ')}`,
    };
    const rows = [vigilRow, ...(await observatoryRows(target, host, runs, cliTimeoutMs))];
    const summaries = rows.map(printRow);
    const base = summaries[0];
    console.log('\n=== API scan benchmark: figures ===');
    console.log(machine());
    console.log(`target ${url}; ${runs} timed scans per tool`);
    console.log(`${'tool'.padEnd(31)} | median     | p95        | vs Vigil (median) | failed runs | requests/scan`);
    for (const [i, row] of rows.entries()) {
      const s = summaries[i];
      const reqs = row.requests.split(' ')[0] ?? 'n/a';
      if (s === undefined || row.timed === undefined) {
        console.log(`${row.name.padEnd(31)} | ${row.outcome}`);
        continue;
      }
      const failed = `${row.timed.failures}/${row.timed.samples.length}`;
      console.log(`${row.name.padEnd(31)} | ${ms(s.median).padEnd(10)} | ${ms(s.p95).padEnd(10)} | ${ratio(s.median, base?.median ?? Number.NaN).padEnd(17)} | ${failed.padEnd(11)} | ${reqs}`);
    }
    for (const row of rows) {
      if (row.timed?.firstError !== undefined) console.log(`${row.name}: ${row.timed.failures} timed run(s) failed; first error: ${row.timed.firstError}`);
    }
  } finally {
    await target?.close();
  }
}

main().catch((error: unknown) => {
  // A missed target or a broken tool is reported above; only a bug in the benchmark lands here.
  console.error(`bench:api-scan: ${errorText(error)}`);
  process.exitCode = 1;
});
