/**
 * One finding per id. The same secret in the same file under the same rule is
 * one leak: the first occurrence stays, the other lines are listed on it.
 */
import { SEVERITY_RANK, type RawFinding } from '../../core/findings.js';

export interface Identified {
  readonly id: string;
  readonly raw: RawFinding;
  /** Further lines of the same finding in the same file. */
  readonly otherLines: number[];
  /** Set when identical findings in other files were collapsed into this one (limit.ts): some of their paths. */
  readonly otherFiles?: readonly string[];
  /** How many other files had it. */
  readonly otherFileCount?: number;
}

const MAX_LISTED_LINES = 20;

export function dedupe(findings: readonly Identified[]): Identified[] {
  const byId = new Map<string, Identified>();
  for (const f of findings) mergeById(byId, f);
  return [...byId.values()];
}

/**
 * Whether `a` is the one to keep of two findings with one id: the first in the file; at the same
 * place, the more severe, then the more confident (a flow a later pass proved across files over
 * the same sink reported unproven by its file alone).
 */
function precedes(a: RawFinding, b: RawFinding): boolean {
  if (a.line !== b.line) return a.line < b.line;
  if (a.column !== b.column) return a.column < b.column;
  if (a.severity !== b.severity) return SEVERITY_RANK[a.severity] > SEVERITY_RANK[b.severity];
  return a.confidence > b.confidence;
}

/** Adds one finding to a map by id, merging it with an earlier one of the same id. */
export function mergeById(byId: Map<string, Identified>, f: Identified): void {
  const kept = byId.get(f.id);
  if (!kept) {
    byId.set(f.id, f);
    return;
  }
  const [first, second] = precedes(f.raw, kept.raw) ? [f, kept] : [kept, f];
  const lines = new Set([...first.otherLines, ...second.otherLines, second.raw.line]);
  lines.delete(first.raw.line);
  byId.set(f.id, { ...first, otherLines: [...lines].sort((a, b) => a - b) });
}

export function occurrencesNote(otherLines: readonly number[]): string {
  if (otherLines.length === 0) return '';
  const listed = otherLines.slice(0, MAX_LISTED_LINES).join(', ');
  const more = otherLines.length > MAX_LISTED_LINES ? ` and ${otherLines.length - MAX_LISTED_LINES} more` : '';
  return ` (also on line${otherLines.length > 1 ? 's' : ''} ${listed}${more})`;
}
