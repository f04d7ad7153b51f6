/**
 * The contract of one code rule: metadata (severity, CWE, OWASP 2021 and 2025,
 * languages), prose, documentation examples that the tests run through the
 * scanner, and a matcher over the parsed file.
 */
import type { Severity } from '../../core/findings.js';
import { callShape, type CallShape, type NodeIndex } from './ast.js';
import type { Imports } from './imports.js';
import { isForeign, type CodeLanguage, type SyntaxNode } from './parser.js';
import { FOREIGN_CALL_TYPES, foreignCallShape, type ForeignLanguage } from './calls.js';
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
}

export interface CodeExample {
  readonly language: CodeLanguage;
  readonly vulnerable: string;
  readonly safe: string;
}

export interface CodeRule {
  /** kebab-case, equal to the file name under rules/. */
  readonly id: string;
  readonly title: string;
  readonly severity: Severity;
  /** Confidence of a pattern-only match and of a proven source→sink flow. */
  readonly confidence: { readonly pattern: number; readonly taint: number };
  readonly cwe: string;
  readonly owasp: readonly string[];
  readonly languages: readonly CodeLanguage[];
  readonly description: string;
  readonly remediation: string;
  readonly docs: { readonly summary: string; readonly examples: readonly CodeExample[] };
  readonly match: (ctx: RuleContext) => Match[];
  /**
   * Prefilter (prefilter.ts): words a file must contain for `match` to have any chance. The
   * scanner runs the rule only on files that pass and skips parsing a file no rule passes.
   * Must be conservative: every file `match` could report must pass. Absent = always runs.
   */
  readonly triggers?: RuleTriggers;
}

/** OWASP Top 10 pairs (2021 id, 2025 id). */
export const OWASP = Object.freeze({
  injection: Object.freeze(['A03:2021', 'A05:2025']),
  accessControl: Object.freeze(['A01:2021', 'A01:2025']),
  cryptography: Object.freeze(['A02:2021', 'A04:2025']),
  misconfiguration: Object.freeze(['A05:2021', 'A02:2025']),
  authentication: Object.freeze(['A07:2021', 'A07:2025']),
  integrity: Object.freeze(['A08:2021', 'A08:2025']),
  design: Object.freeze(['A04:2021', 'A06:2025']),
  /** SSRF had its own 2021 category; 2025 folds it into Broken Access Control. */
  ssrf: Object.freeze(['A10:2021', 'A01:2025']),
});

export const JS_LANGUAGES: readonly CodeLanguage[] = Object.freeze(['javascript', 'typescript', 'tsx']);
export const ALL_LANGUAGES: readonly CodeLanguage[] = Object.freeze(['javascript', 'typescript', 'tsx', 'python']);
export const PYTHON: readonly CodeLanguage[] = Object.freeze(['python']);
export const PHP: readonly CodeLanguage[] = Object.freeze(['php']);
export const GO: readonly CodeLanguage[] = Object.freeze(['go']);
export const JAVA: readonly CodeLanguage[] = Object.freeze(['java']);
export const RUBY: readonly CodeLanguage[] = Object.freeze(['ruby']);

export const DEFAULT_CONFIDENCE = Object.freeze({ pattern: 0.5, taint: 0.9 });

export function defineRule(rule: CodeRule): CodeRule {
  return Object.freeze(rule);
}

/** Builds the qualified call list of a file. */
export function qualifiedCalls(text: string, nodes: NodeIndex, imports: Imports, language: CodeLanguage): QualifiedCall[] {
  const foreign = isForeign(language);
  const types = foreign ? FOREIGN_CALL_TYPES[language as ForeignLanguage] : language === 'python' ? ['call'] : ['call_expression', 'new_expression'];
  const result: QualifiedCall[] = [];
  for (const node of nodes.of(...types)) {
    const shape = foreign ? foreignCallShape(text, node) : callShape(text, node);
    if (shape) result.push({ ...shape, qualified: imports.qualify(shape.name) });
  }
  return result;
}
