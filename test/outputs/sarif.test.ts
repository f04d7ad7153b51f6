import { createRequire } from 'node:module';
import type { Options, ValidateFunction } from 'ajv-draft-04';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/findings.js';
import { breachesThreshold, parseFailOn } from '../../src/outputs/fail-on.js';
import { toSarif } from '../../src/outputs/sarif.js';

// The SARIF 2.1.0 schema (rtm.5, the one GitHub code scanning validates against), as shipped by Microsoft.
const require = createRequire(import.meta.url);
// ajv-draft-04 is CommonJS; its class is the `default` property.
const { default: Ajv } = require('ajv-draft-04') as { default: new (options: Options) => { compile(schema: object): ValidateFunction } };
const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;
const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'SEC-A1B2C3',
    category: 'secrets',
    severity: 'CRITICAL',
    title: 'GitHub token',
    description: 'A GitHub token is committed.',
    evidence: 'GitHub token: token = "[REDACTED]"',
    location: { target: 'o/r', path: 'src/my file.ts', line: 4, column: 9, url: null, method: null },
    scanner_name: 'secrets',
    remediation: 'Revoke it.',
    confidence: 0.98,
    owasp_categories: ['A07:2021', 'A07:2025'],
    rule_id: 'github-token',
    ...overrides,
  };
}

describe('SARIF output', () => {
  const findings = [
    finding(),
    finding({ id: 'SEC-D4E5F6', severity: 'MEDIUM', location: { target: 'o/r', path: 'b.ts', line: 1, url: null, method: null } }),
    finding({ id: 'SEC-G7H8I9', rule_id: 'jwt', title: 'JWT token', severity: 'LOW', confidence: 0.4 }),
  ];
  const log = toSarif(findings) as {
    runs: { tool: { driver: { rules: { id: string; defaultConfiguration: { level: string }; properties: Record<string, unknown> }[] } }; results: Record<string, unknown>[] }[];
  };

  it('is valid against the SARIF 2.1.0 schema', () => {
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });

  it('declares each rule once with its highest severity as level and security-severity', () => {
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    expect(rules.map((r) => r.id)).toEqual(['github-token', 'jwt']);
    expect(rules[0]?.defaultConfiguration.level).toBe('error');
    expect(rules[0]?.properties['security-severity']).toBe('9.5');
    expect(rules[1]?.properties['security-severity']).toBe('3.0');
  });

  it('carries the stable id as a partial fingerprint and the location relative to the source root', () => {
    const result = log.runs[0]?.results[0] as { partialFingerprints: Record<string, string>; ruleIndex: number; level: string; locations: unknown[] };
    expect(result.partialFingerprints).toEqual({ 'vigilFindingId/v1': 'SEC-A1B2C3' });
    expect(result.level).toBe('error');
    expect(result.locations[0]).toEqual({
      physicalLocation: { artifactLocation: { uri: 'src/my%20file.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 4, startColumn: 9 } },
    });
    expect((log.runs[0]?.results[1] as { level: string }).level).toBe('warning');
    expect((log.runs[0]?.results[2] as { ruleIndex: number }).ruleIndex).toBe(1);
  });

  it('rejects an invalid document (the validator is live)', () => {
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
  });
});

describe('--fail-on', () => {
  it('trips at or above the threshold only', () => {
    const f = [finding({ severity: 'MEDIUM' })];
    expect(breachesThreshold(f, parseFailOn('medium'))).toBe(true);
    expect(breachesThreshold(f, parseFailOn('HIGH'))).toBe(false);
    expect(breachesThreshold(f, parseFailOn('none'))).toBe(false);
    expect(() => parseFailOn('severe')).toThrow(/--fail-on must be one of/);
  });
});
