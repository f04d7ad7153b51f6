/**
 * Domain contracts shared by every scanner, the pipeline, the API and the CLI.
 * The wire shape (Finding, Location) is the specification's FindingSchema, in ./wire/findings.ts.
 */
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Higher = worse; used for sorting and --fail-on thresholds. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = Object.freeze({
  CRITICAL: 4,
  HIGH: 3,
  MEDIUM: 2,
  LOW: 1,
  INFO: 0,
});

/** What replaces a secret wherever a finding's text would show it. */
export const REDACTED = '[REDACTED]';

/** `text` with every occurrence of each secret replaced by REDACTED; give the secrets longest first, so one containing another goes whole. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

export const CATEGORIES = ['secrets', 'supply_chain', 'code', 'cicd', 'headers', 'cors'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SCANNER_NAMES = ['secrets', 'supply_chain', 'code', 'cicd', 'api_headers'] as const;
export type ScannerName = (typeof SCANNER_NAMES)[number];

/** "A02:2021", "A04:2025" … */
export type OwaspCategory = `A${string}:${number}`;

/** A secret's validity check (`verify`): true live, false revoked or refused, null when it could not be told. */
export type Verified = boolean | null;

/** The wire shape (Finding, Location) is written once, as TypeBox schemas in ./wire/findings.ts. */
export type { Finding, Location } from './wire/findings.js';

/**
 * What a repository scanner reports before the pipeline. `secret` is the raw
 * matched value: the pipeline uses it for the stable id and for redaction and
 * then drops it; it never leaves the engine.
 */
export interface RawFinding {
  readonly ruleId: string;
  readonly category: Category;
  readonly scanner: ScannerName;
  readonly severity: Severity;
  readonly title: string;
  readonly description: string;
  /** Evidence text; may still contain `secret`, which redaction replaces. */
  readonly evidence: string;
  readonly remediation: string;
  readonly confidence: number;
  readonly owaspCategories: readonly string[];
  /** The weakness the rule reports, `CWE-89`, when the rule names one. */
  readonly cwe?: string;
  readonly path: string;
  readonly line: number;
  readonly column: number;
  /** The sensitive value, if any (secrets). */
  readonly secret?: string;
  /** Extra identity for the stable id when there is no secret (for example a package@version). */
  readonly fingerprintMaterial?: string;
  /** API findings: the request that proved it (path, line and column are then not reported). */
  readonly url?: string;
  readonly method?: string;
}
