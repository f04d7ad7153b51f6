/**
 * Joins detection and policy: runs every check over a Retrieved and turns each
 * outcome into a RawFinding with the check's outcome table (severity, prose,
 * OWASP). Pure: the network work happened in adapters/http-target/retrieve.ts.
 *
 * RawFinding has no url or method, so each finding comes with the request that
 * proved it; the caller maps `url` and `method` into Location.url / Location.method
 * (path, line and column are absent from API findings on the wire).
 */
import type { RawFinding } from '../../core/findings.js';
import { toRawFinding } from '../../core/rules.js';
import { DEFAULT_CONFIDENCE, type HttpCheck, interpolate, type Outcome } from './check.js';
import { HTTP_CHECKS } from './checks/index.js';
import type { Retrieved } from './types.js';

export interface ApiFinding {
  readonly raw: RawFinding;
  /** The URL of the request that proved the finding. */
  readonly url: string;
  /** Its HTTP method (GET, or OPTIONS for a CORS preflight). */
  readonly method: string;
}

/** check id + outcome key (+ cookie name, header name or probe kind): stable for the same target and issue. */
export function fingerprintMaterial(check: HttpCheck, outcome: Outcome): string {
  return [check.id, outcome.key, ...(outcome.subject === undefined ? [] : [outcome.subject])].join(':');
}

export function toFinding(check: HttpCheck, outcome: Outcome): ApiFinding {
  const policy = check.outcomes[outcome.key];
  if (policy === undefined) throw new Error(`Check ${check.id} returned an outcome without policy: ${outcome.key}`);
  const facts = outcome.facts ?? {};
  const proof = check.category === 'cors' ? ` Probe sent to ${outcome.url}.` : ` Seen on ${outcome.method} ${outcome.url}.`;
  const defaults = { ...policy, id: check.id, remediation: policy.remediation ?? check.remediation, confidence: policy.confidence ?? DEFAULT_CONFIDENCE, owasp: policy.owasp ?? check.owasp };
  const raw = toRawFinding(defaults, {
    category: check.category,
    scanner: 'api_headers',
    title: interpolate(policy.title, facts),
    // CORS findings carry what the same origin's preflight was allowed, instead of a finding of its own.
    description: `${interpolate(policy.description, facts)}${facts.preflight ?? ''}${proof}`,
    evidence: outcome.evidence.length > 0 ? outcome.evidence.join('\n') : `(header absent from the response to ${outcome.method} ${outcome.url})`,
    cwe: policy.cwe ?? check.cwe,
    path: '',
    line: 0,
    column: 0,
    fingerprintMaterial: fingerprintMaterial(check, outcome),
  });
  return { raw, url: outcome.url, method: outcome.method };
}

/**
 * Checks run once over the whole retrieval, never per path: those about the connection or the
 * origin as a whole, and unauthenticated-data, which reads every path itself.
 */
const ONCE_PER_SCAN = new Set(['https-enforcement', 'tls-certificate', 'tls-protocol', 'unauthenticated-data']);

/**
 * Every finding the checks produce for one retrieval, in registry order; then, for each opt-in
 * path (listed or documented), the header checks over that path's response, keeping only what the base URL did not
 * already show (a header missing everywhere is one finding, not one per path).
 */
export function scanRetrieved(r: Retrieved, checks: readonly HttpCheck[] = HTTP_CHECKS): ApiFinding[] {
  const findings: ApiFinding[] = [];
  const seen = new Set<string>();
  for (const check of checks) {
    for (const outcome of check.run(r)) {
      findings.push(toFinding(check, outcome));
      seen.add(fingerprintMaterial(check, outcome));
    }
  }
  for (const response of r.paths ?? []) {
    const view: Retrieved = { ...r, main: response, probes: [], httpVariant: null, paths: [] };
    for (const check of checks) {
      if (check.category !== 'headers' || ONCE_PER_SCAN.has(check.id)) continue;
      for (const outcome of check.run(view)) {
        if (seen.has(fingerprintMaterial(check, outcome))) continue;
        const finding = toFinding(check, outcome);
        // The same issue on two paths is two findings: the path is part of the identity.
        findings.push({ ...finding, raw: { ...finding.raw, fingerprintMaterial: `${finding.raw.fingerprintMaterial ?? ''}:${new URL(response.url).pathname}` } });
      }
    }
  }
  return findings;
}
