/**
 * Secrets in a repository's history: every distinct blob reachable from the
 * chosen refs is read once (one `git cat-file --batch` process), scanned by
 * the secrets rules on the worker pool, and each secret is reported once, at
 * the commit that introduced it, with whether the scanned tip still has it.
 *
 * Dedup key: rule + SHA-256 of the secret (never the secret itself); findings
 * without a secret (a committed .env file) by rule + path + evidence. Then the
 * usual pipeline: .vigilignore, limits, redaction, sorting.
 */
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { AppError, isAppError } from '../core/errors.js';
import type { Finding, RawFinding } from '../core/findings.js';
export type { SecretToVerify, VerificationResult, VerifySecrets } from './verification.js';
import { FILE_SCANNERS } from '../scanners/index.js';
import { readBlobs } from '../adapters/sources/git/blobs.js';
import { runGit } from '../adapters/sources/git/command.js';
import { checkRepository, headCommit, listHistory, resolveCommit, treeBlobs, type HistoryCommit } from '../adapters/sources/git/history.js';
import { droppedCount, FindingCollector } from './pipeline/index.js';
import { findingId } from './pipeline/fingerprint.js';
import { parseIgnoreFile } from './pipeline/ignore-file.js';
import type { FindingLimits } from './pipeline/limit.js';
import type { HiddenSecret } from './pipeline/redact.js';

/** Suppressed secrets kept for redaction over a whole history (a few MB at most). */
const MAX_HIDDEN_SECRETS = 100_000;
import type { ScanPool } from './pool.js';
import type { ScanOutcome } from './scan-workspace.js';
import type { ScannerStatus, ScannerTally, TextFile, TextTaskResult } from './types.js';
import { applyVerification, type SecretToVerify, type VerifySecrets } from './verification.js';

export interface HistoryScanOptions {
  readonly pool: ScanPool;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly limits?: FindingLimits;
  /** Blobs larger than this are skipped (counted as tooLarge). */
  readonly maxFileBytes: number;
  /** More commits than this: 400. */
  readonly maxCommits?: number;
  /** Only commits after this rev. */
  readonly since?: string;
  /** Only this branch (or rev) instead of every ref; its tip is then what `present_at_head` compares with. */
  readonly branch?: string;
  /** The ignore file's text when the caller has it (a work tree's own file); default: `.vigilignore` at the tip. */
  readonly ignoreText?: string;
  readonly today?: string;
  readonly onProgress?: (blobsDone: number, blobsTotal: number) => void;
  readonly verify?: VerifySecrets;
  /** How messages name the two selections (the CLI's flags by default; the API says `since` and `ref`). */
  readonly names?: { readonly since: string; readonly branch: string };
}

const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_FILES = 500;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function dedupeKey(f: RawFinding): string {
  return f.secret !== undefined ? `${f.ruleId}\0s:${sha256(f.secret)}` : `${f.ruleId}\0p:${f.path}\0${f.fingerprintMaterial ?? f.evidence}`;
}

interface Kept {
  raw: RawFinding;
  blob: number;
  /** Distinct blobs (file versions) that had it. */
  versions: number;
  companions: { ruleId: string; secret: string }[];
}

export async function scanHistory(dir: string, target: string, options: HistoryScanOptions): Promise<ScanOutcome> {
  const started = performance.now();
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const timer = setTimeout(() => controller.abort(new Error('timeout')), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = controller.signal;
  try {
    return await run(dir, target, options, signal, started);
  } catch (error) {
    if (signal.aborted && !options.signal?.aborted) {
      throw new AppError('internal', `Scan failed: the history scan did not finish within the ${Math.round(options.timeoutMs / 1000)} s limit`, { cause: error });
    }
    if (isAppError(error) || signal.aborted) throw error;
    throw new AppError('internal', `Scan failed: the repository's history could not be read (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

async function run(dir: string, target: string, options: HistoryScanOptions, signal: AbortSignal, started: number): Promise<ScanOutcome> {
  await checkRepository(dir);
  const names = options.names ?? { since: '--since', branch: '--branch' };
  const branch = options.branch === undefined ? undefined : await resolveCommit(dir, options.branch, names.branch, signal);
  const since = options.since === undefined ? undefined : await resolveCommit(dir, options.since, names.since, signal);
  const tip = branch ?? (await headCommit(dir, signal));
  const listing = await listHistory(dir, {
    revs: branch ? [branch] : [],
    ...(since ? { exclude: [since] } : {}),
    ...(options.maxCommits === undefined ? {} : { maxCommits: options.maxCommits }),
    signal,
  });
  const head = tip ? await treeBlobs(dir, tip, signal) : { blobs: new Set<string>() };
  let ignoreText = options.ignoreText;
  if (ignoreText === undefined && head.ignoreFile) {
    ignoreText = (await runGit(['cat-file', 'blob', head.ignoreFile], { cwd: dir, signal, maxBytes: 1024 * 1024 }).catch(() => undefined))?.toString('utf8');
  }
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const ignore = ignoreText === undefined ? undefined : parseIgnoreFile(ignoreText, today);

  const historyScanners = FILE_SCANNERS.filter((s) => s.history === true);
  const modules = historyScanners.map((s) => s.module);
  const kept = new Map<string, Kept>();
  const present = new Set<string>();
  const tallies = new Map<string, ScannerTally>(historyScanners.map((s) => [s.name, { files: 0, findings: 0, failures: 0 }]));
  let suppressed = 0;
  /** Secrets of suppressed findings, by path and secret: redacted from the findings kept at that path. */
  const hidden = new Map<string, HiddenSecret>();
  const skipped = { binary: 0, tooLarge: 0, missing: 0 };
  let bytes = 0;
  let texts = 0;
  let done = 0;
  const total = listing.blobs.length;
  options.onProgress?.(0, total);

  const take = (result: TextTaskResult, batchSize: number) => {
    suppressed += result.suppressed;
    for (const h of result.hidden ?? []) if (hidden.size < MAX_HIDDEN_SECRETS) hidden.set(`${h.path}\u0000${h.secret}`, h);
    for (const [name, t] of Object.entries(result.tallies)) {
      const into = tallies.get(name) ?? { files: 0, findings: 0, failures: 0 };
      into.files += t.files;
      into.findings += t.findings;
      into.failures += t.failures;
      into.firstError ??= t.firstError;
      if (t.counts) {
        const counts = (into.counts ??= {});
        for (const [k, v] of Object.entries(t.counts)) counts[k] = (counts[k] ?? 0) + v;
      }
      tallies.set(name, into);
    }
    for (const { key: blob, findings, identifiers } of result.findings) {
      const atHead = head.blobs.has(listing.blobs[blob]?.sha ?? '');
      const companions = [...findings.flatMap((f) => (f.secret === undefined ? [] : [{ ruleId: f.ruleId, secret: f.secret }])), ...(identifiers ?? [])];
      const keysInBlob = new Set<string>();
      for (const f of findings) {
        const key = dedupeKey(f);
        if (atHead) present.add(key);
        const known = kept.get(key);
        const counted = keysInBlob.has(key);
        keysInBlob.add(key);
        if (!known) {
          kept.set(key, { raw: f, blob, versions: 1, companions: companions.filter((c) => c.secret !== f.secret) });
          continue;
        }
        if (!counted) known.versions++;
        if (blob < known.blob || (blob === known.blob && f.line < known.raw.line)) {
          known.raw = f;
          known.blob = blob;
          known.companions = companions.filter((c) => c.secret !== f.secret);
        }
      }
    }
    done += batchSize;
    options.onProgress?.(done, total);
  };

  // Batches go to the pool as blobs stream in; reading pauses while the pool is busy.
  const inFlight = new Set<Promise<void>>();
  const maxInFlight = Math.max(2, options.pool.size * 2);
  let failure: Error | undefined;
  let batch: TextFile[] = [];
  let batchBytes = 0;
  let batchCount = 0;
  const dispatch = () => {
    if (batch.length === 0 && batchCount === 0) return;
    const files = batch;
    const count = batchCount;
    batch = [];
    batchBytes = 0;
    batchCount = 0;
    const task: Promise<void> = (files.length === 0 ? Promise.resolve({ findings: [], tallies: {}, suppressed: 0 }) : options.pool.runTexts({ files, scannerModules: modules }, signal))
      .then((result) => take(result, count))
      .catch((error: unknown) => {
        failure ??= error instanceof Error ? error : new Error('a scan batch failed');
      })
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
  };

  await readBlobs(
    dir,
    listing.blobs.map((b) => b.sha),
    {
      maxFileBytes: options.maxFileBytes,
      signal,
      onBlob: (index, blob) => {
        if (failure !== undefined) throw failure;
        batchCount++;
        if (blob.kind === 'text') {
          texts++;
          bytes += blob.size;
          batch.push({ key: index, path: listing.blobs[index]?.path ?? '', text: blob.text });
          batchBytes += blob.size;
        } else {
          skipped[blob.kind]++;
        }
        if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_FILES || batchCount >= 4 * BATCH_FILES) dispatch();
        if (inFlight.size >= maxInFlight) return Promise.race(inFlight);
        return undefined;
      },
    },
  );
  dispatch();
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;

  // The pipeline over one finding per secret: ids, the ignore file, limits, redaction.
  const info = new Map<string, { commit: HistoryCommit; present: boolean; versions: number; secret?: string; ruleId: string; companions: Kept['companions'] }>();
  const raws: RawFinding[] = [];
  for (const [key, k] of kept) {
    const commit = listing.commits[listing.blobs[k.blob]?.commit ?? -1];
    if (!commit) continue;
    const note = k.versions > 1 ? ` (in ${k.versions} file versions of the history)` : '';
    const raw = { ...k.raw, evidence: k.raw.evidence + note };
    raws.push(raw);
    info.set(findingId(target, raw), {
      commit,
      present: present.has(key),
      versions: k.versions,
      ruleId: raw.ruleId,
      companions: k.companions,
      ...(raw.secret === undefined ? {} : { secret: raw.secret }),
    });
  }
  const collector = new FindingCollector({ target, ...(ignore ? { ignore } : {}), ...(options.limits ? { limits: options.limits } : {}) });
  collector.remember([...hidden.values()]);
  collector.add(raws);
  const result = collector.finish();
  let findings: Finding[] = result.findings.map((f) => {
    const i = info.get(f.id);
    if (!i) return f;
    return {
      ...f,
      location: { ...f.location, commit: i.commit.sha, commit_date: i.commit.date, commit_author: i.commit.author },
      present_at_head: i.present,
    };
  });
  const warnings: string[] = [];
  if (options.verify) {
    const toVerify: SecretToVerify[] = [];
    for (const f of findings) {
      const i = info.get(f.id);
      if (i?.secret !== undefined) toVerify.push({ id: f.id, ruleId: i.ruleId, secret: i.secret, companions: i.companions });
    }
    findings = applyVerification(findings, await options.verify(toVerify, signal));
  }
  info.clear();
  if (ignore) warnings.push(...ignore.warnings);
  if (result.warning) warnings.push(result.warning);
  const statuses: ScannerStatus[] = [...tallies].map(([name, t]) => ({
    name,
    state: t.failures > 0 ? 'failed' : t.files === 0 ? 'skipped' : 'ran',
    files: t.files,
    findings: t.findings,
    failures: t.failures,
    ...(t.firstError ? { error: t.firstError } : {}),
    ...(t.counts ? { counts: t.counts } : {}),
  }));
  for (const s of statuses) if (s.failures > 0) warnings.push(`The ${s.name} scanner failed on ${s.failures} file version(s); results may be incomplete (first error: ${s.error ?? 'unknown'})`);
  if (skipped.missing > 0) warnings.push(`${skipped.missing} blob(s) are missing from the repository (a shallow or partial clone) and were not scanned`);
  const seconds = Math.max(0.001, (performance.now() - started) / 1000);
  return {
    findings,
    warnings,
    stats: {
      files: texts,
      bytes,
      skipped: { tooLarge: skipped.tooLarge, binary: skipped.binary, links: 0, special: 0, unsafe: 0 },
      unreadable: skipped.missing,
      suppressed_inline: suppressed,
      suppressed_ignore_file: result.ignored,
      truncated: droppedCount(result.truncation) > 0,
      findings_omitted: droppedCount(result.truncation),
      duration_ms: Math.round(seconds * 1000),
      scanners: statuses,
      history: {
        commits: listing.commits.length,
        blobs: listing.blobs.length,
        blobs_scanned: texts,
        bytes_scanned: bytes,
        tip: tip ?? null,
        since: since ?? null,
        branch: options.branch ?? null,
        commits_per_second: Math.round(listing.commits.length / seconds),
        megabytes_per_second: Math.round((bytes / (1024 * 1024) / seconds) * 10) / 10,
      },
    },
  };
}
