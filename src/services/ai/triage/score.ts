/**
 * The risk score of one finding, 0..100:
 *
 *   round(severityBase × confidenceFactor × exposureFactor + min(Σ bonuses, cap) − effortPenalty), clamped to 0..100
 *
 * with confidenceFactor = 0.5 + 0.5 × confidence. Tables in signals.ts; the
 * reasoning in docs/ai-triage.md.
 */
import { SEVERITIES, type Finding, type Severity } from '../../../core/findings.js';
import { BONUS, bonusesOf, EFFORT_PENALTY, effortOf, exposureOf, SEVERITY_BASE } from './signals.js';
import type { RankedFinding, ScoreBreakdown } from './types.js';

function severityOf(f: Finding): Severity {
  return SEVERITIES.includes(f.severity) ? f.severity : 'INFO';
}

export function confidenceFactor(confidence: number): number {
  const c = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
  return 0.5 + 0.5 * c;
}

export function scoreFinding(finding: Finding): RankedFinding {
  const severityBase = SEVERITY_BASE[severityOf(finding)];
  const cf = confidenceFactor(finding.confidence);
  const exposure = exposureOf(finding);
  const bonuses = bonusesOf(finding);
  let sum = 0;
  for (const term of bonuses) sum += term.value;
  const bonus = Math.min(BONUS.cap, sum);
  const { effort, reason: effortReason } = effortOf(finding);
  const effortPenalty = EFFORT_PENALTY[effort];
  const raw = severityBase * cf * exposure.value + bonus - effortPenalty;
  // Round to 6 decimals first so floating-point noise (x.4999999) cannot flip the rounding.
  const score = Math.min(100, Math.max(0, Math.round(Math.round(raw * 1e6) / 1e6)));
  const breakdown: ScoreBreakdown = {
    severityBase,
    confidenceFactor: cf,
    exposure,
    bonuses,
    bonus,
    effort,
    effortReason,
    effortPenalty,
    score,
  };
  return { finding, score, breakdown };
}
