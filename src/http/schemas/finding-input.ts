/**
 * Input findings (FindingInput) as the domain's Finding: a location field sent as
 * null or left out becomes the shape scans produce (path, line and column absent;
 * url and method null), so fixers, prompts and triage see one shape.
 */
import type { Finding, Location } from '../../core/findings.js';
import type { TriageScan } from '../../services/ai/triage/types.js';
import type { FindingInput } from '../../core/wire/findings.js';
import type { ScanInput } from '../../core/wire/scans.js';

function locationFromInput(input: FindingInput['location']): Location {
  return {
    target: input.target,
    ...(input.path == null ? {} : { path: input.path }),
    ...(input.line == null ? {} : { line: input.line }),
    ...(input.column == null ? {} : { column: input.column }),
    url: input.url ?? null,
    method: input.method ?? null,
  };
}

export function findingFromInput(input: FindingInput): Finding {
  return {
    id: input.id,
    category: input.category,
    severity: input.severity,
    title: input.title,
    description: input.description,
    evidence: input.evidence,
    location: locationFromInput(input.location),
    scanner_name: input.scanner_name,
    remediation: input.remediation,
    confidence: input.confidence,
    owasp_categories: input.owasp_categories,
    ...(input.rule_id === undefined ? {} : { rule_id: input.rule_id }),
  };
}

export function scanFromInput(input: ScanInput): TriageScan {
  return {
    scan_id: input.scan_id,
    target: input.target,
    target_type: input.target_type,
    finding_count: input.finding_count,
    findings: input.findings.map(findingFromInput),
  };
}
