/**
 * The steps after the scanners, in order: stable ids, the ignore file, dedupe,
 * limits (collapse identical findings across files, caps per file, rule and
 * scan), redaction, the wire shape, sorting. Inline `vigil-ignore` comments
 * were already applied in the workers (see inline.ts).
 *
 * Findings arrive batch by batch (FindingCollector.add); when more pile up
 * than a result can hold, the collector applies the limits early, so memory
 * stays bounded however many findings the scanners produce.
 */
import type { Finding, RawFinding } from '../../core/findings.js';
import { mergeById, occurrencesNote, type Identified } from './dedupe.js';
import { findingId } from './fingerprint.js';
import { isIgnored, type IgnoreFile } from './ignore-file.js';
import {
  addTruncation,
  DEFAULT_FINDING_LIMITS,
  droppedCount,
  limitFindings,
  NO_TRUNCATION,
  otherFilesNote,
  truncationWarning,
  type FindingLimits,
  type Truncation,
} from './limit.js';
import { redact, SecretIndex, type HiddenSecret } from './redact.js';
import { compareFindings } from './sort.js';

export interface PipelineOptions {
  /** owner/repo or the directory label; part of every finding id and location. */
  readonly target: string;
  readonly ignore?: IgnoreFile;
  readonly limits?: FindingLimits;
}

export interface PipelineResult {
  readonly findings: Finding[];
  /** Findings dropped by the ignore file. */
  readonly ignored: number;
  /** Findings left out by the limits, per reason; `warning` says so in words. */
  readonly truncation: Truncation;
  readonly warning?: string;
}

/** One batch's findings after a worker ran the steps up to the limits (FindingCollector.drain). */
export interface CollectedBatch {
  /** Identified, not ignored, within the limits, text fields redacted with every secret of their file. */
  readonly findings: Identified[];
  readonly ignored: number;
  readonly truncation: Truncation;
  /** Secrets of this batch's inline-suppressed findings: the main thread redacts them from other scanners' findings of the same files. */
  readonly hidden?: readonly HiddenSecret[];
}

/** Two collected batches of the same files (different scanners over them) as one. */
export function mergeCollected(a: CollectedBatch, b: CollectedBatch): CollectedBatch {
  const hidden = [...(a.hidden ?? []), ...(b.hidden ?? [])];
  return {
    findings: [...a.findings, ...b.findings],
    ignored: a.ignored + b.ignored,
    truncation: addTruncation(a.truncation, b.truncation),
    ...(hidden.length > 0 ? { hidden } : {}),
  };
}

/** Findings gathered before the limits are applied early: several results' worth, never unbounded. */
function highWater(limits: FindingLimits): number {
  return Math.max(4 * limits.perScan, 20_000);
}

export class FindingCollector {
  private readonly byId = new Map<string, Identified>();
  private ignore: IgnoreFile | undefined;
  /** Every secret seen per path, kept even when its finding is left out, so other findings of that file stay redacted. */
  private readonly secrets = new SecretIndex();
  /** Remembered suppressed secrets not yet passed on by drain. */
  private hidden: HiddenSecret[] = [];
  private ignored = 0;
  private truncation: Truncation = NO_TRUNCATION;
  private readonly limits: FindingLimits;

  constructor(private readonly options: PipelineOptions) {
    this.limits = options.limits ?? DEFAULT_FINDING_LIMITS;
    this.ignore = options.ignore;
  }

  /**
   * An ignore file learnt after findings were gathered (an archive's `.vigilignore` arriving while
   * its scan runs): applied to the findings held and to every later batch, collected ones included.
   */
  useIgnore(ignore: IgnoreFile): void {
    this.ignore = ignore;
    for (const [id, f] of this.byId) {
      if (!isIgnored(ignore, { id, ruleId: f.raw.ruleId, path: f.raw.path })) continue;
      this.byId.delete(id);
      this.ignored++;
    }
  }

  /**
   * Secrets whose findings an inline `vigil-ignore` dropped: never reported, yet still redacted
   * from every other finding of their file (the line that holds one may be another finding's evidence).
   */
  remember(hidden: readonly HiddenSecret[]): void {
    for (const h of hidden) {
      this.secrets.add(h);
      this.hidden.push(h);
    }
  }

  private ignores(f: Identified): boolean {
    return this.ignore !== undefined && isIgnored(this.ignore, { id: f.id, ruleId: f.raw.ruleId, path: f.raw.path });
  }

  add(raw: readonly RawFinding[]): void {
    for (const f of raw) {
      this.secrets.add(f);
      const id = findingId(this.options.target, f);
      if (this.ignore && isIgnored(this.ignore, { id, ruleId: f.ruleId, path: f.path })) {
        this.ignored++;
        continue;
      }
      mergeById(this.byId, { id, raw: f, otherLines: [] });
    }
    if (this.byId.size > highWater(this.limits)) this.compact(true);
  }

  /**
   * Takes a batch a worker already collected. Every file lies in one batch, so
   * the worker saw all of a file's secrets (or, for a batch run in two halves on two
   * threads, the halves' batches together did: finish redacts with every secret of
   * the path); ids only meet again when identical findings of different files collapse.
   */
  addCollected(batch: CollectedBatch): void {
    this.ignored += batch.ignored;
    this.truncation = addTruncation(this.truncation, batch.truncation);
    if (batch.hidden) for (const h of batch.hidden) this.secrets.add(h);
    for (const f of batch.findings) {
      this.secrets.add(f.raw);
      // A batch dispatched before the ignore file was known (useIgnore); idempotent for the others.
      if (this.ignores(f)) {
        this.ignored++;
        continue;
      }
      mergeById(this.byId, f);
    }
    if (this.byId.size > highWater(this.limits)) this.compact(true);
  }

  /**
   * In a worker, at the end of its batch: the findings' text redacted with all
   * of their file's secrets (the secret itself stays on the finding for ids and
   * collapsing; it never leaves the engine). A batch that alone holds more than
   * a whole result may is limited first, like an early compaction on the main
   * thread; a batch under that is passed on whole, so the final result is the
   * same as if every finding had crossed.
   */
  drain(): CollectedBatch {
    const all = this.byId.size > this.limits.perScan ? this.compact(true) : [...this.byId.values()];
    const kept = all.map((f) => {
      const clean = redact(f.raw, this.secrets.get(f.raw.path));
      return { ...f, raw: f.raw.secret === undefined ? clean : { ...clean, secret: f.raw.secret } };
    });
    const batch = { findings: kept, ignored: this.ignored, truncation: this.truncation, ...(this.hidden.length > 0 ? { hidden: this.hidden } : {}) };
    this.hidden = [];
    this.byId.clear();
    this.ignored = 0;
    this.truncation = NO_TRUNCATION;
    return batch;
  }

  /** `partial`: more findings may come (limitFindings says what that changes). */
  private compact(partial = false): Identified[] {
    const { kept, truncation } = limitFindings([...this.byId.values()], this.limits, { partial });
    this.truncation = addTruncation(this.truncation, truncation);
    this.byId.clear();
    for (const f of kept) this.byId.set(f.id, f);
    return kept;
  }

  /** After finish: the secrets of the findings kept, by id (for validity checks; never leaves the engine). */
  keptSecrets(): { id: string; ruleId: string; path: string; secret: string }[] {
    return [...this.byId.values()].flatMap((f) => (f.raw.secret === undefined ? [] : [{ id: f.id, ruleId: f.raw.ruleId, path: f.raw.path, secret: f.raw.secret }]));
  }

  finish(): PipelineResult {
    const kept = this.compact();
    const findings = kept.map((f) => toFinding(f, this.options.target, this.secrets.get(f.raw.path)));
    findings.sort(compareFindings);
    const warning = truncationWarning(this.truncation, this.limits, findings.length);
    return { findings, ignored: this.ignored, truncation: this.truncation, ...(warning ? { warning } : {}) };
  }
}

function toFinding({ id, raw: f, otherLines, ...rest }: Identified, target: string, secrets: readonly string[]): Finding {
  const clean = redact(f, secrets);
  return {
    id,
    category: clean.category,
    severity: clean.severity,
    title: clean.title,
    description: clean.description,
    evidence: clean.evidence + occurrencesNote(otherLines) + otherFilesNote({ id, raw: f, otherLines, ...rest }),
    location:
      clean.url === undefined
        ? { target, path: clean.path, line: clean.line, column: clean.column, url: null, method: null }
        : { target, url: clean.url, method: clean.method ?? 'GET' },
    scanner_name: clean.scanner,
    remediation: clean.remediation,
    confidence: clean.confidence,
    owasp_categories: [...clean.owaspCategories],
    rule_id: clean.ruleId,
    ...(clean.cwe ? { cwe: clean.cwe } : {}),
  };
}

/** The whole pipeline over findings already in hand (API scans, tests). */
export function runPipeline(raw: readonly RawFinding[], options: PipelineOptions): PipelineResult {
  const collector = new FindingCollector(options);
  collector.add(raw);
  return collector.finish();
}

export { droppedCount };
