/** Findings for the AI tests, in the API's FindingSchema shape. */
import type { Finding, Location } from '../../../src/core/findings.js';
import type { TriageScan } from '../../../src/services/ai/triage/types.js';

type FindingOverrides = Partial<Omit<Finding, 'location'>> & { readonly location?: Partial<Location> };

export function repoFinding(overrides: FindingOverrides = {}): Finding {
  const { location, ...rest } = overrides;
  return {
    id: 'SEC-AAAAAA',
    category: 'secrets',
    severity: 'CRITICAL',
    title: 'Stripe secret key',
    description: 'A Stripe live-mode secret key is committed.',
    evidence: 'Stripe secret key: const stripeKey = "[REDACTED]";',
    scanner_name: 'secrets',
    remediation: 'Roll the key in the Stripe Dashboard. Remove it from git history.',
    confidence: 1,
    owasp_categories: ['A07:2021'],
    rule_id: 'stripe-secret-key',
    ...rest,
    location: { target: 'acme/shop', path: 'src/config.ts', line: 12, column: 19, url: null, method: null, ...location },
  };
}

export function apiFinding(overrides: FindingOverrides = {}): Finding {
  const { location, ...rest } = overrides;
  return {
    id: 'API-HSTS01',
    category: 'headers',
    severity: 'HIGH',
    title: 'Missing Strict-Transport-Security header',
    description: 'Responses do not carry Strict-Transport-Security.',
    evidence: 'GET / returned no Strict-Transport-Security header',
    scanner_name: 'api_headers',
    remediation: 'Send Strict-Transport-Security with a max-age of at least one year.',
    confidence: 1,
    owasp_categories: ['A05:2021'],
    ...rest,
    location: { target: 'https://api.acme.example', url: 'https://api.acme.example/', method: 'GET', ...location },
  };
}

export function dependencyFinding(id: string, overrides: FindingOverrides = {}): Finding {
  return repoFinding({
    id,
    category: 'supply_chain',
    scanner_name: 'supply_chain',
    severity: 'HIGH',
    title: 'lodash@4.17.20: Prototype pollution',
    description: 'Prototype pollution in lodash.',
    evidence: 'package-lock.json: lodash@4.17.20',
    remediation: 'Upgrade to 4.17.21.',
    owasp_categories: ['A06:2021'],
    rule_id: 'osv-advisory',
    ...overrides,
    location: { path: 'package-lock.json', line: 40, ...overrides.location },
  });
}

export function scanOf(findings: readonly Finding[]): TriageScan {
  return { scan_id: 'scan123', target: 'acme/shop', target_type: 'github', findings, finding_count: findings.length };
}
