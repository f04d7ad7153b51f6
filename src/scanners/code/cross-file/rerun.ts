/**
 * The scanner's second looks at a file (scanner.ts runs them after its rules): the rules run again
 * with one assumption changed, and what only that run reports is kept as a fact for the
 * repository pass (facts.ts) instead of a finding:
 * - a predicate imported from another module assumed not to hold (`guarded` candidates);
 * - the parameters of exported functions taken as request data (`sink` summaries);
 * - a function imported from another module, called with request data, taken as returning it (`passed` candidates).
 * Each runs only when the first run relied on such a check, met such a parameter at a sink or made such a call.
 */
import type { RawFinding } from '../../../core/findings.js';
import { textOf } from '../ast.js';
import type { ImportedFunction } from '../imports.js';
import type { CodeRule, Match, QualifiedCall, RuleContext } from '../rule.js';
import { isProjectModule } from './extract.js';
import { clipCall, MAX_GUARDS_PER_FILE, MAX_PASSING_PER_FILE, type Candidate, type FunctionSummary } from './facts.js';

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

/**
 * For calls of functions other modules of the project export, with request data in an argument (at
 * most MAX_PASSING_PER_FILE functions): the rules again with that function taken as returning its
 * arguments' taint. The proven flows only that run gives wait, as `passed` candidates, for the
 * repository pass to learn whether the function does (a `passes` summary).
 */
export function passedCandidates(rules: readonly CodeRule[], ctx: RuleContext, proven: ReadonlySet<string>, report: Report): Candidate[] {
  const python = ctx.language === 'python';
  // Per function (by callee as written), its calls with request data: relative imports first (surely the project's own).
  const byCallee = new Map<string, { callee: ImportedFunction; call: QualifiedCall; args: number[] }>();
  for (const call of ctx.calls) {
    if (call.args.length === 0 || byCallee.has(call.name)) continue;
    const callee = ctx.imports.importedFunction(call.name);
    // A function a module exports by name (`trunc`), not a method of an imported object (`Blogs.objects.create`), which no summary names.
    if (!callee || callee.name.includes('.') || !isProjectModule(callee.module, python)) continue;
    const args = call.args.flatMap((a, i) => (ctx.taint.requestDataOf(a) ? [i] : []));
    if (args.length > 0) byCallee.set(call.name, { callee, call, args });
  }
  const tried = [...byCallee.values()].sort((a, b) => Number(!a.callee.module.startsWith('.')) - Number(!b.callee.module.startsWith('.'))).slice(0, MAX_PASSING_PER_FILE);
  const out: Candidate[] = [];
  for (const { callee, call, args } of tried) {
    ctx.taint.assumePassing(call.name);
    try {
      for (const { rule, m } of newMatches(rules, ctx, proven)) {
        if (m.taint) out.push({ kind: 'passed', callee, args, line: call.node.row + 1, call: clipCall(textOf(ctx.text, call.node)), finding: report(rule, m) });
      }
    } finally {
      ctx.taint.assumePassing(undefined);
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
