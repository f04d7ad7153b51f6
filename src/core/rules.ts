/**
 * What every rule of every catalogue says about itself (secrets rules, code
 * rules, workflow rules, header checks, supply-chain risk checks), the OWASP
 * table they cite, and the one builder that turns a rule and a place into a
 * RawFinding. Each catalogue's rule type extends RuleMetadata with its own
 * matching fields; the docs generator (scripts/docs-rules.ts) reads only this.
 */
import type { Category, RawFinding, ScannerName, Severity } from './findings.js';

/** OWASP Top 10 pairs (2021 id, 2025 id) the rules cite. */
export const OWASP = Object.freeze({
  /** A03:2021 Injection → A05:2025 Injection. */
  injection: Object.freeze(['A03:2021', 'A05:2025']),
  /** A01:2021 Broken Access Control → A01:2025 Broken Access Control (CORS is listed there). */
  accessControl: Object.freeze(['A01:2021', 'A01:2025']),
  /** A02:2021 Cryptographic Failures → A04:2025 Cryptographic Failures. */
  cryptography: Object.freeze(['A02:2021', 'A04:2025']),
  /** A05:2021 Security Misconfiguration → A02:2025 Security Misconfiguration. */
  misconfiguration: Object.freeze(['A05:2021', 'A02:2025']),
  /** A07:2021 Identification and Authentication Failures → A07:2025 Authentication Failures (hard-coded credentials). */
  authentication: Object.freeze(['A07:2021', 'A07:2025']),
  /** A08:2021 Software and Data Integrity Failures → A08:2025 Software or Data Integrity Failures. */
  integrity: Object.freeze(['A08:2021', 'A08:2025']),
  /** A04:2021 Insecure Design → A06:2025 Insecure Design. */
  design: Object.freeze(['A04:2021', 'A06:2025']),
  /** A09:2021 Security Logging and Monitoring Failures → A09:2025 Security Logging and Alerting Failures (log forging, CWE-117). */
  logging: Object.freeze(['A09:2021', 'A09:2025']),
  /** SSRF had its own 2021 category; 2025 folds it into Broken Access Control. */
  ssrf: Object.freeze(['A10:2021', 'A01:2025']),
  /** A08:2021 Software and Data Integrity Failures → A03:2025 Software Supply Chain Failures. */
  supplyChain: Object.freeze(['A08:2021', 'A03:2025']),
  /** A06:2021 Vulnerable and Outdated Components → A03:2025 Software Supply Chain Failures. */
  vulnerableComponents: Object.freeze(['A06:2021', 'A03:2025']),
});

/**
 * A rule's documentation: a summary and examples. `bad` examples must be
 * reported by the rule and `good` ones must not; the tests run every one and
 * the docs page shows them.
 */
export interface RuleDocs<T = string> {
  /** What the rule looks for and why it matters (Markdown). */
  readonly summary: string;
  readonly bad: readonly T[];
  readonly good: readonly T[];
}

/** The metadata every catalogue's rules share. */
export interface RuleMetadata<D extends { readonly summary: string } = RuleDocs> {
  /** kebab-case, equal to the rule's file name and to its findings' rule id. */
  readonly id: string;
  readonly title: string;
  /** The (highest) severity the rule reports. */
  readonly severity: Severity;
  /** Default confidence 0..1 of a finding. */
  readonly confidence: number;
  /** The weakness, `CWE-798`. */
  readonly cwe: string;
  /** OWASP categories (values of OWASP, or API Security Top 10 ids). */
  readonly owasp: readonly string[];
  /** What a finding means. */
  readonly description: string;
  /** What to do about it. */
  readonly remediation: string;
  readonly references?: readonly string[];
  readonly docs: D;
}

/** Where a finding is and what shows it; anything else given overrides the rule's own value. */
export interface FindingFields extends Partial<Omit<RawFinding, 'ruleId'>> {
  readonly category: Category;
  readonly scanner: ScannerName;
  readonly evidence: string;
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

/** The rule fields a finding is built from (hygiene checks without a catalogue entry pass just these). */
export type FindingRule = Pick<RuleMetadata, 'id' | 'title' | 'severity' | 'confidence' | 'owasp' | 'description' | 'remediation'>;

/**
 * A finding of `rule` at a place: the rule's title, severity, confidence,
 * prose and OWASP categories unless `fields` overrides them. The CWE is
 * carried only when `fields` names it (not every scanner reports one).
 */
export function toRawFinding(rule: FindingRule, fields: FindingFields): RawFinding {
  const { category, scanner, evidence, path, line, column, ...overrides } = fields;
  const defaults = {
    ruleId: rule.id,
    title: rule.title,
    severity: rule.severity,
    description: rule.description,
    remediation: rule.remediation,
    confidence: rule.confidence,
    owaspCategories: rule.owasp,
  };
  return { ...defaults, ...definedOnly(overrides), category, scanner, evidence, path, line, column };
}

/** The entries whose value is not undefined (an absent override keeps the rule's value). */
function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Evidence text trimmed and cut to `max` characters, the cut marked with `…`. */
export function clipEvidence(text: string, max = 200): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}
