/** Text output of the secrets benchmark: per-phase details and the final summary. */
import type { HealthRun, Latency, ScanAnswer } from './health.js';
import type { Recall } from './passes.js';

export const MB = 1_000_000;

export const TARGETS = { passMbPerSecond: 100, ratioVsSecretlint: 20, healthP99Ms: 50 } as const;

export interface Throughput {
  readonly seconds: number;
  readonly bytes: number;
  readonly files: number;
}

export interface SecretlintFigures extends Throughput {
  readonly version: string;
  readonly timedOut: boolean;
  readonly findings: number | undefined;
  readonly recall: Recall | undefined;
}

export interface Figures {
  readonly machine: string;
  readonly corpus: { readonly dir: string; readonly bytes: number; readonly files: number; readonly planted: number | undefined };
  readonly pass: Throughput & { readonly findings: number; readonly recall: Recall | undefined };
  readonly whole: (Throughput & { readonly findings: number | undefined; readonly workers: number }) | undefined;
  readonly secretlint: SecretlintFigures | undefined;
  readonly health: HealthRun | undefined;
}

export const mbps = (t: Throughput): number => t.bytes / MB / t.seconds;
export const filesps = (t: Throughput): number => t.files / t.seconds;
const fixed = (n: number, digits = 1): string => n.toFixed(digits);
const percent = (found: number, total: number): string => (total === 0 ? 'n/a' : `${fixed((100 * found) / total)} %`);

export function speed(t: Throughput): string {
  return `${fixed(mbps(t))} MB/s, ${Math.round(filesps(t))} files/s (${fixed(t.seconds, 2)} s)`;
}

export function recallLines(recall: Recall, label: string): string[] {
  const lines = [`${label} recall: ${recall.found}/${recall.planted} planted secrets (${percent(recall.found, recall.planted)})`];
  for (const k of recall.byKind) lines.push(`  ${k.kind.padEnd(18)} ${String(k.found).padStart(3)}/${k.planted}  ${k.rules.join(', ') || '-'}`);
  const missedValues = recall.missed.slice(0, 12).map((p) => `  missed ${p.kind} at ${p.path}:${p.line}${p.kind === 'db-password' ? ` (value ${JSON.stringify(p.value)})` : ''}`);
  lines.push(...missedValues);
  if (recall.missed.length > missedValues.length) lines.push(`  … and ${recall.missed.length - missedValues.length} more missed`);
  const other = [...recall.unplanted].sort((a, b) => b[1] - a[1]).map(([rule, n]) => `${rule} ${n}`);
  lines.push(`  findings on lines with nothing planted: ${other.length === 0 ? 'none' : other.join(', ')}`);
  return lines;
}

export function latencyLine(l: Latency): string {
  return `p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms, ${l.requests} requests, ${l.non2xx} non-2xx, ${l.errors} errors`;
}

export function scanLine(scan: ScanAnswer, bytes: number): string {
  const result = `HTTP ${scan.status} in ${fixed(scan.seconds, 2)} s (${fixed(bytes / MB / scan.seconds)} MB/s), ${scan.findingCount ?? '?'} findings`;
  return scan.error === undefined ? result : `${result}: ${scan.error}`;
}

type Verdict = 'met' | 'NOT met' | 'undetermined';

function ratio(vigil: Throughput, secretlint: SecretlintFigures): { text: string; value: number; lowerBound: boolean } {
  const value = mbps(vigil) / mbps(secretlint);
  return { text: `${secretlint.timedOut ? '≥ ' : ''}${fixed(value)}×`, value, lowerBound: secretlint.timedOut };
}

export function summary(f: Figures): string {
  const lines = ['', '================ Secrets benchmark summary ================', f.machine];
  const planted = f.corpus.planted === undefined ? 'no planted secrets (custom DIR)' : `${f.corpus.planted} planted secrets`;
  lines.push(`Corpus: ${fixed(f.corpus.bytes / MB)} MB in ${f.corpus.files} files, ${planted} (${f.corpus.dir})`);
  const recall = f.pass.recall === undefined ? 'recall n/a' : `recall ${f.pass.recall.found}/${f.pass.recall.planted} (${percent(f.pass.recall.found, f.pass.recall.planted)})`;
  lines.push(`Vigil secrets pass (1 thread, in memory, median of 3): ${speed(f.pass)}; ${f.pass.findings} findings; ${recall}`);
  lines.push(f.whole === undefined ? 'Vigil whole scan (CLI): skipped' : `Vigil whole scan (CLI, ${f.whole.workers} workers): ${speed(f.whole)}; ${f.whole.findings ?? '?'} findings`);
  const sl = f.secretlint;
  if (sl === undefined) {
    lines.push('secretlint: skipped');
  } else {
    const slRecall = sl.recall === undefined ? '' : `; recall ${sl.recall.found}/${sl.recall.planted} (${percent(sl.recall.found, sl.recall.planted)})`;
    lines.push(`secretlint ${sl.version} (preset-recommend): ${sl.timedOut ? `killed after ${fixed(sl.seconds)} s, ≤ ${fixed(mbps(sl))} MB/s` : speed(sl)}${sl.findings === undefined ? '' : `; ${sl.findings} findings`}${slRecall}`);
    lines.push(`Speed vs secretlint: secrets pass ${ratio(f.pass, sl).text}${f.whole === undefined ? '' : `, whole scan ${ratio(f.whole, sl).text}`}`);
  }
  const h = f.health;
  if (h === undefined) {
    lines.push('/health under load: skipped');
  } else {
    lines.push(`POST /v1/scan/github, no other traffic: ${scanLine(h.quietScan, f.corpus.bytes)}`);
    lines.push(`POST /v1/scan/github, /health under load: ${scanLine(h.loadedScan, f.corpus.bytes)}`);
    lines.push(`GET /health idle (${h.connections} connections): ${latencyLine(h.idle)}`);
    lines.push(`GET /health during the scan: ${latencyLine(h.underScan)}`);
  }
  lines.push('Targets:');
  const passVerdict: Verdict = mbps(f.pass) >= TARGETS.passMbPerSecond ? 'met' : 'NOT met';
  lines.push(`  [${passVerdict}] secrets pass ≥ ${TARGETS.passMbPerSecond} MB/s: ${fixed(mbps(f.pass))} MB/s`);
  if (sl === undefined) {
    lines.push(`  [undetermined] ≥ ${TARGETS.ratioVsSecretlint}× secretlint: secretlint skipped`);
  } else {
    const r = ratio(f.pass, sl);
    const verdict: Verdict = r.value >= TARGETS.ratioVsSecretlint ? 'met' : r.lowerBound ? 'undetermined' : 'NOT met';
    lines.push(`  [${verdict}] secrets pass ≥ ${TARGETS.ratioVsSecretlint}× secretlint: ${r.text}`);
  }
  if (h === undefined) {
    lines.push(`  [undetermined] /health p99 < ${TARGETS.healthP99Ms} ms during a scan: skipped`);
  } else {
    const ok = h.underScan.p99 < TARGETS.healthP99Ms && h.loadedScan.status === 200 && h.underScan.non2xx === 0 && h.underScan.errors === 0;
    lines.push(`  [${ok ? 'met' : 'NOT met'}] /health p99 < ${TARGETS.healthP99Ms} ms during a scan: ${h.underScan.p99} ms`);
  }
  lines.push('===========================================================');
  return lines.join('\n');
}
