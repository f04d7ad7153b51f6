/**
 * One timed exchange of the AI benchmark, and series of them: straight through the provider
 * (createRemoteProvider(...).stream) or through a running Vigil (POST /v1/explain|fix|triage,
 * body read with fetch). Times are from just before the call to the first text delta or first
 * body byte, and to the end of the stream.
 */
import type { AiProvider } from '../../src/services/ai/provider.js';
import type { Server } from '../../src/main.js';
import type { FakeAi } from '../../test/fakes/ai/server.js';
import { errorText, summarise, type Summary } from '../api-scan/stats.js';
import type { Schedule } from './fixtures.js';

const TIMEOUT_MS = 30_000;

export interface Exchange {
  /** To the first text delta (direct) or the first body byte (through Vigil). */
  readonly firstMs: number;
  readonly totalMs: number;
  readonly text: string;
}

export interface Series {
  readonly first: Summary;
  readonly total: Summary;
  readonly failures: number;
  readonly firstError: string | undefined;
  /** Runs whose text was not what the schedule streams (or, for builtin, that hold the error sentinel). */
  readonly mismatches: number;
  readonly bytes: number;
  /** Per timed round, NaN where the run failed: rounds line up across the jobs of one series. */
  readonly firstSamples: readonly number[];
  readonly totalSamples: readonly number[];
}

export function queue(fake: FakeAi | undefined, s: Schedule | undefined): void {
  if (fake !== undefined && s !== undefined) fake.script({ firstTokenDelayMs: s.firstTokenDelayMs, pieces: s.pieces });
}

export async function direct(provider: AiProvider, prompt: { system: string; prompt: string }): Promise<Exchange> {
  const started = performance.now();
  let firstMs = Number.NaN;
  let text = '';
  for await (const delta of provider.stream({ ...prompt, signal: AbortSignal.timeout(TIMEOUT_MS) })) {
    if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
    text += delta;
  }
  return { firstMs, totalMs: performance.now() - started, text };
}

export async function throughVigil(base: string, apiKey: string, path: string, body: unknown): Promise<Exchange> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (res.status !== 200 || res.body === null) throw new Error(`${path}: HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const decoder = new TextDecoder();
  let firstMs = Number.NaN;
  let text = '';
  for await (const chunk of res.body) {
    if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
    text += decoder.decode(chunk, { stream: true });
  }
  return { firstMs, totalMs: performance.now() - started, text: text + decoder.decode() };
}

export interface Job {
  readonly work: () => Promise<Exchange>;
  readonly expect: (text: string) => boolean;
}

interface Samples {
  readonly first: number[];
  readonly total: number[];
  failures: number;
  mismatches: number;
  bytes: number;
  firstError: string | undefined;
}

/**
 * `warmup` untimed rounds, then `runs` timed ones. A round runs every job once, one after
 * another, so slow drift in the machine's load falls on all of them alike.
 */
export async function series<K extends string>(runs: number, warmup: number, jobs: Readonly<Record<K, Job>>): Promise<Record<K, Series>> {
  const names = Object.keys(jobs) as K[];
  const samples = new Map<K, Samples>(names.map((name) => [name, { first: [], total: [], failures: 0, mismatches: 0, bytes: 0, firstError: undefined }]));
  for (const round of Array(warmup + runs).keys()) {
    for (const name of names) {
      const s = samples.get(name);
      if (s === undefined) continue;
      try {
        const exchange = await jobs[name].work();
        if (round < warmup) continue;
        s.first.push(exchange.firstMs);
        s.total.push(exchange.totalMs);
        s.bytes = Buffer.byteLength(exchange.text);
        if (!jobs[name].expect(exchange.text)) s.mismatches += 1;
      } catch (error) {
        if (round >= warmup) {
          s.failures += 1;
          s.first.push(Number.NaN);
          s.total.push(Number.NaN);
        }
        s.firstError ??= errorText(error);
      }
    }
  }
  const out = {} as Record<K, Series>;
  for (const [name, s] of samples) out[name] = { ...s, first: summarise(s.first), total: summarise(s.total), firstSamples: s.first, totalSamples: s.total };
  return out;
}

/**
 * API keys for the ai quota bucket (200 an hour on the Team plan): the owner's key first, then
 * new Team accounts, each used for at most `perKey` requests.
 */
export class KeyPool {
  private used = 0;
  private created = 0;
  private current: string;

  constructor(
    private readonly server: Server,
    private readonly perKey = 190,
  ) {
    const owner = server.ownerKey?.apiKey;
    if (owner === undefined) throw new Error('the server issued no owner key (was the data folder fresh?)');
    this.current = owner;
  }

  async next(): Promise<string> {
    if (this.used >= this.perKey) {
      this.created += 1;
      const issued = await this.server.runtime.accounts.createAccount(`bench-${this.created}@localhost`, 'team');
      this.current = issued.apiKey;
      this.used = 0;
    }
    this.used += 1;
    return this.current;
  }

  get accountsCreated(): number {
    return this.created;
  }
}

/** Round-by-round differences a − b (the rounds of one series line up). */
export function paired(a: readonly number[], b: readonly number[]): Summary {
  return summarise(a.map((value, i) => value - (b[i] ?? Number.NaN)));
}
