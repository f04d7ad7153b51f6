/**
 * How the answers of secret validity checks (src/adapters/verify, through the
 * port in core/verification.ts) land on findings.
 */
import type { Finding } from '../core/findings.js';
import type { VerificationResult } from '../core/verification.js';
import { compareFindings } from './pipeline/sort.js';

export type { SecretToVerify, VerificationResult, VerifySecrets } from '../core/verification.js';

/** Verification answers onto findings: live secrets rise to CRITICAL; order kept by severity. */
export function applyVerification(findings: readonly Finding[], results: ReadonlyMap<string, VerificationResult>): Finding[] {
  const out = findings.map((f) => {
    const r = results.get(f.id);
    if (!r) return f;
    return { ...f, ...(r.verified === true ? { severity: 'CRITICAL' as const } : {}), verified: r.verified, verified_at: r.verifiedAt };
  });
  return out.sort(compareFindings);
}
