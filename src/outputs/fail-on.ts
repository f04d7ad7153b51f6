import { SEVERITIES, SEVERITY_RANK, type Finding, type Severity } from '../core/findings.js';

/** Parses a --fail-on value (case-insensitive severity, or "none"). */
export function parseFailOn(value: string): Severity | 'NONE' {
  const upper = value.toUpperCase();
  if (upper === 'NONE') return 'NONE';
  if ((SEVERITIES as readonly string[]).includes(upper)) return upper as Severity;
  throw new Error(`--fail-on must be one of ${SEVERITIES.map((s) => s.toLowerCase()).join(', ')} or none (got "${value}")`);
}

/** True when at least one finding is at or above the threshold. */
export function breachesThreshold(findings: readonly Finding[], threshold: Severity | 'NONE'): boolean {
  if (threshold === 'NONE') return false;
  return findings.some((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[threshold]);
}
