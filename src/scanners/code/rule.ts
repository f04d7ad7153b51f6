/**
 * The contract of one code rule: metadata (severity, CWE, OWASP 2021 and 2025,
 * languages), prose, documentation examples that the tests run through the
 * scanner, and a matcher over the parsed file.
 */
import type { Severity } from '../../core/findings.js';
import type { RuleDocs, RuleMetadata } from '../../core/rules.js';
import { callShape, type CallShape, type NodeIndex } from './ast.js';
import type { Imports } from './imports.js';
import { kindsOf, profileOf, type LanguageProfile } from './language-profile.js';
import { usesFunctionModel, type CodeLanguage, type SyntaxNode } from './parser.js';
import { functionModelCallShape } from './calls.js';
import type { RuleTriggers } from './prefilter.js';
import type { Taint, TaintAnalysis } from './taint.js';

export interface RuleContext {
  readonly path: string;
  readonly text: string;
  readonly language: CodeLanguage;
  /** Root of the syntax tree (plain copy; valid after the WASM tree is freed). */
  readonly root: SyntaxNode;
  /** Nodes by type, in document order. */
  readonly nodes: NodeIndex;
  readonly imports: Imports;
  readonly taint: TaintAnalysis;
  /** The node kinds and fields of the file's language (language-profile.ts). */
  readonly profile: LanguageProfile;
  /** Every call (`call_expression`/`new_expression` or Python `call`) with its shape and qualified name. */
  readonly calls: readonly QualifiedCall[];
}

export interface QualifiedCall extends CallShape {
  /** Callee name with module aliases resolved (`cp.exec` → `child_process.exec`). */
  readonly qualified: string;
}

export interface Match {
  /** The sink node: its position is the finding's line and column. */
  readonly node: SyntaxNode;
  /** A proven flow from a source; raises confidence and is named in the description. */
  readonly taint?: Taint;
  /** Sentence appended to the rule's description (what exactly was seen). */
  readonly detail?: string;
  readonly severity?: Severity;
  /**
   * A flow sink whose input is built at run time but reached by no proven source: reported at
   * most MEDIUM (unless `severity` is set); HIGH and CRITICAL need a proven source.
   */
  readonly unproven?: boolean;
  /** Overrides the rule's confidence for this match. */
  readonly confidence?: number;
  /**
   * Hard-coded credentials the match found (a signing key's literal): cut from the evidence, and the
   * first becomes the finding's `secret`, so redaction removes it from every finding of the file.
   */
  readonly secrets?: readonly string[];
}

/** One language's example pair: `bad` code the rule reports, `good` the same code fixed. */
export interface CodeExample {
  readonly language: CodeLanguage;
  readonly bad: string;
  readonly good: string;
}

/** Code examples come in pairs, one per language, so the docs show each fix beside its flaw. */
export interface CodeRuleDocs extends Pick<RuleDocs, 'summary'> {
  readonly examples: readonly CodeExample[];
}

/** The shared metadata (confidence: of a pattern-only match) and the matching fields. */
export interface CodeRule extends RuleMetadata<CodeRuleDocs> {
  /** Confidence of a proven source→sink flow. */
  readonly taintConfidence: number;
  readonly languages: readonly CodeLanguage[];
  readonly match: (ctx: RuleContext) => Match[];
  /**
   * Prefilter (prefilter.ts): words a file must contain for `match` to have any chance. The
   * scanner runs the rule only on files that pass and skips parsing a file no rule passes.
   * Must be conservative: every file `match` could report must pass. Absent = always runs.
   */
  readonly triggers?: RuleTriggers;
}

/** The one OWASP table, re-exported for the rule files beside this one. */
export { OWASP } from '../../core/rules.js';

export const JS_LANGUAGES: readonly CodeLanguage[] = Object.freeze(['javascript', 'typescript', 'tsx']);
export const JS_AND_PYTHON: readonly CodeLanguage[] = Object.freeze(['javascript', 'typescript', 'tsx', 'python']);
export const PYTHON: readonly CodeLanguage[] = Object.freeze(['python']);
export const PHP: readonly CodeLanguage[] = Object.freeze(['php']);
export const GO: readonly CodeLanguage[] = Object.freeze(['go']);
export const JAVA: readonly CodeLanguage[] = Object.freeze(['java']);
export const RUBY: readonly CodeLanguage[] = Object.freeze(['ruby']);

export function defineRule(rule: CodeRule): CodeRule {
  return Object.freeze(rule);
}

/** The roles of call kinds, in the order `ctx.calls` lists calls that start at one offset. */
const CALL_ROLES = ['calls', 'methodCalls', 'optionalMethodCalls', 'staticCalls', 'constructions'] as const;

/** Builds the qualified call list of a file. */
export function qualifiedCalls(text: string, nodes: NodeIndex, imports: Imports, language: CodeLanguage): QualifiedCall[] {
  const functionModel = usesFunctionModel(language);
  const profile = profileOf(language);
  const result: QualifiedCall[] = [];
  for (const node of nodes.of(...kindsOf(profile, CALL_ROLES))) {
    const shape = functionModel ? functionModelCallShape(text, node, profile) : callShape(text, node, profile);
    if (!shape) continue;
    // Spelled out rather than spread: one object shape for every call of every language, built without the spread's copy loop.
    const { callee, name, method, receiver, args, kwargs, isNew } = shape;
    result.push({ node: shape.node, callee, name, method, receiver, args, kwargs, isNew, qualified: imports.qualify(name) });
  }
  return result;
}
