/**
 * AI benchmark: what Vigil adds to a streamed answer. A fake Anthropic API on loopback plays a
 * fixed token schedule; the same prompt is streamed straight through the provider and through a
 * running Vigil (POST /v1/explain), rounds interleaved. Then the builtin (offline) engine
 * answers /v1/explain, /v1/fix and /v1/triage (a scan of 50 findings) on a second server.
 * Run: npm run bench:ai [-- --runs N]   (N ≤ ~180 per server stays inside one account's ai quota;
 * more runs create extra Team accounts)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainPrompt } from '../../src/services/ai/prompts/index.js';
import { createRemoteProvider } from '../../src/services/ai/provider.js';
import { redactPrompt } from '../../src/services/ai/redact.js';
import { loadConfig } from '../../src/config/index.js';
import type { Finding } from '../../src/core/findings.js';
import { startServer, type Server } from '../../src/main.js';
import { startFakeAnthropic } from '../../test/fakes/ai/anthropic.js';
import { errorText, intOption, machine, ms } from '../api-scan/stats.js';
import { anthropicKey, finding, scan, schedule } from './fixtures.js';
import { direct, KeyPool, paired, queue, series, throughVigil, type Series } from './measure.js';

const WARMUP = 2;
const FIRST_BYTE_TARGET_MS = 20;
const SCHEDULE = schedule(50, 40, 10);

interface Running {
  readonly server: Server;
  readonly base: string;
  readonly dir: string;
}

async function startVigil(extra: Readonly<Record<string, string>>): Promise<Running> {
  const dir = await mkdtemp(join(tmpdir(), 'vigil-bench-ai-'));
  const env = { PORT: '0', HOST: '127.0.0.1', VIGIL_DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn', VIGIL_OWNER_EMAIL: 'bench@localhost', ...extra };
  const server = await startServer(loadConfig(env, process.cwd()));
  const address = server.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { server, base: `http://127.0.0.1:${port}/v1`, dir };
}

async function stopVigil(running: Running | undefined): Promise<void> {
  if (running === undefined) return;
  const how = await running.server.shutdown();
  if (how !== 'clean') console.log(`  (server shutdown: ${how})`);
  await rm(running.dir, { recursive: true, force: true });
}

function line(label: string, s: Series, what: 'first' | 'total'): string {
  const sum = s[what];
  const faults = s.failures + s.mismatches > 0 ? `; ${s.failures} failed, ${s.mismatches} unexpected text (first error: ${s.firstError ?? 'none'})` : '';
  return `${label.padEnd(34)} | ${ms(sum.median).padEnd(9)} | ${ms(sum.p95).padEnd(9)} | ${String(sum.runs).padEnd(4)}${faults}`;
}

const diff = (a: number, b: number): string => `${a - b >= 0 ? '+' : ''}${(a - b).toFixed(1)} ms`;

async function main(): Promise<void> {
  const runs = intOption(process.argv.slice(2), '--runs', 30);
  console.log(machine());
  const key = anthropicKey();
  const fake = await startFakeAnthropic({ apiKey: key });
  let remote: Running | undefined;
  let builtin: Running | undefined;
  try {
    console.log(`Fake Anthropic at ${fake.url}: first piece ${SCHEDULE.firstTokenDelayMs} ms after the opening events, then ${SCHEDULE.pieces.length - 1} more every 10 ms (ideal stream ${SCHEDULE.firstTokenDelayMs + 10 * (SCHEDULE.pieces.length - 1)} ms).`);
    console.log(`${WARMUP} untimed warm-up rounds, then ${runs} timed rounds; in each round every variant runs once, one after another.`);
    const body = { finding: finding() };
    const prompt = redactPrompt(explainPrompt.build({ finding: body.finding as unknown as Finding }));
    const provider = createRemoteProvider({ provider: 'anthropic', apiKey: key, baseUrl: fake.url });
    remote = await startVigil({ AI_PROVIDER: 'anthropic', AI_API_KEY: key, AI_BASE_URL: fake.url });
    const remoteKeys = new KeyPool(remote.server);
    const remoteBase = remote.base;
    const streamed = (text: string): boolean => text === SCHEDULE.text;
    const r = await series(runs, WARMUP, {
      direct: {
        work: () => {
          queue(fake, SCHEDULE);
          return direct(provider, prompt);
        },
        expect: streamed,
      },
      vigil: {
        work: async () => {
          const apiKey = await remoteKeys.next();
          queue(fake, SCHEDULE);
          return throughVigil(remoteBase, apiKey, '/explain', body);
        },
        expect: streamed,
      },
    });

    builtin = await startVigil({});
    const builtinKeys = new KeyPool(builtin.server);
    const builtinBase = builtin.base;
    const ok = (text: string): boolean => text.length > 0 && !text.includes('[SERVICE_ERROR]');
    const triageBody = { scan: scan(50) };
    const b = await series(runs, WARMUP, {
      explain: { work: async () => throughVigil(builtinBase, await builtinKeys.next(), '/explain', body), expect: ok },
      fix: { work: async () => throughVigil(builtinBase, await builtinKeys.next(), '/fix', body), expect: ok },
      triage: { work: async () => throughVigil(builtinBase, await builtinKeys.next(), '/triage', triageBody), expect: ok },
    });
    const created = remoteKeys.accountsCreated + builtinKeys.accountsCreated;

    console.log('\n=== AI benchmark: figures ===');
    console.log(machine());
    console.log(`${runs} timed runs per row; fake Anthropic schedule: ${SCHEDULE.pieces.length} pieces, first after ${SCHEDULE.firstTokenDelayMs} ms, then every 10 ms${created > 0 ? `; ${created} extra Team account(s) for the ai quota` : ''}`);
    console.log(`${'measurement'.padEnd(34)} | median    | p95       | runs`);
    console.log(line('direct: first delta', r.direct, 'first'));
    console.log(line('through Vigil: first byte', r.vigil, 'first'));
    console.log(line('direct: whole stream', r.direct, 'total'));
    console.log(line('through Vigil: whole stream', r.vigil, 'total'));
    for (const [name, s] of Object.entries(b)) {
      console.log(line(`builtin /v1/${name}: first byte`, s, 'first'));
      console.log(line(`builtin /v1/${name}: whole answer`, s, 'total') + ` (${s.bytes} bytes)`);
    }
    const first = paired(r.vigil.firstSamples, r.direct.firstSamples);
    const total = paired(r.vigil.totalSamples, r.direct.totalSamples);
    console.log(`\nadded by Vigil, first byte: median ${diff(r.vigil.first.median, r.direct.first.median)}, p95 ${diff(r.vigil.first.p95, r.direct.first.p95)}; per round (Vigil − direct of the same round): median ${diff(first.median, 0)}, p95 ${diff(first.p95, 0)} (target: under ${FIRST_BYTE_TARGET_MS} ms at the median: ${first.median < FIRST_BYTE_TARGET_MS ? 'met' : 'NOT met'})`);
    console.log(`added by Vigil, whole stream: median ${diff(r.vigil.total.median, r.direct.total.median)}, p95 ${diff(r.vigil.total.p95, r.direct.total.p95)}; per round: median ${diff(total.median, 0)}, p95 ${diff(total.p95, 0)}`);
  } finally {
    await stopVigil(remote);
    await stopVigil(builtin);
    await fake.close();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:ai: ${errorText(error)}`);
  process.exitCode = 1;
});
