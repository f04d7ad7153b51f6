/**
 * SARIF 2.1.0 for GitHub code scanning and other consumers: one run, a rule
 * per rule id (with the highest severity seen as its default level and
 * `security-severity`), results with locations relative to the source root
 * and `partialFingerprints` carrying Vigil's stable finding id.
 */
import type { Finding, Severity } from '../core/findings.js';
import { VERSION } from '../core/version.js';

const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = {
  CRITICAL: 'error',
  HIGH: 'error',
  MEDIUM: 'warning',
  LOW: 'note',
  INFO: 'note',
};

/** GitHub maps security-severity to critical (≥ 9), high (≥ 7), medium (≥ 4) and low. */
const SECURITY_SEVERITY: Readonly<Record<Severity, string>> = {
  CRITICAL: '9.5',
  HIGH: '8.0',
  MEDIUM: '5.5',
  LOW: '3.0',
  INFO: '1.0',
};

const RANK: Readonly<Record<Severity, number>> = { CRITICAL: 4, HIGH: 3, MEDIUM: 2, LOW: 1, INFO: 0 };

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  defaultConfiguration: { level: string };
  properties: { 'security-severity': string; tags: string[]; precision: string; 'problem.severity': string };
}

const ruleIdOf = (f: Finding) => f.rule_id ?? f.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function pascal(id: string): string {
  return id.replace(/(^|[-_.])([a-z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase());
}

function precision(confidence: number): string {
  return confidence >= 0.9 ? 'very-high' : confidence >= 0.7 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

function buildRule(f: Finding, severity: Severity): SarifRule {
  return {
    id: ruleIdOf(f),
    name: pascal(ruleIdOf(f)),
    shortDescription: { text: f.title },
    fullDescription: { text: f.description },
    help: { text: f.remediation, markdown: `**Remediation:** ${f.remediation}` },
    defaultConfiguration: { level: LEVEL[severity] },
    properties: {
      'security-severity': SECURITY_SEVERITY[severity],
      tags: ['security', f.category, ...f.owasp_categories.map((c) => `owasp-${c}`)],
      precision: precision(f.confidence),
      'problem.severity': LEVEL[severity] === 'note' ? 'recommendation' : LEVEL[severity],
    },
  };
}

export function toSarif(findings: readonly Finding[]): object {
  const rules = new Map<string, { rule: SarifRule; index: number; severity: Severity }>();
  for (const f of findings) {
    const id = ruleIdOf(f);
    const known = rules.get(id);
    if (!known) rules.set(id, { rule: buildRule(f, f.severity), index: rules.size, severity: f.severity });
    else if (RANK[f.severity] > RANK[known.severity]) rules.set(id, { rule: buildRule(f, f.severity), index: known.index, severity: f.severity });
  }
  const results = findings.map((f) => {
    const rule = rules.get(ruleIdOf(f));
    const region = f.location.line ? { region: { startLine: f.location.line, ...(f.location.column ? { startColumn: f.location.column } : {}) } } : {};
    return {
      ruleId: ruleIdOf(f),
      ruleIndex: rule?.index ?? 0,
      level: LEVEL[f.severity],
      message: { text: `${f.title}: ${f.evidence}` },
      locations: [
        f.location.path
          ? { physicalLocation: { artifactLocation: { uri: encodeURI(f.location.path), uriBaseId: '%SRCROOT%' }, ...region } }
          : { physicalLocation: { artifactLocation: { uri: f.location.url ?? f.location.target } } },
      ],
      partialFingerprints: { 'vigilFindingId/v1': f.id },
      properties: { id: f.id, severity: f.severity, confidence: f.confidence, category: f.category, scanner: f.scanner_name },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Vigil',
            version: VERSION,
            rules: [...rules.values()].sort((a, b) => a.index - b.index).map((r) => r.rule),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the scanned repository or directory' } } },
        results,
      },
    ],
  };
}
