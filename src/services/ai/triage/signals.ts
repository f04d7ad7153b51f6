/**
 * Signals read from a finding for its score: exposure, exploitability and the
 * effort of the fix. Pure; the tables are the documented policy (docs/ai-triage.md).
 */
import type { Finding, Severity } from '../../../core/findings.js';
import { isTestPath } from '../../../scanners/secrets/heuristics.js';
import { secretRuleFor } from './secret-rules.js';
import type { Effort, ScoreTerm } from './types.js';

export const SEVERITY_BASE: Readonly<Record<Severity, number>> = Object.freeze({
  CRITICAL: 90,
  HIGH: 70,
  MEDIUM: 45,
  LOW: 20,
  INFO: 5,
});

export const EXPOSURE = Object.freeze({
  internet: 1.15,
  normal: 1,
  testPath: 0.6,
  testModeCredential: 0.5,
});

export const BONUS = Object.freeze({
  knownExploited: 20,
  cvssCritical: 10,
  cvssHigh: 5,
  liveCredential: 10,
  privilegedWorkflowTrigger: 10,
  corsWithCredentials: 5,
  /** The bonuses of one finding add up to at most this. */
  cap: 20,
});

export const EFFORT_PENALTY: Readonly<Record<Effort, number>> = Object.freeze({ low: 0, medium: 5, high: 10 });

/** Title, description and evidence, bounded, for the text signals. */
function textOf(f: Finding): string {
  return [f.title, f.description, f.evidence].map((t) => t.slice(0, 8000)).join('\n');
}

function isInternetReachable(f: Finding): boolean {
  return Boolean(f.location.url) || f.category === 'headers' || f.category === 'cors';
}

/** A credential of a provider's test mode (sk_test_, TestPyPI …): real, but it cannot reach production data. */
function isTestModeCredential(f: Finding): boolean {
  if (f.category !== 'secrets') return false;
  const rule = secretRuleFor(f.rule_id);
  if (rule && (rule.keywords.some((k) => /_test[_-]/.test(k)) || /(?:^|-)test/.test(rule.id))) return true;
  return /\btest[- ]mode\b/i.test(f.title);
}

/** A credential whose format marks it as a live/production one (sk_live_, rk_live_, vgl_live_ …). */
function isLiveCredential(f: Finding): boolean {
  if (f.category !== 'secrets') return false;
  const rule = secretRuleFor(f.rule_id);
  if (rule?.keywords.some((k) => /(?:^|_)live_/.test(k))) return true;
  return /_live_/.test(f.evidence) || /\blive[- ]mode\b/i.test(f.title);
}

export function exposureOf(f: Finding): ScoreTerm {
  if (isInternetReachable(f)) return { value: EXPOSURE.internet, reason: 'reachable over the internet (API target)' };
  if (isTestModeCredential(f)) return { value: EXPOSURE.testModeCredential, reason: 'a test-mode credential (no production access)' };
  if (f.location.path && isTestPath(f.location.path)) return { value: EXPOSURE.testPath, reason: 'under a test, fixture or example path' };
  return { value: EXPOSURE.normal, reason: 'in regular repository code or configuration' };
}

const KNOWN_EXPLOITED = /\bknown[- ]exploited\b|\bactively exploited\b|\bexploited in the wild\b|\bKEV\b/i;
const CVSS = /\bCVSS(?:\s{0,3}v?[234](?:\.\d)?)?(?:\s{1,3}base)?(?:\s{1,3}score)?\s{0,3}[:=]?\s{0,3}(\d{1,2}(?:\.\d)?)(?!\d|\.\d|\/)/i;
const PRIVILEGED_TRIGGER = /\bpull_request_target\b|\bworkflow_run\b/;

/** The highest CVSS base score written in the text, if any. */
export function cvssIn(text: string): number | undefined {
  const m = CVSS.exec(text);
  const value = m?.[1] === undefined ? NaN : Number(m[1]);
  return value >= 0 && value <= 10 ? value : undefined;
}

export function bonusesOf(f: Finding): ScoreTerm[] {
  const text = textOf(f);
  const terms: ScoreTerm[] = [];
  if (f.category === 'supply_chain' || f.category === 'code') {
    if (KNOWN_EXPLOITED.test(text)) terms.push({ value: BONUS.knownExploited, reason: 'known to be exploited (KEV)' });
    const cvss = cvssIn(text);
    if (cvss !== undefined && cvss >= 9) terms.push({ value: BONUS.cvssCritical, reason: `CVSS ${cvss}` });
    else if (cvss !== undefined && cvss >= 7) terms.push({ value: BONUS.cvssHigh, reason: `CVSS ${cvss}` });
  }
  if (isLiveCredential(f)) terms.push({ value: BONUS.liveCredential, reason: 'a live-mode credential format' });
  if (f.category === 'cicd' && PRIVILEGED_TRIGGER.test(text)) {
    terms.push({ value: BONUS.privilegedWorkflowTrigger, reason: 'runs on pull_request_target/workflow_run (untrusted code with secrets)' });
  }
  if (f.category === 'cors' && /credentials/i.test(text)) terms.push({ value: BONUS.corsWithCredentials, reason: 'cross-origin reads with credentials' });
  return terms;
}

const NO_FIX = /\bno (?:fixed|patched) version\b|\bno fix(?:ed)? (?:is )?available\b|\bunfixed\b|\bnot (?:yet )?fixed\b/i;
const HAS_FIX = /\b(?:fixed|patched) in\b|\bupgrade to\b|\bfirst fixed\b/i;

export function effortOf(f: Finding): { readonly effort: Effort; readonly reason: string } {
  switch (f.category) {
    case 'headers':
    case 'cors':
      return { effort: 'low', reason: 'a server or gateway configuration change' };
    case 'cicd':
      return { effort: 'low', reason: 'an edit to one workflow file' };
    case 'secrets':
      if (f.rule_id === 'env-not-gitignored') return { effort: 'low', reason: 'one line in .gitignore' };
      return { effort: 'medium', reason: 'rotate, redeploy and purge from history' };
    case 'supply_chain': {
      const text = `${f.description}\n${f.remediation}\n${f.evidence}`.slice(0, 16000);
      if (NO_FIX.test(text)) return { effort: 'high', reason: 'no fixed version: replace or mitigate' };
      if (/\bmajor version\b/i.test(text)) return { effort: 'high', reason: 'needs a major-version upgrade' };
      if (HAS_FIX.test(text)) return { effort: 'low', reason: 'upgrade to a fixed version' };
      return { effort: 'medium', reason: 'upgrade or replace the dependency' };
    }
    default:
      return { effort: 'medium', reason: 'a code change with review and tests' };
  }
}
