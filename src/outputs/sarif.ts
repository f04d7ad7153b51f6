/**
 * SARIF 2.1.0 for GitHub code scanning and other consumers: one run, a rule
 * per rule id (with the highest severity seen as its default level and
 * `security-severity`), results with locations relative to the source root
 * and `partialFingerprints` carrying Vigil's stable finding id.
 *
 * GitHub's documented requirements are kept: every result has a ruleId of a
 * declared rule, a message, one physical location and, in repository files, a
 * region starting at line 1 or later; at most 25,000 results per run (the
 * most severe first, the rest counted in a notification); at most 10 tags per rule.
 */
import { terminalField } from './terminal.js';
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

/** The rule id; findings without one (older stored scans) get a slug of their title, never an empty id. */
const ruleIdOf = (f: Finding): string => f.rule_id || f.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'vigil-finding';

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
      tags: ['security', f.category, ...(f.cwe ? [`external/cwe/${f.cwe.toLowerCase()}`] : []), ...f.owasp_categories.map((c) => `owasp-${c}`)].slice(0, MAX_TAGS),
      precision: precision(f.confidence),
      'problem.severity': LEVEL[severity] === 'note' ? 'recommendation' : LEVEL[severity],
    },
  };
}

/** GitHub code scanning rejects runs with more results than this. */
export const MAX_SARIF_RESULTS = 25_000;
/** GitHub keeps this many tags of a rule. */
const MAX_TAGS = 10;

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The result's message: the title as the first sentence (GitHub shows the first
 * sentence where space is short), then the evidence. Evidence that already starts
 * with the title (secrets: "AWS access key: …") does not repeat it. Control
 * characters and bidirectional overrides from the scanned material are shown
 * as escapes, as in the terminal, since viewers render this text.
 */
export function messageText(f: Finding): string {
  return terminalField(composeMessage(f));
}

function composeMessage(f: Finding): string {
  const title = f.title.trim();
  let evidence = f.evidence.trim();
  if (title !== '' && evidence.toLowerCase().startsWith(`${title.toLowerCase()}:`)) evidence = evidence.slice(title.length + 1).trim();
  evidence = evidence.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '').join('; ');
  if (title === '') return evidence === '' ? 'Finding.' : `Evidence: ${evidence}`;
  if (evidence === '' || evidence.toLowerCase() === title.toLowerCase()) return sentence(title);
  return `${sentence(title)} Evidence: ${evidence}`;
}

/** A repository path as a relative URI: each segment percent-encoded ("#", "?" and spaces included), "/" kept. */
export function relativeUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function locationOf(f: Finding) {
  const { path, line, column, url, target } = f.location;
  if (path === undefined || path === '') return { physicalLocation: { artifactLocation: { uri: url ?? target } } };
  // A file-level finding (no line) points at the file's first line: GitHub needs a region there.
  const startLine = line !== undefined && line >= 1 ? line : 1;
  const region = { startLine, ...(line !== undefined && line >= 1 && column !== undefined && column >= 1 ? { startColumn: column } : {}) };
  return { physicalLocation: { artifactLocation: { uri: relativeUri(path), uriBaseId: '%SRCROOT%' }, region } };
}

/** Most severe first, keeping the given order within a severity: GitHub keeps the first results when it trims. */
function bySeverity(findings: readonly Finding[]): Finding[] {
  return findings.map((f, i) => ({ f, i })).sort((a, b) => RANK[b.f.severity] - RANK[a.f.severity] || a.i - b.i).map(({ f }) => f);
}

/** History and verification fields, when the finding has them (SARIF's property bag is free-form). */
function historyProperties(f: Finding): Record<string, unknown> {
  const { commit, commit_date, commit_author } = f.location;
  return {
    ...(commit === undefined ? {} : { commit, commitDate: commit_date, commitAuthor: commit_author }),
    ...(f.present_at_head === undefined ? {} : { presentAtHead: f.present_at_head }),
    ...(f.verified === undefined ? {} : { verified: f.verified, verifiedAt: f.verified_at }),
  };
}

/** A SARIF 2.1.0 log with one run (the run's shape is SARIF's; see toSarif). */
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: object[];
}

export function toSarif(all: readonly Finding[]): SarifLog {
  const findings = all.length > MAX_SARIF_RESULTS ? bySeverity(all).slice(0, MAX_SARIF_RESULTS) : all;
  const rules = new Map<string, { rule: SarifRule; index: number; severity: Severity }>();
  for (const f of findings) {
    const id = ruleIdOf(f);
    const known = rules.get(id);
    if (!known) rules.set(id, { rule: buildRule(f, f.severity), index: rules.size, severity: f.severity });
    else if (RANK[f.severity] > RANK[known.severity]) rules.set(id, { rule: buildRule(f, f.severity), index: known.index, severity: f.severity });
  }
  const results = findings.map((f) => ({
    ruleId: ruleIdOf(f),
    ruleIndex: rules.get(ruleIdOf(f))?.index ?? 0,
    level: LEVEL[f.severity],
    message: { text: messageText(f) },
    locations: [locationOf(f)],
    partialFingerprints: { 'vigilFindingId/v1': f.id },
    properties: { id: f.id, severity: f.severity, confidence: f.confidence, category: f.category, scanner: f.scanner_name, ...historyProperties(f) },
  }));
  const left = all.length - findings.length;
  const notice =
    left > 0
      ? {
          invocations: [
            {
              executionSuccessful: true,
              toolExecutionNotifications: [
                {
                  level: 'warning',
                  message: { text: `${left} of ${all.length} findings are not in this file: GitHub code scanning accepts at most ${MAX_SARIF_RESULTS} results per run, so the most severe are kept.` },
                },
              ],
            },
          ],
        }
      : {};
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
        ...notice,
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the scanned repository or directory' } } },
        results,
      },
    ],
  };
}
