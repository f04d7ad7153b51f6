/** The offline explanation of one finding: what it is, why it matters, how it is exploited. */
import type { Finding } from '../../../core/findings.js';
import { remediationSteps } from '../triage/rank.js';
import { scoreFinding } from '../triage/score.js';
import { exploitScenario } from './knowledge.js';
import { answer, bullets, factsOf, numbered, referencesOf, section } from './text.js';

function confidenceNote(confidence: number): string {
  if (confidence >= 0.9) return 'The scanner is confident this is real.';
  if (confidence >= 0.6) return 'The scanner is fairly confident; check the value before acting on it.';
  return 'The scanner’s confidence is low (for example a test or example path, or a generic pattern): confirm it is real first.';
}

export function builtinExplain(finding: Finding): string {
  const facts = factsOf(finding);
  const ranked = scoreFinding(finding);
  const b = ranked.breakdown;
  const summary = [
    `${facts.title} (${finding.severity}) at ${facts.where}.`,
    facts.summary ? `What it is: ${facts.summary}` : '',
    finding.rule_id ? `Reported by the ${finding.scanner_name} scanner, rule \`${finding.rule_id}\`.` : `Reported by the ${finding.scanner_name} scanner.`,
  ].filter((s) => s !== '');
  const risk = [
    facts.description,
    `${confidenceNote(finding.confidence)} Vigil's triage score for it is ${ranked.score}/100: ${b.exposure.reason}${b.bonuses.map((t) => `; ${t.reason}`).join('')}; effort ${b.effort} (${b.effortReason}).`,
  ];
  const fix = remediationSteps(facts.remediation);
  return answer([
    section('Summary', summary.join(' ')),
    section('Risk', risk.join('\n\n')),
    section('Exploit scenario', numbered(exploitScenario(finding, facts.description))),
    section('How to fix', `${fix.length > 0 ? numbered(fix) : facts.remediation}\n\nPOST /v1/fix gives the full steps, with a patch where the change is mechanical.`),
    section('References', bullets(referencesOf(finding, facts))),
  ]);
}
