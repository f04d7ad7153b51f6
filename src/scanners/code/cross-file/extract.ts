/**
 * The facts of one file (facts.ts) for the repository pass: summaries of the functions it exports
 * (a broken hash of a parameter, what a predicate checks) and calls of functions other modules of
 * the project export with a password-like argument. The findings a guard imported from another
 * module keeps from being reported are measured by the scanner itself (scanner.ts, a second run
 * of the rules with that guard assumed not to hold) and handed in as `guarded`.
 *
 * Producers have prefilter triggers like rules: a file none of them (and no rule) triggers is not
 * parsed.
 */
import type { RawFinding } from '../../../core/findings.js';
import { assignedName, textOf } from '../ast.js';
import { mentionsPassword } from '../helpers.js';
import type { ImportedFunction } from '../imports.js';
import type { SyntaxNode } from '../parser.js';
import { all, type RuleTriggers } from '../prefilter.js';
import { JS_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';
import type { CodeRule, Match, RuleContext } from '../rule.js';
import { weakHashCalls, weakHashDetail } from '../rules/weak-password-hash.js';
import { isTestPath } from '../test-paths.js';
import { exportedFunctions } from './exports.js';
import { clipCall, MAX_CANDIDATES_PER_FILE, MAX_SUMMARIES_PER_FILE, type Candidate, type CodeFacts, type FunctionSummary } from './facts.js';

export type ProducerId = 'weak-hash' | 'guard' | 'hash-call' | 'tainted-call' | 'passes';

/** A kind of fact and the words a file must contain for it to have any. */
export interface FactProducer {
  readonly id: ProducerId;
  readonly triggers: RuleTriggers;
}

const EXPORTS = ['export', 'exports'];
/**
 * Text in which mentionsPassword (words.ts) can find a word: `password…`/`passwd…` anywhere, or
 * `pass`, `passphrase`, `pwd`, `pw`, `credential(s)` ending a word (camelCase `userPass` too).
 */
const PASSWORD_WORDS =
  /[Pp]ass(?:word|wd)|PASS(?:WORD|WD)|[Pp]ass(?:phrase)?(?![a-z0-9])|PASS(?:PHRASE)?(?![A-Z0-9])|[Pp]wd?(?![a-z0-9])|PWD?(?![A-Z0-9])|[Cc]redentials?(?![a-z0-9])|CREDENTIALS?(?![A-Z0-9])/;
/**
 * The same in Python, where `pass` alone is the keyword (never a name): `pass` only inside a name
 * (`user_pass`, `userPass`, `pass_hash`).
 */
const PY_PASSWORD_WORDS =
  /[Pp]ass(?:word|wd|phrase)|PASS(?:WORD|WD|PHRASE)|\w[Pp]ass(?![a-z0-9])|[Pp]ass_|PASS_|\w_?PASS\b|\bPass\b|\bPASS\b|[Pp]ass(?=[A-Z])|[Pp]wd|PWD|[Pp]w(?![a-z0-9])|PW\b|PW_|[Cc]redential|CREDENTIAL/;
/** The calls a predicate's verdict rests on (predicates.ts): a substring, pattern or membership test. */
const CHECK_CALL = /\.(?:includes|indexOf|lastIndexOf|search|match|test|exec|has|find|rfind|index|rindex|count|fullmatch)\s*\(/;
/** A predicate defined by name: `function isX(`, `isX = (…) =>`, `isX = function`, `isX: function`. */
const PREDICATE_DEFINITION = /\bfunction\s+is[A-Z]\w*|\bis[A-Z]\w*\s*[=:]\s*(?:async\s+)?(?:function\b|\(|[\w$]+\s*=>)|\bdef\s+is[A-Z]\w*/;
/** Predicate names, as taint/guards.ts takes them for checks. */
const PREDICATE = /^is[A-Z]\w*$|^isValid\w*$/;

export const FACT_PRODUCERS: readonly FactProducer[] = Object.freeze([
  { id: 'weak-hash', triggers: { js: [all(['createHash', 'md5', 'sha1', 'MD5', 'SHA1'], EXPORTS)], python: [all(['hashlib', 'Crypto'], ['def'])] } },
  { id: 'guard', triggers: { js: [all(PREDICATE_DEFINITION, EXPORTS, CHECK_CALL)], python: [all(PREDICATE_DEFINITION, [CHECK_CALL, 'in'])] } },
  { id: 'hash-call', triggers: { js: [all(PASSWORD_WORDS, ['import', 'require'])], python: [all(PY_PASSWORD_WORDS, ['import'])] } },
  { id: 'tainted-call', triggers: { js: [all(JS_SOURCE_TRIGGERS, ['import', 'require'])], python: [all(PYTHON_SOURCE_TRIGGERS, ['import'])] } },
  { id: 'passes', triggers: { js: [all(EXPORTS, ['return', /=>/])], python: [all(['def'], ['return'])] } },
]);

/**
 * Modules that are not the project's own in Python (an absolute import can be either): the standard
 * library's and well-known frameworks' modules whose functions take passwords.
 */
const PY_LIBRARIES = new Set(['hashlib', 'hmac', 'crypt', 'secrets', 'base64', 'binascii', 'os', 'sys', 'json', 're', 'logging', 'subprocess', 'sqlite3', 'bcrypt', 'passlib', 'argon2', 'werkzeug', 'django', 'flask', 'Crypto', 'cryptography', 'jwt', 'requests']);

/** Whether an import names a module of the project: a relative JavaScript path, a Python module not in PY_LIBRARIES. */
export function isProjectModule(module: string, python: boolean): boolean {
  if (!python) return module.startsWith('.');
  return module.startsWith('.') || !PY_LIBRARIES.has(module.split('.')[0] as string);
}

export interface FactsInput {
  readonly ctx: RuleContext;
  readonly rules: readonly CodeRule[];
  readonly producers: readonly ProducerId[];
  /** The file's findings: a site they already report needs no summary. */
  readonly findings: readonly RawFinding[];
  readonly guarded: readonly Candidate[];
  /** Summaries of sinks that parameters of exported functions reach (scanner.ts). */
  readonly entries: readonly FunctionSummary[];
  readonly report: (rule: CodeRule, match: Match) => RawFinding;
}

/** The file's facts, or undefined when it has none. */
export function fileFacts(input: FactsInput): CodeFacts | undefined {
  const { ctx, producers } = input;
  const python = ctx.language === 'python';
  const summaries: FunctionSummary[] = [...input.entries];
  const candidates: Candidate[] = [...input.guarded];
  if (producers.includes('weak-hash') || producers.includes('guard') || producers.includes('passes')) {
    const exported = exportedFunctions(ctx.root, ctx.text, python);
    if (exported.size > 0) {
      if (producers.includes('weak-hash')) summaries.push(...weakHashSummaries(input, exported));
      if (producers.includes('guard')) summaries.push(...guardSummaries(ctx, exported));
      if (producers.includes('passes')) summaries.push(...passesSummaries(ctx, exported));
    }
  }
  if (producers.includes('hash-call') && !isTestPath(ctx.path)) candidates.push(...passwordCalls(ctx, python));
  if (producers.includes('tainted-call')) candidates.push(...taintedCalls(ctx, python));
  if (summaries.length === 0 && candidates.length === 0) return undefined;
  return { python, summaries: summaries.slice(0, MAX_SUMMARIES_PER_FILE), candidates: candidates.slice(0, MAX_CANDIDATES_PER_FILE) };
}

/** Exported functions that hash a parameter with a broken hash, where this file does not already report it. */
function weakHashSummaries(input: FactsInput, exported: ReadonlyMap<string, SyntaxNode>): FunctionSummary[] {
  const { ctx } = input;
  const rule = input.rules.find((r) => r.id === 'weak-password-hash' && r.languages.includes(ctx.language));
  if (!rule) return [];
  const names = new Map<SyntaxNode, string>();
  for (const [name, fn] of exported) if (!names.has(fn)) names.set(fn, name);
  const out: FunctionSummary[] = [];
  for (const h of weakHashCalls(ctx)) {
    if (!h.input) continue;
    const param = ctx.taint.parameterOf(h.input);
    const name = param ? names.get(param.fn) : undefined;
    if (!param || name === undefined) continue;
    const line = h.node.row + 1;
    if (input.findings.some((f) => f.ruleId === rule.id && f.line === line)) continue;
    out.push({ kind: 'weak-hash', name, param: param.index, algorithm: h.algorithm.toUpperCase(), finding: input.report(rule, { node: h.node, detail: weakHashDetail(h.algorithm) }) });
  }
  return out;
}

/** Exported predicates (`isRedirectAllowed`) and what they check of their first parameter. */
function guardSummaries(ctx: RuleContext, exported: ReadonlyMap<string, SyntaxNode>): FunctionSummary[] {
  const out: FunctionSummary[] = [];
  for (const [name, fn] of exported) {
    if (!PREDICATE.test(name) && name !== 'default') continue;
    const predicate = ctx.taint.predicate(fn);
    if (predicate) out.push({ kind: 'guard', name, param: 0, strength: predicate.strength, line: predicate.check.row + 1, check: clipCall(textOf(ctx.text, predicate.check)) });
  }
  return out;
}

/** Exported functions whose return value carries the taint of some of their parameters (`def filter_blog(code): return code`). */
function passesSummaries(ctx: RuleContext, exported: ReadonlyMap<string, SyntaxNode>): FunctionSummary[] {
  const out: FunctionSummary[] = [];
  for (const [name, fn] of exported) {
    const params = ctx.taint.passedParameters(fn);
    if (params.length > 0) out.push({ kind: 'passes', name, params });
    if (out.length >= MAX_SUMMARIES_PER_FILE) break;
  }
  return out;
}

/** Calls of functions of the project's other modules with a password-like argument, or whose result is stored as one. */
function passwordCalls(ctx: RuleContext, python: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const call of ctx.calls) {
    if (call.args.length === 0) continue;
    const callee: ImportedFunction | undefined = ctx.imports.importedFunction(call.name);
    if (!callee || !isProjectModule(callee.module, python)) continue;
    const named = call.args.flatMap((a, i) => (mentionsPassword(textOf(ctx.text, a)) ? [i] : []));
    const stored = assignedName(ctx.text, call.node, ctx.profile);
    const args = named.length > 0 ? named : stored !== undefined && mentionsPassword(stored) ? call.args.slice(0, 3).map((_, i) => i) : [];
    for (const arg of args) out.push({ kind: 'hash-call', callee, arg, line: call.node.row + 1, call: clipCall(textOf(ctx.text, call.node)) });
    if (out.length >= MAX_CANDIDATES_PER_FILE) break;
  }
  return out;
}

/** Calls of functions of the project's other modules with request data in an argument. */
function taintedCalls(ctx: RuleContext, python: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const call of ctx.calls) {
    if (call.args.length === 0) continue;
    const callee = ctx.imports.importedFunction(call.name);
    if (!callee || !isProjectModule(callee.module, python)) continue;
    for (const [arg, node] of call.args.entries()) {
      const t = ctx.taint.requestDataOf(node);
      if (!t) continue;
      out.push({ kind: 'tainted-call', callee, arg, line: call.node.row + 1, call: clipCall(textOf(ctx.text, call.node)), source: ctx.taint.describe(t), cleared: [...(t.cleared ?? [])] });
    }
    if (out.length >= MAX_CANDIDATES_PER_FILE) break;
  }
  return out;
}
