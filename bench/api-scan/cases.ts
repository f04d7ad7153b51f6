/**
 * The case-suite part of bench:api-scan: runs test/fixtures/api-cases (every case over http and
 * https, in a child process that trusts the throw-away CA) and prints agreement with each case's
 * expected findings, requests per scan (to the base URL, and for the document and paths) and time
 * per scan (retrieve + checks, in-process).
 */
import { API_CASES } from '../../test/fixtures/api-cases/cases.js';
import { type CaseResult, runCasesInChild } from '../../test/fixtures/api-cases/run.js';
import { MAX_PROBED_PATHS, MAX_REQUESTS } from '../../src/adapters/http-target/retrieve.js';
import { describe, summarise } from './stats.js';

function family(id: string): string {
  return id.split('-')[0] ?? id;
}

export async function printCaseSuite(): Promise<void> {
  console.log(`\n=== API case suite: ${API_CASES.length} loopback cases (test/fixtures/api-cases), each over the transports it names ===`);
  const results: CaseResult[] = await runCasesInChild();
  const agree = results.filter((r) => r.agrees).length;
  console.log(`agreement: ${agree}/${results.length} scans (${results.filter((r) => r.transport === 'http' && r.agrees).length} http, ${results.filter((r) => r.transport === 'https' && r.agrees).length} https)`);
  const families = new Map<string, { agree: number; total: number }>();
  for (const r of results) {
    const f = families.get(family(r.id)) ?? { agree: 0, total: 0 };
    families.set(family(r.id), { agree: f.agree + (r.agrees ? 1 : 0), total: f.total + 1 });
  }
  console.log(`by family: ${[...families].map(([name, f]) => `${name} ${f.agree}/${f.total}`).join(', ')}`);
  for (const r of results.filter((x) => !x.agrees)) {
    console.log(`  DISAGREES ${r.id} over ${r.transport}: expected [${r.expected.join(', ')}], reported [${r.reported.join(', ')}]${r.error ? ` (${r.error})` : ''}`);
  }
  const base = results.map((r) => r.baseRequests);
  const over = results.filter((r) => r.baseRequests > MAX_REQUESTS).length;
  console.log(`requests per scan to the base URL: median ${summarise(base).median}, max ${Math.max(...base)} (budget ${MAX_REQUESTS}; ${over} scans over it)`);
  const extra = results.filter((r) => r.requests > r.baseRequests);
  if (extra.length > 0) {
    const more = extra.map((r) => r.requests - r.baseRequests);
    const totals = extra.map((r) => r.requests);
    console.log(
      `scans with openapi_url or paths: ${extra.length}; document and path requests per scan: median ${summarise(more).median}, max ${Math.max(...more)} (budget 1 + ${MAX_PROBED_PATHS}); all requests per such scan: median ${summarise(totals).median}, max ${Math.max(...totals)}`,
    );
  }
  for (const transport of ['http', 'https'] as const) {
    const times = results.filter((r) => r.transport === transport && r.error === undefined).map((r) => r.ms);
    console.log(`time per scan over ${transport}: ${describe(summarise(times))}; ${times.filter((t) => t >= 100).length} of ${times.length} at or over 100 ms`);
    const withPaths = results.filter((r) => r.transport === transport && r.error === undefined && r.requests > r.baseRequests).map((r) => r.ms);
    if (withPaths.length > 0) console.log(`  of which with openapi_url or paths: ${describe(summarise(withPaths))}`);
  }
}
