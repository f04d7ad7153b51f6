/**
 * The scanner's second looks at a file (scanner.ts runs them after its rules): the rules run again
 * with one assumption changed, and what only that run reports is kept as a fact for the
 * repository pass (facts.ts) instead of a finding:
 * - a predicate imported from another module assumed not to hold (`guarded` candidates);
 * - the parameters of exported functions taken as request data (`sink` summaries).
 * Both run only when the first run relied on such a check or met such a parameter at a sink.
 */
import type { RawFinding } from '../../../core/findings.js';
import type { CodeRule, Match, RuleContext } from '../rule.js';
import { MAX_GUARDS_PER_FILE, type Candidate, type FunctionSummary } from './facts.js';

/** Builds the finding a match gives in this file (the scanner's own). */
export type Report = (rule: CodeRule, match: Match) => RawFinding;

/**
 * When a parameter of an exported function reached a sink no caller here feeds: the rules again
 * with such parameters taken as request data. What they then report with that taint, and did not
 * prove before, is summarised (`sink`) for callers in other files.
 */
export function entrySummaries(rules: readonly CodeRule[], ctx: RuleContext, proven: ReadonlySet<string>, report: Report): FunctionSummary[] {
  if (!ctx.taint.openEntries()) return [];
  const out: FunctionSummary[] = [];
  ctx.taint.assumeEntriesTainted(true);
  try {
    for (const { rule, m } of newMatches(rules, ctx, proven)) {
      const entry = m.taint?.entry;
      if (entry) out.push({ kind: 'sink', name: entry.name, param: entry.index, sink: entry.kind, finding: report(rule, m) });
    }
  } finally {
    ctx.taint.assumeEntriesTainted(false);
  }
  return out;
}

/** The matches only a run with one imported guard assumed not to hold gives, per guard relied on. */
export function guardedCandidates(rules: readonly CodeRule[], ctx: RuleContext, seen: ReadonlySet<string>, report: Report): Candidate[] {
  const out: Candidate[] = [];
  for (const { id, guard } of ctx.taint.consultedGuards().slice(0, MAX_GUARDS_PER_FILE)) {
    ctx.taint.assumeIneffective(id);
    try {
      for (const { rule, m } of newMatches(rules, ctx, seen)) {
        out.push({ kind: 'guarded', callee: guard.callee, line: guard.line, call: guard.call, unchecked: guard.unchecked, finding: report(rule, m) });
      }
    } finally {
      ctx.taint.assumeIneffective(undefined);
    }
  }
  return out;
}

/** The rules' matches (a throwing rule gives none), once per site, except at sites in `known` (`rule:offset`). */
function newMatches(rules: readonly CodeRule[], ctx: RuleContext, known: ReadonlySet<string>): { rule: CodeRule; m: Match }[] {
  const out: { rule: CodeRule; m: Match }[] = [];
  const added = new Set<string>();
  for (const rule of rules) {
    let matches: Match[];
    try {
      matches = rule.match(ctx);
    } catch {
      continue;
    }
    for (const m of matches) {
      const key = `${rule.id}:${m.node.start}`;
      if (known.has(key) || added.has(key)) continue;
      added.add(key);
      out.push({ rule, m });
    }
  }
  return out;
}
