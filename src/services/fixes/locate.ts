/**
 * Finding a reported secret again. The finding's evidence is redacted, so the
 * value is recovered by running the rule that reported it over the file as it
 * is now, and picking the match the finding points at.
 */
import type { Finding, RawFinding } from '../../core/findings.js';
import { findingId } from '../../engine/pipeline/fingerprint.js';
import { SecretDetector, type SecretMatch } from '../../scanners/secrets/detect.js';
import type { SecretRule } from '../../scanners/secrets/rule.js';
import { SECRET_RULES } from '../../scanners/secrets/rules/index.js';

/** How far from the reported line a secret may have moved and still be found. */
export const NEARBY_LINES = 20;

/** The finding's own rule when it names one with the same title, else every rule with the title. */
export function rulesFor(finding: Finding, rules: readonly SecretRule[] = SECRET_RULES): SecretRule[] {
  const own = rules.filter((r) => r.id === finding.rule_id && r.title === finding.title);
  return own.length > 0 ? own : rules.filter((r) => r.title === finding.title);
}

/** The stable id the scan would give this match: equal to the finding's id when it is the same secret. */
function idOf(target: string, path: string, match: SecretMatch): string {
  const raw = {
    ruleId: match.rule.id,
    category: 'secrets',
    scanner: 'secrets',
    severity: match.rule.severity,
    title: match.rule.title,
    description: '',
    evidence: '',
    remediation: '',
    confidence: match.rule.confidence,
    owaspCategories: [],
    path,
    line: match.line,
    column: match.column,
    secret: match.secret,
  } satisfies RawFinding;
  return findingId(target, raw);
}

function nearest(matches: readonly SecretMatch[], line: number): SecretMatch | undefined {
  let best: SecretMatch | undefined;
  for (const m of matches) {
    if (best === undefined || Math.abs(m.line - line) < Math.abs(best.line - line)) best = m;
  }
  return best;
}

export interface Located {
  /** The match the finding points at. */
  readonly match: SecretMatch;
  /** Every match of the same value in the file (the scan reports them as one finding). */
  readonly occurrences: readonly SecretMatch[];
}

/**
 * The secret the finding reports, in `text` (the file at `path`), or undefined
 * when it is not there any more. Preference: the match whose stable id equals
 * the finding's id; then the match at the reported line and column; then any
 * match on the reported line (the whole line when no column is given); then
 * the nearest match within NEARBY_LINES lines.
 */
export function locateSecret(finding: Finding, path: string, text: string): Located | undefined {
  const line = finding.location.line;
  const rules = rulesFor(finding);
  if (rules.length === 0 || line === undefined) return undefined;
  const matches = new SecretDetector(rules).scan(path, text);
  const column = finding.location.column;
  const sameId = matches.filter((m) => idOf(finding.location.target, path, m) === finding.id);
  const onLine = matches.filter((m) => m.line === line);
  const match =
    nearest(sameId, line) ??
    onLine.find((m) => column !== undefined && m.column === column) ??
    onLine[0] ??
    nearest(
      matches.filter((m) => Math.abs(m.line - line) <= NEARBY_LINES),
      line,
    );
  if (match === undefined) return undefined;
  return { match, occurrences: matches.filter((m) => m.secret === match.secret) };
}
