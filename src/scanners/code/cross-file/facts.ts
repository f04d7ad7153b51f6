/**
 * What the code scanner learns about one file for the repository pass (resolve.ts): summaries of
 * the functions the file exports, and candidate findings that depend on a function another file
 * exports. Plain data, bounded per file: it crosses from the worker threads to the main thread.
 *
 * Summaries (about a function this file exports):
 * - `weak-hash`: its parameter `param` is hashed with a broken hash (`algorithm`) in its body; the
 *   finding that would report that hash if a password reached it, ready to emit;
 * - `guard`: it returns whether its first parameter passes a check that is `weak` (only tests that
 *   the value contains some text) or `strong` (an exact match or allow-list membership);
 * - `sink`: its parameter `param` reaches a sink of kind `sink` that no caller in the file feeds;
 *   the finding a rule gives when that parameter is request data, ready to emit;
 * - `passes`: its return value carries the taint of its parameters `params` (`def clean(s): return s`).
 * Candidates (about a call in this file of a function another module of the project exports):
 * - `hash-call`: argument `arg` of the call looks like a password (by its name or where the result goes);
 * - `tainted-call`: argument `arg` carries request data (`source`), sanitised for the sinks `cleared`;
 * - `passed`: a finding (ready to emit) proven only if the call returns the taint of one of its
 *   arguments `args` (which carry request data): a run of the rules with the call taken as passing them;
 * - `guarded`: a finding (ready to emit) that the call, used as a check, keeps from being reported;
 *   `unchecked`: the name-based rule did not take this call as a check, so without a summary it is reported.
 */
import type { RawFinding } from '../../../core/findings.js';
import type { ImportedFunction } from '../imports.js';
import type { SinkKind } from '../taint-spec.js';

/** Per file: summaries of exported functions, and candidates. */
export const MAX_SUMMARIES_PER_FILE = 32;
export const MAX_CANDIDATES_PER_FILE = 32;
/** Imported guards per file whose effect is measured (each costs one more run of the file's rules). */
export const MAX_GUARDS_PER_FILE = 4;
/** Imported functions per file taken as passing request data (each costs one more run of the file's rules). */
export const MAX_PASSING_PER_FILE = 4;
/** Call texts kept for the evidence. */
export const MAX_CALL_TEXT = 120;

export type FunctionSummary =
  | { readonly kind: 'weak-hash'; readonly name: string; readonly param: number; readonly algorithm: string; readonly finding: RawFinding }
  | { readonly kind: 'guard'; readonly name: string; readonly param: number; readonly strength: 'weak' | 'strong'; readonly line: number; readonly check: string }
  | { readonly kind: 'sink'; readonly name: string; readonly param: number; readonly sink: SinkKind; readonly finding: RawFinding }
  | { readonly kind: 'passes'; readonly name: string; readonly params: readonly number[] };

export type Candidate =
  | { readonly kind: 'hash-call'; readonly callee: ImportedFunction; readonly arg: number; readonly line: number; readonly call: string }
  | { readonly kind: 'guarded'; readonly callee: ImportedFunction; readonly line: number; readonly call: string; readonly unchecked: boolean; readonly finding: RawFinding }
  | { readonly kind: 'passed'; readonly callee: ImportedFunction; readonly args: readonly number[]; readonly line: number; readonly call: string; readonly finding: RawFinding }
  | {
      readonly kind: 'tainted-call';
      readonly callee: ImportedFunction;
      readonly arg: number;
      readonly line: number;
      readonly call: string;
      /** The request data the argument carries, as findings name it (`req.query.cmd` (line 3)). */
      readonly source: string;
      /** Sinks a sanitiser on the way made the argument safe for. */
      readonly cleared: readonly SinkKind[];
    };

export interface CodeFacts {
  readonly python: boolean;
  readonly summaries: readonly FunctionSummary[];
  readonly candidates: readonly Candidate[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Whether a value that crossed threads has the shape of CodeFacts (the repository pass reads nothing else). */
export function isCodeFacts(v: unknown): v is CodeFacts {
  return isObject(v) && typeof v.python === 'boolean' && Array.isArray(v.summaries) && Array.isArray(v.candidates) && v.summaries.every(isObject) && v.candidates.every(isObject);
}

/** A text clipped for the evidence, on one line. */
export const clipCall = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_CALL_TEXT ? `${flat.slice(0, MAX_CALL_TEXT - 3)}...` : flat;
};
