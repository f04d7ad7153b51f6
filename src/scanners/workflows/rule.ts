/**
 * One CI/CD workflow rule: metadata, docs examples and the detector, side by
 * side. The detector is a set of visitor hooks (visitor.ts) that return hits
 * (where, how bad, why); scanner.ts walks each file once, turns hits into
 * findings, and docs.ts renders the rules page from the same objects.
 */
import type { Severity } from '../../core/findings.js';
import type { FileKind } from './model.js';
import type { RuleHooks } from './visitor.js';

export interface WorkflowRuleDocs {
  /** One paragraph: what the rule looks for and why it matters. */
  readonly summary: string;
  /** A file this rule must report. */
  readonly vulnerable: string;
  /** The same file fixed: no rule may report it. */
  readonly safe: string;
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
  /** What makes this hit distinct within the file (a job, step and expression); part of the finding id. */
  readonly key: string;
}

export interface WorkflowRule {
  /** kebab-case, equal to the file name under rules/. */
  readonly id: string;
  readonly title: string;
  /** The highest severity the rule reports. */
  readonly severity: Severity;
  /** When each severity applies (shown in the docs). */
  readonly severityGuide: string;
  /** Default confidence 0..1. */
  readonly confidence: number;
  readonly cwe: string;
  readonly owasp: readonly string[];
  readonly description: string;
  readonly remediation: string;
  readonly docs: WorkflowRuleDocs;
  /** File kinds the rule runs on. */
  readonly appliesTo: readonly FileKind[];
  readonly references?: readonly string[];
  /** The hooks the walk calls, per model (GitHub, GitLab); see visitor.ts. */
  readonly detect: RuleHooks;
}

/** OWASP Top 10 pairs (2021 id, 2025 id) the rules cite. */
export const OWASP = Object.freeze({
  /** A03:2021 Injection → A05:2025 Injection. */
  injection: Object.freeze(['A03:2021', 'A05:2025']),
  /** A08:2021 Software and Data Integrity Failures → A03:2025 Software Supply Chain Failures. */
  supplyChain: Object.freeze(['A08:2021', 'A03:2025']),
  /** A08:2021 Software and Data Integrity Failures → A08:2025 Software or Data Integrity Failures. */
  integrity: Object.freeze(['A08:2021', 'A08:2025']),
  /** A01:2021 Broken Access Control → A01:2025 Broken Access Control. */
  accessControl: Object.freeze(['A01:2021', 'A01:2025']),
  /** A05:2021 Security Misconfiguration → A02:2025 Security Misconfiguration. */
  misconfiguration: Object.freeze(['A05:2021', 'A02:2025']),
});

export const ALL_KINDS: readonly FileKind[] = Object.freeze(['workflow', 'composite', 'docker-action']);
export const STEP_KINDS: readonly FileKind[] = Object.freeze(['workflow', 'composite']);
export const WORKFLOW_ONLY: readonly FileKind[] = Object.freeze(['workflow']);

export function defineRule(rule: WorkflowRule): WorkflowRule {
  return Object.freeze(rule);
}
