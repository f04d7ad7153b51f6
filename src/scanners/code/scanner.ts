/**
 * The code scanner: parses JavaScript, TypeScript, Python, PHP, Go, Java and
 * Ruby files with tree-sitter, runs the taint analysis and the rules of the
 * file's language. A prefilter (prefilter.ts) first picks the rules whose
 * trigger words the file contains; a file no rule can match is not parsed.
 */
import { redactText, SEVERITY_RANK, type RawFinding, type Severity } from '../../core/findings.js';
import { clipEvidence, toRawFinding } from '../../core/rules.js';
import type { FileFacts, FileScanner } from '../contract.js';
import { columnOf, lineText, NodeIndex } from './ast.js';
import type { Candidate, FunctionSummary } from './cross-file/facts.js';
import { entrySummaries, guardedCandidates, passedCandidates } from './cross-file/rerun.js';
import { FACT_PRODUCERS, fileFacts, type FactProducer, type ProducerId } from './cross-file/extract.js';
import { Imports } from './imports.js';
import { profileOf } from './language-profile.js';
import { isLanguageLoaded, languageOf, loadAllLanguages, parse, parseAhead, parsesAhead, PARSE_AHEAD_FILES, prepareLanguage, usesFunctionModel, type CodeLanguage } from './parser.js';
import { LanguagePrefilter } from './prefilter.js';
import { qualifiedCalls, type CodeRule, type Match, type RuleContext } from './rule.js';
import { CODE_RULES } from './rules/index.js';
import { TaintAnalysis } from './taint.js';
import { capForTests, isTestPath } from './test-paths.js';
import { bindingReport, TEMPLATE_FILE, templateBindings, unescapedOutputs } from './templates.js';

export const CODE_SCANNER_VERSION = '1.0.0';

export const MAX_FILE_BYTES = 512 * 1024;
export const MAX_AVERAGE_LINE_LENGTH = 500;
/** A file whose ERROR nodes cover more than this share of the text is skipped. */
export const MAX_ERROR_SHARE = 0.5;

const SKIPPED_DIRS = /(?:^|\/)(?:node_modules|vendor|dist|bower_components|\.git)\//;

/** Counters of this thread (cheap, for diagnostics). `prefiltered`: files no rule's triggers matched, not parsed. */
export const codeScannerStats = { parsed: 0, skipped: 0, failed: 0, prefiltered: 0 };

export type SkipReason = 'unsupported' | 'excluded-path' | 'too-large' | 'minified' | 'not-loaded' | 'unparsable';

/** Why a file is not scanned, or undefined when it is. */
export function skipReason(path: string, text: string): SkipReason | undefined {
  const language = languageOf(path);
  if (!language) return 'unsupported';
  if (SKIPPED_DIRS.test(path) || /\.min\.[cm]?js$/.test(path)) return 'excluded-path';
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) return 'too-large';
  if (isMinified(text)) return 'minified';
  if (!isLanguageLoaded(language)) return 'not-loaded';
  return undefined;
}

function isMinified(text: string): boolean {
  if (text.length < 2000) return false;
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.length / lines > MAX_AVERAGE_LINE_LENGTH;
}

const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** A flow sink no proven source reaches: at most MEDIUM (HIGH and CRITICAL need a proven source). */
const UNPROVEN_CAP: Severity = 'MEDIUM';
const capUnproven = (severity: Severity): Severity => (SEVERITY_RANK[severity] > SEVERITY_RANK[UNPROVEN_CAP] ? UNPROVEN_CAP : severity);

const TEST_NOTE = 'Found in test or fixture code (by its path): reported at most MEDIUM.';

function toFinding(rule: CodeRule, match: Match, path: string, text: string): RawFinding {
  const sinkText = text.slice(match.node.start, match.node.end);
  const inTests = isTestPath(path);
  const detail = [match.detail, inTests ? TEST_NOTE : undefined].filter((s) => s !== undefined).join(' ');
  const description = detail ? `${rule.description} ${detail}` : rule.description;
  const secrets = (match.secrets ?? []).filter((s) => s.length > 0);
  const evidence = `${inTests ? '[test code] ' : ''}${clipEvidence(redactText(lineText(text, match.node), [...secrets].sort((a, b) => b.length - a.length)))}`;
  const severity = match.severity ?? (match.unproven ? capUnproven(rule.severity) : rule.severity);
  return toRawFinding(rule, {
    category: 'code',
    scanner: 'code',
    severity: inTests ? capForTests(severity) : severity,
    description,
    evidence,
    confidence: match.confidence ?? (match.taint ? rule.taintConfidence : rule.confidence),
    cwe: rule.cwe,
    path,
    line: match.node.row + 1,
    column: columnOf(text, match.node) + 1,
    fingerprintMaterial: `${rule.id}:${normalise(sinkText).slice(0, 300)}`,
    ...(secrets[0] === undefined ? {} : { secret: secrets[0] }),
  });
}

const isRule = (x: CodeRule | FactProducer): x is CodeRule => 'match' in x;

/** Builds the context rules run against; exposed for tests. */
export function analyse(path: string, text: string, language: CodeLanguage): RuleContext | undefined {
  const parsed = parse(text, language);
  if (!parsed) return undefined;
  if (text.length > 0 && parsed.errorChars / text.length > MAX_ERROR_SHARE) return undefined;
  const nodes = new NodeIndex(parsed.root, parsed.nodesByType);
  const profile = profileOf(language);
  const imports = new Imports(text, profile, (t) => nodes.of(t));
  const taint = new TaintAnalysis(parsed.root, text, language, imports);
  return { path, text, language, root: parsed.root, nodes, imports, taint, profile, calls: qualifiedCalls(text, nodes, imports, language) };
}

type Plan =
  | { readonly kind: 'skip'; readonly reason: SkipReason }
  | { readonly kind: 'prefiltered' }
  | { readonly kind: 'parse'; readonly language: CodeLanguage; readonly active: readonly CodeRule[]; readonly producers: readonly ProducerId[] };

type Counts = { parsed: number; skipped: number; unparsable: number; prefiltered: number; rule_errors: number };
const noCounts = (): Counts => ({ parsed: 0, skipped: 0, unparsable: 0, prefiltered: 0, rule_errors: 0 });

export function createCodeScanner(rules: readonly CodeRule[] = CODE_RULES): FileScanner {
  // Counts since the engine last asked (takeCounts): files parsed, skipped (vendored, minified,
  // too large), unparsable, prefiltered (no rule could match, so not parsed), and rule errors.
  let pending = noCounts();
  // One prefilter per language over the rules and the cross-file fact producers (cross-file/,
  // JavaScript, TypeScript and Python only): one pass over the text finds the words of both.
  const prefilters = new Map<CodeLanguage, LanguagePrefilter<CodeRule | FactProducer>>();
  const prefilterOf = (language: CodeLanguage): LanguagePrefilter<CodeRule | FactProducer> => {
    let prefilter = prefilters.get(language);
    if (!prefilter) {
      const own = rules.filter((r) => r.languages.includes(language));
      prefilters.set(language, (prefilter = new LanguagePrefilter<CodeRule | FactProducer>([...own, ...(usesFunctionModel(language) ? [] : FACT_PRODUCERS)], language)));
    }
    return prefilter;
  };
  /** What scanFile does with a file: skip it, count it as prefiltered, or parse it and run `active`. */
  const planFor = (path: string, text: string): Plan => {
    const reason = skipReason(path, text);
    if (reason) return { kind: 'skip', reason };
    const language = languageOf(path) as CodeLanguage;
    const selected = prefilterOf(language).select(text);
    const active = selected.filter(isRule);
    // Calls with passwords in test code are not evidence (extract.ts): no reason to parse a test file.
    const producers = selected.flatMap((p) => (isRule(p) || (p.id === 'hash-call' && isTestPath(path)) ? [] : [p.id]));
    // `passes` summaries are read from files parsed anyway: on their own they would parse most library files.
    if (active.length === 0 && producers.every((p) => p === 'passes')) return { kind: 'prefiltered' };
    return { kind: 'parse', language, active, producers };
  };
  // Plans made by lookAhead for files the engine scans next, oldest first (the parse itself waits in parser.ts).
  const planned: { path: string; text: string; plan: Plan }[] = [];
  const takePlanned = (path: string, text: string): Plan | undefined => {
    const at = planned.findIndex((p) => p.path === path && p.text === text);
    return at < 0 ? undefined : (planned.splice(0, at + 1).pop() as (typeof planned)[number]).plan;
  };
  let facts: FileFacts[] = [];
  return {
    name: 'code',
    version: CODE_SCANNER_VERSION,
    init: loadAllLanguages,
    // The engine's way in: only the grammars of the languages a batch holds (each loaded once per thread).
    async prepare(paths) {
      const needed = new Set<CodeLanguage>();
      for (const path of paths) {
        const language = languageOf(path);
        if (language !== undefined && !isLanguageLoaded(language)) needed.add(language);
      }
      for (const language of needed) await prepareLanguage(language);
    },
    takeCounts() {
      const counts = pending;
      pending = noCounts();
      return counts;
    },
    takeFacts() {
      const taken = facts;
      facts = [];
      return taken;
    },
    lookAhead({ path, text }) {
      if (!parsesAhead() || TEMPLATE_FILE.test(path)) return;
      const plan = planFor(path, text);
      // A skipped file costs scanFile little to judge again.
      if (plan.kind === 'skip') return;
      if (planned.length >= PARSE_AHEAD_FILES) planned.shift();
      planned.push({ path, text, plan });
      if (plan.kind === 'parse') parseAhead(text, plan.language);
    },
    // Templates, and files of a language it parses: anything else scanFile skips as unsupported, uncounted.
    wants: (path) => TEMPLATE_FILE.test(path) || languageOf(path) !== undefined,
    scanFile({ path, text }) {
      if (TEMPLATE_FILE.test(path)) return scanTemplate(rules, path, text);
      const plan = takePlanned(path, text) ?? planFor(path, text);
      if (plan.kind === 'skip') {
        if (plan.reason !== 'unsupported') {
          codeScannerStats.skipped++;
          pending.skipped++;
        }
        return [];
      }
      if (plan.kind === 'prefiltered') {
        codeScannerStats.prefiltered++;
        pending.prefiltered++;
        return [];
      }
      const { language, active, producers } = plan;
      let ctx: RuleContext | undefined;
      try {
        ctx = analyse(path, text, language);
      } catch {
        ctx = undefined;
      }
      if (!ctx) {
        codeScannerStats.skipped++;
        pending.unparsable++;
        return [];
      }
      codeScannerStats.parsed++;
      pending.parsed++;
      const { findings, guarded, entries } = runRules(active, ctx, pending, producers.includes('tainted-call'));
      if (producers.length > 0 || guarded.length > 0 || entries.length > 0) {
        const found = fileFacts({ ctx, rules, producers, findings, guarded, entries, report: (rule, match) => toFinding(rule, match, path, text) });
        if (found) facts.push({ path, facts: found });
      }
      return findings;
    },
  };
}

/** Angular and Vue template files: HTML bindings, reported by the dom-xss rule (templates.ts). */
function scanTemplate(rules: readonly CodeRule[], path: string, text: string): RawFinding[] {
  if (SKIPPED_DIRS.test(path) || Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES || isMinified(text)) return [];
  const domXss = rules.find((r) => r.id === 'dom-xss');
  const unescaped = rules.find((r) => r.id === 'jinja-unescaped-output');
  const findings = domXss ? templateBindings(text).map((b) => toFinding(domXss, { node: b.node, ...bindingReport(b.attribute, b.expression) }, path, text)) : [];
  if (unescaped) {
    for (const o of unescapedOutputs(text)) {
      const what = o.attribute === '|safe' ? `\`${o.expression.slice(0, 60)}\` is marked safe with \`|safe\`` : 'An `{% autoescape off %}` block turns escaping off';
      findings.push(toFinding(unescaped, { node: o.node, detail: `${what} in this Django/Jinja template, so HTML in it is rendered as markup.` }, path, text));
    }
  }
  return findings;
}

/**
 * Runs the rules on a parsed file; a throwing rule is counted and skipped. Then, for each predicate
 * imported from another module of the project that a check relied on (at most MAX_GUARDS_PER_FILE),
 * runs them again with that check assumed not to hold: what only that run reports waits, as a
 * `guarded` candidate, for the repository pass to learn what the predicate checks. With `imported`
 * (the file calls other modules with request data), likewise for functions of other modules taken
 * as returning their arguments (`passed` candidates).
 */
function runRules(rules: readonly CodeRule[], ctx: RuleContext, pending: Counts, imported: boolean): { findings: RawFinding[]; guarded: Candidate[]; entries: FunctionSummary[] } {
  const findings: RawFinding[] = [];
  const seen = new Set<string>();
  const proven = new Set<string>();
  for (const rule of rules) {
    let matches: Match[];
    try {
      matches = rule.match(ctx);
    } catch {
      codeScannerStats.failed++;
      pending.rule_errors++;
      continue;
    }
    for (const m of matches) {
      const key = `${rule.id}:${m.node.start}`;
      if (m.taint) proven.add(key);
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(toFinding(rule, m, ctx.path, ctx.text));
    }
  }
  const functionModel = usesFunctionModel(ctx.language);
  const report = (rule: CodeRule, m: Match): RawFinding => toFinding(rule, m, ctx.path, ctx.text);
  const guarded = functionModel ? [] : [...guardedCandidates(rules, ctx, seen, report), ...(imported ? passedCandidates(rules, ctx, proven, report) : [])];
  const entries = functionModel ? [] : entrySummaries(rules, ctx, proven, report);
  return { findings: findings.sort((a, b) => a.line - b.line || a.column - b.column), guarded, entries };
}

/** Worker-pool entry: the engine imports this module by URL, awaits `init()`, then calls `scanFile`. */
export const scanner: FileScanner = createCodeScanner();
