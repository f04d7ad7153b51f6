/**
 * Bounds on what one scan reports. A repository of a thousand copies of one
 * generated file must give a readable answer of bounded size, not a response
 * of hundreds of megabytes: identical findings in many files collapse into
 * one, then at most `perFile` findings per file, `perRule` per rule and
 * `perScan` in all are kept, the most severe (then most confident) first.
 */
import { SEVERITY_RANK } from '../../core/findings.js';
import { compareText } from '../../core/order.js';
import type { Identified } from './dedupe.js';

export interface FindingLimits {
  readonly perScan: number;
  readonly perRule: number;
  readonly perFile: number;
}

/** 5,000 is what GitHub code scanning shows of one upload; a rule or a file past its cap is noise. */
export const DEFAULT_FINDING_LIMITS: FindingLimits = Object.freeze({ perScan: 5_000, perRule: 1_000, perFile: 200 });

/** The same rule and the same match in more files than this are reported once, with the other files listed. */
export const COLLAPSE_MIN_FILES = 5;
const LISTED_FILES = 5;

/** Why findings were left out, with how many per reason. */
export interface Truncation {
  readonly perScan: number;
  readonly perRule: number;
  readonly perFile: number;
}

export const NO_TRUNCATION: Truncation = Object.freeze({ perScan: 0, perRule: 0, perFile: 0 });

/** Most severe first, then most confident, then by place; total, so results are stable. */
export function compareIdentified(a: Identified, b: Identified): number {
  return (
    SEVERITY_RANK[b.raw.severity] - SEVERITY_RANK[a.raw.severity] ||
    b.raw.confidence - a.raw.confidence ||
    compareText(a.raw.path, b.raw.path) ||
    a.raw.line - b.raw.line ||
    a.raw.column - b.raw.column ||
    compareText(a.id, b.id)
  );
}

/** What makes two findings in different files the same finding (rule, what matched, where in the file). */
function collapseKey(f: Identified): string {
  const r = f.raw;
  return [r.ruleId, r.severity, r.line, r.column, r.title, r.evidence, r.fingerprintMaterial ?? '', r.secret ?? ''].join('\u0000');
}

/**
 * Groups of identical findings spread over more than COLLAPSE_MIN_FILES files
 * become one finding (the first file in path order) that names the others.
 */
export function collapseAcrossFiles(findings: readonly Identified[]): Identified[] {
  const groups = new Map<string, Identified[]>();
  for (const f of findings) {
    const key = collapseKey(f);
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  const out: Identified[] = [];
  for (const group of groups.values()) {
    const files = group.reduce((n, f) => n + 1 + (f.otherFileCount ?? 0), 0);
    if (group.length === 1 || files <= COLLAPSE_MIN_FILES) {
      out.push(...group);
      continue;
    }
    group.sort((a, b) => compareText(a.raw.path, b.raw.path));
    const [first, ...rest] = group as [Identified, ...Identified[]];
    const others = [...(first.otherFiles ?? [])];
    for (const f of rest) {
      for (const path of [f.raw.path, ...(f.otherFiles ?? [])]) if (others.length < LISTED_FILES) others.push(path);
    }
    out.push({ ...first, otherFiles: others.sort(), otherFileCount: files - 1 });
  }
  return out;
}

/** Keeps at most `limit` findings per key, the first ones in `sorted` order. */
function capPerKey(sorted: readonly Identified[], limit: number, key: (f: Identified) => string): { kept: Identified[]; dropped: number } {
  const counts = new Map<string, number>();
  const kept: Identified[] = [];
  let dropped = 0;
  for (const f of sorted) {
    const k = key(f);
    const n = counts.get(k) ?? 0;
    if (n >= limit) {
      dropped++;
      continue;
    }
    counts.set(k, n + 1);
    kept.push(f);
  }
  return { kept, dropped };
}

/**
 * Collapses, then applies the per-file, per-rule and per-scan caps; returns the kept findings (sorted) and the drops.
 *
 * `partial`: the findings are some of a scan's (one batch, or what the main thread holds before the last
 * batches): the per-file cap is then left to the end. Which file stands for a group of identical findings
 * is decided only when every batch is in (the first path of the group), and a copy that is alone in its
 * batch may be that file: had a batch capped its files, the lines they lost would be reported on the first
 * copy of another batch, and the result would depend on how the files were batched. The per-rule and
 * per-scan caps still bound what a batch passes on; they keep a prefix of the findings in path order, so
 * the first file of a group in a batch is the last of the group to go.
 */
export function limitFindings(findings: readonly Identified[], limits: FindingLimits, options: { partial?: boolean } = {}): { kept: Identified[]; truncation: Truncation } {
  const sorted = collapseAcrossFiles(findings).sort(compareIdentified);
  const byFile = options.partial === true ? { kept: sorted, dropped: 0 } : capPerKey(sorted, limits.perFile, (f) => f.raw.path);
  const byRule = capPerKey(byFile.kept, limits.perRule, (f) => f.raw.ruleId);
  const kept = byRule.kept.slice(0, limits.perScan);
  return { kept, truncation: { perFile: byFile.dropped, perRule: byRule.dropped, perScan: byRule.kept.length - kept.length } };
}

export function addTruncation(a: Truncation, b: Truncation): Truncation {
  return { perScan: a.perScan + b.perScan, perRule: a.perRule + b.perRule, perFile: a.perFile + b.perFile };
}

export function droppedCount(t: Truncation): number {
  return t.perScan + t.perRule + t.perFile;
}

/** The warning a truncated result carries, naming the limits and the settings that raise them. */
export function truncationWarning(t: Truncation, limits: FindingLimits, kept: number): string | undefined {
  const dropped = droppedCount(t);
  if (dropped === 0) return undefined;
  const reasons = [
    t.perFile > 0 ? `${t.perFile} past ${limits.perFile} per file (VIGIL_MAX_FINDINGS_PER_FILE)` : undefined,
    t.perRule > 0 ? `${t.perRule} past ${limits.perRule} per rule (VIGIL_MAX_FINDINGS_PER_RULE)` : undefined,
    t.perScan > 0 ? `${t.perScan} past ${limits.perScan} per scan (VIGIL_MAX_FINDINGS_PER_SCAN)` : undefined,
  ].filter((r): r is string => r !== undefined);
  return `The result is truncated: ${kept} finding(s) are listed, the most severe first, and ${dropped} were left out: ${reasons.join('; ')}`;
}

export function otherFilesNote(f: Identified): string {
  const count = f.otherFileCount ?? 0;
  if (count === 0) return '';
  const listed = f.otherFiles ?? [];
  const more = count > listed.length ? ` and ${count - listed.length} more` : '';
  return ` (the same in ${count} other file${count > 1 ? 's' : ''}: ${listed.join(', ')}${more})`;
}
