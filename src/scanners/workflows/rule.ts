/**
 * One CI/CD workflow rule: metadata, docs examples and the detector, side by
 * side. The detector is a set of visitor hooks (visitor.ts) that return hits
 * (where, how bad, why); scanner.ts walks each file once, turns hits into
 * findings, and docs.ts renders the rules page from the same objects.
 */
import type { Severity } from '../../core/findings.js';
import type { RuleDocs, RuleMetadata } from '../../core/rules.js';
import type { FileKind } from './model.js';
import type { RuleHooks } from './visitor.js';

/** `bad`: files this rule must report; `good`: the same files fixed, which no rule may report. */
export interface WorkflowRuleDocs extends RuleDocs {
  /** Path the examples are scanned as; default `.github/workflows/example.yml`. */
  readonly path?: string;
}

/** What a detector found. */
export interface Hit {
  readonly severity: Severity;
  /** 0..1; the rule's confidence by default. */
  readonly confidence?: number;
  /** Source offset of the offending node or text. */
  readonly offset: number;
  /** Overrides the evidence (default: the source line at the offset). */
  readonly evidence?: string;
  /** Overrides the rule's title. */
  readonly title?: string;
  /** Overrides the rule's description. */
  readonly description?: string;
  /** Overrides the rule's remediation. */
  readonly remediation?: string;
  /** A credential the hit shows (it may be in the evidence line): the pipeline redacts it everywhere and never reports it. */
  readonly secret?: string;
  /** What makes this hit distinct within the file (a job, step and expression); part of the finding id. */
  readonly key: string;
}

/** The shared metadata (severity: the highest the rule reports) and the matching fields. */
export interface WorkflowRule extends RuleMetadata<WorkflowRuleDocs> {
  /** When each severity applies (shown in the docs). */
  readonly severityGuide: string;
  /** File kinds the rule runs on. */
  readonly appliesTo: readonly FileKind[];
  /** The hooks the walk calls, per model (GitHub, GitLab); see visitor.ts. */
  readonly detect: RuleHooks;
}

/** The one OWASP table, re-exported for the rule files beside this one. */
export { OWASP } from '../../core/rules.js';

export const ALL_KINDS: readonly FileKind[] = Object.freeze(['workflow', 'composite', 'docker-action']);
export const STEP_KINDS: readonly FileKind[] = Object.freeze(['workflow', 'composite']);
export const WORKFLOW_ONLY: readonly FileKind[] = Object.freeze(['workflow']);

export function defineRule(rule: WorkflowRule): WorkflowRule {
  return Object.freeze(rule);
}
