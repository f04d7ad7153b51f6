import type { Finding, Severity } from '../../../core/findings.js';

/** How much work the fix is; lower effort ranks a little higher (quick wins first). */
export type Effort = 'low' | 'medium' | 'high';

/** What kind of work an action is; decides its title and the steps added to the finding's remediation. */
export type ActionKind =
  | 'rotate-credential'
  | 'ignore-env-files'
  | 'upgrade-dependency'
  | 'fix-code'
  | 'harden-workflow'
  | 'set-header'
  | 'fix-cors'
  | 'review';

/** A term of the score with the reason it applies, for the report's "why". */
export interface ScoreTerm {
  readonly value: number;
  readonly reason: string;
}

/** Every term of one finding's score (see docs/ai-triage.md). */
export interface ScoreBreakdown {
  /** From the severity table. */
  readonly severityBase: number;
  /** 0.5 + 0.5 × confidence. */
  readonly confidenceFactor: number;
  /** The lowest applicable exposure factor, or the internet-reachable one. */
  readonly exposure: ScoreTerm;
  /** Exploitability signals that apply; their sum is capped. */
  readonly bonuses: readonly ScoreTerm[];
  readonly bonus: number;
  readonly effort: Effort;
  readonly effortReason: string;
  readonly effortPenalty: number;
  /** Integer 0..100. */
  readonly score: number;
}

export interface RankedFinding {
  readonly finding: Finding;
  readonly score: number;
  readonly breakdown: ScoreBreakdown;
}

/** One piece of work that resolves one or more findings. */
export interface RankedAction {
  /** 1-based position in the ranking. */
  readonly rank: number;
  /** The grouping key (stable; see group.ts). */
  readonly key: string;
  readonly kind: ActionKind;
  readonly title: string;
  /** The highest score among its findings. */
  readonly score: number;
  /** The highest severity among its findings. */
  readonly severity: Severity;
  /** The effort of its highest-scored finding. */
  readonly effort: Effort;
  /** Highest score first. */
  readonly findings: readonly RankedFinding[];
  /** Short reasons for the score, most significant first. */
  readonly why: readonly string[];
  /** Concrete steps, in order. */
  readonly steps: readonly string[];
}

/** What triage needs of a scan (the API's ScanResponse satisfies it). */
export interface TriageScan {
  readonly scan_id: string;
  readonly target: string;
  readonly target_type: string;
  readonly findings: readonly Finding[];
  readonly finding_count?: number;
}
