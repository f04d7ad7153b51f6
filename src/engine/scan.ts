/**
 * One repository scan over a Workspace: file scanners on the worker pool,
 * repository-level checks, then the pipeline. Used by the API and the CLI.
 */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Finding, RawFinding } from '../core/findings.js';
import type { AdvisoryCoverage, EcosystemCoverage } from '../scanners/dependencies/advisories/check.js';
import { GITHUB_ACTIONS_ECOSYSTEM, type AdvisorySource } from '../scanners/dependencies/advisories/source.js';
import { FILE_SCANNERS, type FileScannerEntry } from '../scanners/index.js';
import { scanRepositoryHygiene } from '../scanners/secrets/hygiene.js';
import type { Workspace } from '../adapters/sources/workspace.js';
import { droppedCount, FindingCollector } from './pipeline/index.js';
import type { FindingLimits } from './pipeline/limit.js';
import { IGNORE_FILE, parseIgnoreFile } from './pipeline/ignore-file.js';
import { InlineSuppressions } from './pipeline/inline.js';
import type { ScanPool } from './pool.js';
import { runFileScanners } from './run.js';
import type { ScannerStatus } from './types.js';
import { applyVerification, type SecretToVerify, type VerifySecrets } from './verification.js';
import { TWILIO_SID, TWILIO_SID_PATTERN } from '../adapters/verify/providers.js';

/** Small files the repository checks read on the main thread (manifests, .gitignore, .vigilignore). */
const MAX_AUXILIARY_BYTES = 1024 * 1024;

export interface ScanOptions {
  readonly pool: ScanPool;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
  readonly scanners?: readonly FileScannerEntry[];
  readonly onProgress?: (filesDone: number, filesTotal: number) => void;
  /** Today's date for ignore-file expiry, YYYY-MM-DD; defaults to the current UTC date. */
  readonly today?: string;
  /** Run the dependency extractors and supply-chain checks (default true). */
  readonly supplyChain?: boolean;
  /** Look the pinned dependency versions and the workflows' actions up for known vulnerabilities (needs `advisories`). */
  readonly checkCves?: boolean;
  readonly advisories?: AdvisorySource;
  /** Caps on the findings of one scan (default DEFAULT_FINDING_LIMITS). */
  readonly limits?: FindingLimits;
  /** Check found secrets with their providers (`verify`). */
  readonly verify?: VerifySecrets;
}

export interface ScanStats {
  readonly files: number;
  readonly bytes: number;
  readonly skipped: Workspace['stats']['skipped'];
  readonly unreadable: number;
  readonly suppressed_inline: number;
  readonly suppressed_ignore_file: number;
  /** True when findings were left out by the limits; `findings_omitted` says how many. */
  readonly truncated: boolean;
  readonly findings_omitted: number;
  readonly duration_ms: number;
  readonly scanners: readonly ScannerStatus[];
  /** Present when the known-vulnerability check ran: per ecosystem, what was checked against what. */
  readonly advisories?: AdvisoryCoverage;
  /** History scans (engine/history.ts): what the history held and how fast it was read. */
  readonly history?: HistoryStats;
}

export interface HistoryStats {
  readonly commits: number;
  /** Distinct blobs of regular files reachable from the scanned commits. */
  readonly blobs: number;
  /** Of those, text blobs within the size limit that the rules read. */
  readonly blobs_scanned: number;
  readonly bytes_scanned: number;
  /** The commit `present_at_head` compares with (the branch tip, else HEAD); null in an empty repository. */
  readonly tip: string | null;
  readonly since: string | null;
  readonly branch: string | null;
  readonly commits_per_second: number;
  readonly megabytes_per_second: number;
}

export interface ScanOutcome {
  readonly findings: Finding[];
  readonly warnings: string[];
  readonly stats: ScanStats;
}

async function readSmall(root: string, path: string): Promise<string | undefined> {
  try {
    const handle = await open(join(root, path), 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_AUXILIARY_BYTES) return undefined;
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

export async function scanWorkspace(ws: Workspace, target: string, options: ScanOptions): Promise<ScanOutcome> {
  const started = performance.now();
  const scanners = options.scanners ?? FILE_SCANNERS;
  const paths = new Set(ws.files.map((f) => f.path));
  const read = (path: string) => (paths.has(path) ? readSmall(ws.root, path) : Promise.resolve(undefined));
  // The ignore file is read first: findings it drops must not take room under the limits.
  const ignoreText = await read(IGNORE_FILE);
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const ignore = ignoreText === undefined ? undefined : parseIgnoreFile(ignoreText, today);
  const collector = new FindingCollector({ target, ...(ignore ? { ignore } : {}), ...(options.limits ? { limits: options.limits } : {}) });
  const run = await runFileScanners(ws, {
    pool: options.pool,
    scannerModules: scanners.map((s) => s.module),
    scannerNames: scanners.map((s) => s.name),
    timeoutMs: options.timeoutMs,
    onFindings: (raw) => collector.add(raw),
    // Workers identify, filter and limit their own batches: the main thread only merges bounded results.
    collect: { target, today, ...(ignoreText === undefined ? {} : { ignoreText }), ...(options.limits ? { limits: options.limits } : {}) },
    onCollected: (batch) => collector.addCollected(batch),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const warnings = [...run.warnings];
  const statuses = [...run.statuses];
  let advisories: AdvisoryCoverage | undefined;
  collector.add(run.raw);
  if (scanners.some((s) => s.name === 'secrets')) collector.add(await scanRepositoryHygiene({ paths: [...paths], binaryPaths: ws.stats.binaryPaths ?? [], read }));
  if (options.supplyChain !== false) {
    const deps = await scanDependencies(ws, options);
    collector.add(deps.raw);
    warnings.push(...deps.warnings);
    statuses.push(deps.status);
    advisories = deps.advisories;
  }
  if (options.checkCves && options.advisories && scanners.some((s) => s.name === 'cicd')) {
    const actions = await checkActions(ws, read, options, options.advisories);
    collector.add(actions.raw);
    warnings.push(...actions.warnings);
    if (actions.coverage) {
      advisories = { mode: options.advisories.mode, ecosystems: { ...advisories?.ecosystems, [GITHUB_ACTIONS_ECOSYSTEM]: actions.coverage } };
    }
  }
  if (ignore) warnings.push(...ignore.warnings);
  const finished = collector.finish();
  const { ignored, truncation, warning } = finished;
  let findings = finished.findings;
  if (options.verify) findings = applyVerification(findings, await options.verify(await secretsToVerify(ws.root, collector.keptSecrets()), options.signal));
  if (warning) warnings.push(warning);
  return {
    findings,
    warnings,
    stats: {
      files: ws.stats.files,
      bytes: ws.stats.bytes,
      skipped: ws.stats.skipped,
      unreadable: run.unreadable,
      suppressed_inline: run.suppressed,
      suppressed_ignore_file: ignored,
      truncated: droppedCount(truncation) > 0,
      findings_omitted: droppedCount(truncation),
      duration_ms: Math.round(performance.now() - started),
      scanners: statuses,
      ...(advisories ? { advisories } : {}),
    },
  };
}

/** Kept secrets with the other secrets of their file (and Twilio account SIDs in it) as companions. */
async function secretsToVerify(root: string, kept: ReturnType<FindingCollector['keptSecrets']>): Promise<SecretToVerify[]> {
  const byPath = new Map<string, { ruleId: string; secret: string }[]>();
  for (const k of kept) byPath.set(k.path, [...(byPath.get(k.path) ?? []), { ruleId: k.ruleId, secret: k.secret }]);
  const out: SecretToVerify[] = [];
  for (const k of kept) {
    const companions = (byPath.get(k.path) ?? []).filter((c) => c.secret !== k.secret);
    if (k.ruleId === 'twilio-auth-token') {
      const text = (await readSmall(root, k.path)) ?? '';
      for (const sid of new Set(text.match(TWILIO_SID_PATTERN) ?? [])) companions.push({ ruleId: TWILIO_SID, secret: sid });
    }
    out.push({ id: k.id, ruleId: k.ruleId, secret: k.secret, companions });
  }
  return out;
}

/**
 * With check_cves, the actions of workflow and action files are looked up in the same advisory
 * source (OSV's "GitHub Actions" ecosystem). Inline suppressions apply as in the workers.
 */
async function checkActions(
  ws: Workspace,
  read: (path: string) => Promise<string | undefined>,
  options: ScanOptions,
  source: AdvisorySource,
): Promise<{ raw: RawFinding[]; warnings: string[]; coverage?: EcosystemCoverage }> {
  // Loaded only by scans that check actions (check_cves): the workflow parser is not small.
  const { checkActionAdvisories, isActionUser } = await import('../scanners/workflows/advisory-check.js');
  const files: { path: string; text: string }[] = [];
  for (const f of ws.files) {
    if (!isActionUser(f.path)) continue;
    const text = await read(f.path);
    if (text !== undefined) files.push({ path: f.path, text });
  }
  if (files.length === 0) return { raw: [], warnings: [] };
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]) : AbortSignal.timeout(options.timeoutMs);
  try {
    const outcome = await checkActionAdvisories(files, source, signal);
    const texts = new Map(files.map((f) => [f.path, new InlineSuppressions(f.text)]));
    const raw = outcome.findings.filter((f) => !texts.get(f.path)?.isSuppressed(f.line, f.ruleId));
    return { raw, warnings: outcome.warnings, ...(outcome.coverage ? { coverage: outcome.coverage } : {}) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { raw: [], warnings: [`The known-vulnerable action check did not finish within the scan's ${Math.round(options.timeoutMs / 1000)} s limit; actions were checked against Vigil's built-in list only`] };
  }
}

/**
 * The supply-chain part: manifests and lockfiles are extracted and checked in
 * a worker; the known-vulnerability lookup (network or database) runs here.
 */
async function scanDependencies(
  ws: Workspace,
  options: ScanOptions,
): Promise<{ raw: RawFinding[]; warnings: string[]; status: ScannerStatus; advisories?: AdvisoryCoverage }> {
  // The extractors' registry is loaded here, not with the engine: a scan without manifests never needs it.
  const isDependencyInput = ws.files.length === 0 ? () => false : (await import('../scanners/dependencies/scan.js')).isDependencyInput;
  const inputs = ws.files.filter((f) => isDependencyInput(f.path)).map((f) => f.path);
  const warnings: string[] = [];
  if (inputs.length === 0) {
    if (options.checkCves) warnings.push('check_cves was requested, but the repository has no manifest or lockfile Vigil reads; no packages were checked');
    return { raw: [], warnings, status: { name: 'supply_chain', state: 'skipped', files: 0, findings: 0, failures: 0 } };
  }
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]) : AbortSignal.timeout(options.timeoutMs);
  let result;
  try {
    result = await options.pool.runDependencies({ root: ws.root, paths: inputs, allPaths: ws.files.map((f) => f.path) }, signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push(`The supply_chain scanner failed; dependency findings are missing (${reason})`);
    return { raw: [], warnings, status: { name: 'supply_chain', state: 'failed', files: inputs.length, findings: 0, failures: 1, error: reason } };
  }
  const raw = [...result.findings];
  warnings.push(...result.warnings);
  if (result.unreadable > 0) warnings.push(`${result.unreadable} dependency file(s) could not be read`);
  let advisories: AdvisoryCoverage | undefined;
  if (options.checkCves) {
    if (!options.advisories) warnings.push('check_cves was requested, but no vulnerability database is configured; no packages were checked');
    else {
      try {
        const { checkKnownVulnerabilities } = await import('../scanners/dependencies/advisories/check.js');
        const cves = await checkKnownVulnerabilities(result.packages, options.advisories, signal);
        raw.push(...cves.findings);
        warnings.push(...cves.warnings);
        advisories = cves.advisories;
      } catch (error) {
        if (options.signal?.aborted) throw error;
        warnings.push(`The known-vulnerability (CVE) check did not finish within the scan's ${Math.round(options.timeoutMs / 1000)} s limit; the scan's other findings are complete`);
      }
    }
  }
  return {
    raw,
    warnings,
    status: { name: 'supply_chain', state: 'ran', files: result.files, findings: raw.length, failures: 0 },
    ...(advisories ? { advisories } : {}),
  };
}
