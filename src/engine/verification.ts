/**
 * What the engine hands to secret validity checks (src/verify) and how their
 * answers land on findings. The secret crosses here and nowhere else.
 */
import type { Finding } from '../core/findings.js';
import { compareFindings } from './pipeline/sort.js';

/** A secret handed to the validity check: never logged, never stored. */
export interface SecretToVerify {
  readonly id: string;
  readonly ruleId: string;
  readonly secret: string;
  /** Other secrets found in the same file (an AWS key id beside its secret key, a Twilio SID beside its token). */
  readonly companions: readonly { readonly ruleId: string; readonly secret: string }[];
}

export interface VerificationResult {
  readonly verified: boolean | null;
  readonly verifiedAt: string;
}

/** Checks secrets with their providers; answers by finding id. */
export type VerifySecrets = (secrets: readonly SecretToVerify[], signal?: AbortSignal) => Promise<ReadonlyMap<string, VerificationResult>>;

/** Verification answers onto findings: live secrets rise to CRITICAL; order kept by severity. */
export function applyVerification(findings: readonly Finding[], results: ReadonlyMap<string, VerificationResult>): Finding[] {
  const out = findings.map((f) => {
    const r = results.get(f.id);
    if (!r) return f;
    return { ...f, ...(r.verified === true ? { severity: 'CRITICAL' as const } : {}), verified: r.verified, verified_at: r.verifiedAt };
  });
  return out.sort(compareFindings);
}
