/**
 * The repository pass of the code scanner: after every file is scanned, the candidates of each
 * file (facts.ts) are matched with the summaries of the files their imports name (modules.ts):
 * - a `hash-call` whose argument reaches a parameter that an exported function hashes with a
 *   broken hash: the hash is reported where it is (the exporting file), naming the calls that pass
 *   it a password (one finding per hash, however many callers);
 * - a `tainted-call` whose argument (request data not sanitised for that sink) reaches a parameter
 *   that an exported function passes to a sink: the sink is reported where it is, as a proven flow,
 *   naming the calls and their sources (one finding per sink);
 * - a `passed` finding whose call's function returns the taint of an argument that carries request
 *   data (a `passes` summary): reported as the scanner found it, naming the function;
 * - a `guarded` finding whose guard is a predicate that only tests for a substring (`weak`): reported
 *   as the scanner found it, with the guard's check named; a `strong` predicate keeps it unreported;
 *   with no summary, what the name-based rule said before holds (`unchecked`: reported).
 * Pure, deterministic (files in path order, candidates in file order) and linear in the facts.
 */
import type { RawFinding } from '../../../core/findings.js';
import type { FileFacts } from '../../contract.js';
import { isCodeFacts, type Candidate, type CodeFacts, type FunctionSummary } from './facts.js';
import { ModuleResolver } from './modules.js';

/** Calls named in a finding's description; the rest are counted. */
const MAX_CALLERS_NAMED = 3;

type Summaries = Map<string, Map<string, FunctionSummary[]>>;

export interface CrossFileResult {
  readonly findings: RawFinding[];
  /** Candidates matched with a summary, for diagnostics. */
  readonly resolved: number;
}

export function crossFileFindings(files: readonly FileFacts[]): CrossFileResult {
  const sorted = files.filter((f): f is { path: string; facts: CodeFacts } => isCodeFacts(f.facts)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const summaries: Summaries = new Map();
  for (const f of sorted) {
    if (f.facts.summaries.length === 0) continue;
    const byName = new Map<string, FunctionSummary[]>();
    for (const s of f.facts.summaries) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
    summaries.set(f.path, byName);
  }
  const resolver = new ModuleResolver(new Set(summaries.keys()));
  const reached = new Map<string, Reached>();
  const out = new Map<string, RawFinding>();
  let resolved = 0;
  const reach = (s: Reached['summary'], caller: Caller): void => {
    const key = siteKey(s.finding);
    const entry: Reached = reached.get(key) ?? { summary: s, callers: [] };
    reached.set(key, entry);
    if (!entry.callers.some((x) => x.path === caller.path && x.line === caller.line)) entry.callers.push(caller);
  };
  for (const f of sorted) {
    for (const c of f.facts.candidates) {
      const target = resolver.resolve(f.path, c.callee, f.facts.python);
      const found = target ? (summaries.get(target.path)?.get(target.name) ?? []) : [];
      if (found.length > 0) resolved++;
      if (c.kind === 'hash-call') {
        for (const s of found) if (s.kind === 'weak-hash' && s.param === c.arg) reach(s, { path: f.path, line: c.line, call: c.call });
      } else if (c.kind === 'tainted-call') {
        for (const s of found) if (s.kind === 'sink' && s.param === c.arg && !c.cleared.includes(s.sink)) reach(s, { path: f.path, line: c.line, call: c.call, source: c.source });
      } else if (c.kind === 'passed') {
        const finding = passedFinding(c, target?.path, found);
        if (finding) out.set(siteKey(finding), out.get(siteKey(finding)) ?? finding);
      } else {
        const finding = guardedFinding(c, target?.path, found);
        if (finding) out.set(siteKey(finding), out.get(siteKey(finding)) ?? finding);
      }
    }
  }
  for (const [key, r] of reached) out.set(key, out.get(key) ?? reachedFinding(r));
  const findings = [...out.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)));
  return { findings, resolved };
}

const siteKey = (f: RawFinding): string => `${f.ruleId}\u0000${f.path}\u0000${f.line}\u0000${f.column}`;

interface Caller {
  readonly path: string;
  readonly line: number;
  readonly call: string;
  /** For request data: the source, as findings name it. */
  readonly source?: string;
}

interface Reached {
  readonly summary: Extract<FunctionSummary, { kind: 'weak-hash' | 'sink' }>;
  readonly callers: Caller[];
}

/** The finding in the exporting file, with the calls that reach it from other files. */
function reachedFinding({ summary, callers }: Reached): RawFinding {
  const named = callers.slice(0, MAX_CALLERS_NAMED).map((c) => `${c.path}:${c.line} (${c.source === undefined ? '' : `${c.source} in `}\`${c.call}\`)`);
  const more = callers.length > MAX_CALLERS_NAMED ? ` and ${callers.length - MAX_CALLERS_NAMED} more` : '';
  const fn = summary.name === 'default' ? 'This module’s default export' : `\`${summary.name}()\``;
  const detail =
    summary.kind === 'weak-hash'
      ? `${fn}, exported here, hashes its input with ${summary.algorithm} and is called with a password from ${named.join(', ')}${more}.`
      : `${fn}, exported here, is called with request data from ${named.join(', ')}${more}.`;
  return { ...summary.finding, description: `${summary.finding.description} ${detail}` };
}

/** A finding proven through a function of another module: reported when that function returns an argument that carries request data. */
function passedFinding(c: Extract<Candidate, { kind: 'passed' }>, targetPath: string | undefined, found: readonly FunctionSummary[]): RawFinding | undefined {
  if (!found.some((s) => s.kind === 'passes' && s.params.some((p) => c.args.includes(p)))) return undefined;
  const fn = c.callee.name === 'default' ? 'the default export' : `\`${c.callee.name}()\``;
  const detail = `The request data passes through ${fn} of ${targetPath ?? c.callee.module} (\`${c.call}\`, line ${c.line}), which returns it.`;
  return { ...c.finding, description: `${c.finding.description} ${detail}` };
}

/** A finding a guard kept back: reported when the guard is weak, or unknown and not taken as a check before. */
function guardedFinding(c: Extract<Candidate, { kind: 'guarded' }>, targetPath: string | undefined, found: readonly FunctionSummary[]): RawFinding | undefined {
  const guard = found.find((s): s is Extract<FunctionSummary, { kind: 'guard' }> => s.kind === 'guard');
  if (!guard) return c.unchecked ? c.finding : undefined;
  if (guard.strength === 'strong') return undefined;
  const fn = c.callee.name === 'default' ? 'the predicate' : `\`${c.callee.name}\``;
  const detail = `The check \`${c.call}\` (line ${c.line}) does not make it safe: ${fn} in ${targetPath ?? c.callee.module} only tests that the value contains an allowed text (\`${guard.check}\`, line ${guard.line}).`;
  return { ...c.finding, description: `${c.finding.description} ${detail}` };
}

/**
 * A folder's per-file findings with the repository pass's added, as a repository scan keeps them:
 * where the pass reports a site the file alone reported too (a sink proven across files that its
 * file reported unproven), only the pass's finding stays (the pipeline keeps the more severe of
 * two findings with one id). For tools that scan files one by one (scripts, benchmarks).
 */
export function mergeCrossFile(perFile: readonly RawFinding[], cross: readonly RawFinding[]): RawFinding[] {
  const sites = new Set(cross.map(siteKey));
  return [...perFile.filter((f) => !sites.has(siteKey(f))), ...cross];
}
