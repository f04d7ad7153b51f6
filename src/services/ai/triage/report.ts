/**
 * The ranking as a plain-text report (markdown-ish): summary counts, then the
 * numbered actions with score, why and steps.
 */
import { SEVERITIES, type Severity } from '../../../core/findings.js';
import { cleanLine } from '../prompts/untrusted.js';
import { locationOf } from './rank.js';
import type { RankedAction, TriageScan } from './types.js';

/** Actions listed in full; the rest are counted. */
export const MAX_REPORTED_ACTIONS = 50;
/** Finding ids listed per action. */
const MAX_IDS = 10;

function severityCounts(scan: TriageScan): string {
  const counts = new Map<Severity, number>();
  for (const f of scan.findings) counts.set(f.severity, (counts.get(f.severity) ?? 0) + 1);
  return SEVERITIES.map((s) => `${s.charAt(0)}${s.slice(1).toLowerCase()}: ${counts.get(s) ?? 0}`).join(', ');
}

function summary(scan: TriageScan, actions: readonly RankedAction[]): string[] {
  const n = scan.findings.length;
  const lines = [`# Triage report for ${cleanLine(scan.target, 300)}`, '', `Scan ${cleanLine(scan.scan_id, 64)} (${cleanLine(scan.target_type, 20)}).`];
  if (n === 0) {
    lines.push('', 'No findings: nothing to triage.');
    return lines;
  }
  lines.push('', `${n} finding(s) grouped into ${actions.length} action(s). ${severityCounts(scan)}.`);
  const top = actions[0];
  if (top) lines.push(`Start with action 1: ${top.title} (score ${top.score}).`);
  lines.push('Scores run from 0 to 100: severity × confidence × exposure, plus exploitability signals, minus remediation effort (docs/ai-triage.md).');
  return lines;
}

function findingsLine(action: RankedAction): string {
  const listed = action.findings.slice(0, MAX_IDS).map((r) => `${cleanLine(r.finding.id, 64)} (${locationOf(r.finding)}, score ${r.score})`);
  const more = action.findings.length > MAX_IDS ? `, and ${action.findings.length - MAX_IDS} more` : '';
  return `   Findings: ${listed.join(', ')}${more}`;
}

/** One action, numbered by its rank. */
export function renderAction(action: RankedAction): string {
  const count = action.findings.length;
  const lines = [
    `${action.rank}. [score ${action.score}] ${action.title}`,
    `   ${action.severity}, ${count} finding${count === 1 ? '' : 's'}, effort ${action.effort}`,
    `   Why: ${action.why.join('; ')}.`,
    '   Steps:',
  ];
  action.steps.forEach((step, i) => lines.push(`   ${String.fromCharCode(97 + (i % 26))}) ${step}`));
  lines.push(findingsLine(action));
  return lines.join('\n');
}

export function renderTriageReport(scan: TriageScan, actions: readonly RankedAction[]): string {
  const parts = [summary(scan, actions).join('\n')];
  if (actions.length > 0) parts.push('## Actions, most urgent first');
  for (const action of actions.slice(0, MAX_REPORTED_ACTIONS)) parts.push(renderAction(action));
  if (actions.length > MAX_REPORTED_ACTIONS) {
    const rest = actions.slice(MAX_REPORTED_ACTIONS);
    let findings = 0;
    for (const a of rest) findings += a.findings.length;
    parts.push(`… and ${rest.length} lower-priority action(s) covering ${findings} finding(s), not listed here.`);
  }
  return `${parts.join('\n\n')}\n`;
}
