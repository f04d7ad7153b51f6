/**
 * Redaction of a task's findings before the prompt is built. The prompt
 * builders cut long fields; a secret across the cut would reach the provider
 * half-written, where no rule recognises it any more. Redacting the fields
 * first (as far as a prompt can ever quote them) closes that gap; the built
 * prompt is redacted again as a whole.
 */
import type { Finding } from '../../core/findings.js';
import { FINDING_CAPS } from './prompts/untrusted.js';
import { MAX_TRIAGE_FINDINGS } from './prompts/triage.js';
import { redactText } from './redact.js';
import { rankFindings } from './triage/rank.js';
import type { RankedAction } from './triage/types.js';

/** Prompt builders read at most twice their cap of a field; the margin keeps a secret across that point whole. */
const REDACTED_PREFIX_CHARS = 2 * FINDING_CAPS.text + 2048;

function redactField(value: string): string {
  if (value.length <= REDACTED_PREFIX_CHARS) return redactText(value).text;
  return redactText(value.slice(0, REDACTED_PREFIX_CHARS)).text + value.slice(REDACTED_PREFIX_CHARS);
}

export function redactFinding(f: Finding): Finding {
  const { location } = f;
  return {
    ...f,
    title: redactField(f.title),
    description: redactField(f.description),
    evidence: redactField(f.evidence),
    remediation: redactField(f.remediation),
    location: {
      ...location,
      target: redactField(location.target),
      ...(typeof location.path === 'string' ? { path: redactField(location.path) } : {}),
      ...(typeof location.url === 'string' ? { url: redactField(location.url) } : {}),
    },
  };
}

/** The ranking with the findings a triage prompt quotes (the first MAX_TRIAGE_FINDINGS) redacted. */
export function redactedRanking(findings: readonly Finding[]): RankedAction[] {
  let left = MAX_TRIAGE_FINDINGS;
  return rankFindings(findings).map((action) => ({
    ...action,
    findings: action.findings.map((r) => (left-- > 0 ? { ...r, finding: redactFinding(r.finding) } : r)),
  }));
}
