/** Deterministic triage: a documented risk score per finding, grouped into ranked actions (docs/ai-triage.md). */
export { rankFindings, locationOf, remediationSteps } from './rank.js';
export { renderTriageReport, renderAction, MAX_REPORTED_ACTIONS } from './report.js';
export { scoreFinding, confidenceFactor } from './score.js';
export { SEVERITY_BASE, EXPOSURE, BONUS, EFFORT_PENALTY, cvssIn } from './signals.js';
export { actionOf, packageOf, fixedVersionOf } from './group.js';
export type { ActionKind, Effort, RankedAction, RankedFinding, ScoreBreakdown, ScoreTerm, TriageScan } from './types.js';
