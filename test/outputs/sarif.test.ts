import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/findings.js';
import { breachesThreshold, parseFailOn } from '../../src/outputs/fail-on.js';
import { MAX_SARIF_RESULTS, messageText, toSarif } from '../../src/outputs/sarif.js';
import { githubCodeScanningProblems, sarifSchemaErrors } from '../helpers/sarif.js';

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

  it('is valid against the OASIS SARIF 2.1.0 schema and the rtm.5 schema', () => {
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it('meets GitHub code scanning\'s documented requirements', () => {
    expect(githubCodeScanningProblems(log)).toEqual([]);
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

  it('rejects an invalid document (the validators are live)', () => {
    const broken = { version: '2.1.0', runs: [{ tool: { driver: {} } }] };
    expect(sarifSchemaErrors(broken).some((e) => e.startsWith('oasis:'))).toBe(true);
    expect(sarifSchemaErrors(broken).some((e) => e.startsWith('rtm.5:'))).toBe(true);
    expect(githubCodeScanningProblems(broken)).toContain('runs[0].tool.driver.name is missing');
    const noRegion = toSarif([finding()]) as { runs: { results: { locations: { physicalLocation: { region?: unknown } }[] }[] }[] };
    delete noRegion.runs[0]?.results[0]?.locations[0]?.physicalLocation.region;
    expect(githubCodeScanningProblems(noRegion)).toEqual(['runs[0].results[0].locations[0].physicalLocation.region.startLine must be an integer >= 1']);
  });

  it('states the title once, then the evidence, for a secret whose evidence starts with the title', () => {
    expect(messageText(finding({ title: 'AWS access key', evidence: 'AWS access key: const key = "[REDACTED]";' }))).toBe(
      'AWS access key. Evidence: const key = "[REDACTED]";',
    );
    const result = log.runs[0]?.results[0] as { message: { text: string } };
    expect(result.message.text).toBe('GitHub token. Evidence: token = "[REDACTED]"');
  });

  it('reads naturally for evidence of other shapes', () => {
    expect(messageText(finding({ title: 'Missing Content-Security-Policy header', evidence: '(header absent from the response to GET https://api.example.com/)' }))).toBe(
      'Missing Content-Security-Policy header. Evidence: (header absent from the response to GET https://api.example.com/)',
    );
    expect(messageText(finding({ title: 'Credentialed CORS', evidence: 'Access-Control-Allow-Origin: https://evil.example\nAccess-Control-Allow-Credentials: true' }))).toBe(
      'Credentialed CORS. Evidence: Access-Control-Allow-Origin: https://evil.example; Access-Control-Allow-Credentials: true',
    );
    expect(messageText(finding({ title: 'Weak hash?', evidence: '' }))).toBe('Weak hash?');
    expect(messageText(finding({ title: 'lodash@4.17.20', evidence: 'lodash@4.17.20' }))).toBe('lodash@4.17.20.');
  });

  it('encodes every path segment of the URI, and gives a file-level finding line 1', () => {
    const [located] = (toSarif([finding({ location: { target: 'o/r', path: 'docs/a #1?.md', line: 0, column: 0, url: null, method: null } })]) as typeof log).runs[0]?.results ?? [];
    expect((located as { locations: unknown[] }).locations[0]).toEqual({
      physicalLocation: { artifactLocation: { uri: 'docs/a%20%231%3F.md', uriBaseId: '%SRCROOT%' }, region: { startLine: 1 } },
    });
  });

  it('locates API findings at their URL', () => {
    const api = finding({ category: 'headers', scanner_name: 'api_headers', location: { target: 'https://api.example.com', url: 'https://api.example.com/v1', method: 'GET' } });
    const sarif = toSarif([api]) as typeof log;
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    expect((sarif.runs[0]?.results[0] as { locations: unknown[] }).locations[0]).toEqual({ physicalLocation: { artifactLocation: { uri: 'https://api.example.com/v1' } } });
    expect(githubCodeScanningProblems(sarif, { relative: false })).toEqual([]);
  });

  it('keeps at most GitHub\'s 25,000 results per run, the most severe first, and says how many were left out', () => {
    const many = Array.from({ length: MAX_SARIF_RESULTS + 5 }, (_, i) =>
      finding({ id: `SEC-${String(i).padStart(6, '0')}`, severity: i < 5 ? 'LOW' : 'HIGH' }),
    );
    many.push(finding({ id: 'SEC-CRIT01', severity: 'CRITICAL' }));
    const sarif = toSarif(many) as { runs: { results: { properties: { id: string; severity: string } }[]; invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[] };
    const run = sarif.runs[0];
    expect(run?.results).toHaveLength(MAX_SARIF_RESULTS);
    expect(run?.results[0]?.properties.id).toBe('SEC-CRIT01');
    expect(run?.results.some((r) => r.properties.severity === 'LOW')).toBe(false);
    expect(run?.invocations[0]?.toolExecutionNotifications[0]?.message.text).toMatch(/^6 of 25006 findings are not in this file/);
    expect(githubCodeScanningProblems(sarif)).toEqual([]);
    expect(sarifSchemaErrors(sarif)).toEqual([]);
  });

  it('gives findings without a rule id a slug of their title as rule id, never an empty one', () => {
    const withoutRule: Finding = { ...finding({ title: 'Hard-coded secret!' }), rule_id: undefined };
    const sarif = toSarif([withoutRule, { ...withoutRule, id: 'SEC-ZZZZZZ', title: '???' }]) as { runs: { results: { ruleId: string }[] }[] };
    expect(sarif.runs[0]?.results.map((r) => r.ruleId)).toEqual(['hard-coded-secret', 'vigil-finding']);
    expect(githubCodeScanningProblems(sarif)).toEqual([]);
  });

  it('keeps at most 10 tags per rule', () => {
    const tagged = toSarif([finding({ owasp_categories: Array.from({ length: 12 }, (_, i) => `A${String(i + 1).padStart(2, '0')}:2021`) })]) as typeof log;
    expect((tagged.runs[0]?.tool.driver.rules[0]?.properties.tags as string[]).length).toBe(10);
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
