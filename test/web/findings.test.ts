import { describe, expect, it } from 'vitest';
import { countByCategory, countBySeverity, distinctValues, filterFindings, locationText, NO_RULE, sortFindings } from '../../web/src/lib/findings.js';
import type { Finding, Severity } from '../../web/src/lib/types.js';

function finding(id: string, severity: Severity, fields: Partial<Finding> & { path?: string; line?: number; url?: string } = {}): Finding {
  const { path, line, url, ...rest } = fields;
  return {
    id,
    severity,
    category: 'secrets',
    title: `Title ${id}`,
    description: '',
    evidence: '',
    location: { target: 'octo/repo', url: url ?? null, method: url ? 'GET' : null, ...(path !== undefined ? { path } : {}), ...(line !== undefined ? { line } : {}) },
    scanner_name: 'secrets',
    remediation: '',
    confidence: 0.9,
    owasp_categories: [],
    ...rest,
  };
}

const FINDINGS: Finding[] = [
  finding('SEC-AAAAAA', 'LOW', { path: 'src/b.ts', line: 3, rule_id: 'github-token' }),
  finding('SEC-BBBBBB', 'CRITICAL', { path: 'src/a.ts', line: 10, rule_id: 'aws-access-key-id' }),
  finding('DEP-CCCCCC', 'MEDIUM', { path: 'package-lock.json', category: 'supply_chain', scanner_name: 'supply_chain', title: 'lodash CVE' }),
  finding('SEC-DDDDDD', 'INFO', { path: 'docs/README.md', line: 1, rule_id: 'github-token' }),
  finding('SEC-EEEEEE', 'HIGH', { path: 'src/a.ts', line: 2, rule_id: 'aws-access-key-id' }),
  finding('HDR-FFFFFF', 'MEDIUM', { url: 'https://api.example.test/', category: 'headers', scanner_name: 'api_headers', rule_id: 'missing-hsts' }),
];

const ids = (list: readonly Finding[]) => list.map((f) => f.id);

describe('sortFindings', () => {
  it('orders severity CRITICAL > HIGH > MEDIUM > LOW > INFO, worst first when descending', () => {
    expect(sortFindings(FINDINGS, 'severity', 'descending').map((f) => f.severity)).toEqual(['CRITICAL', 'HIGH', 'MEDIUM', 'MEDIUM', 'LOW', 'INFO']);
    expect(sortFindings(FINDINGS, 'severity', 'ascending').map((f) => f.severity)).toEqual(['INFO', 'LOW', 'MEDIUM', 'MEDIUM', 'HIGH', 'CRITICAL']);
  });

  it('breaks ties by location, so equal severities come out in the same order whatever the input order', () => {
    const forward = ids(sortFindings(FINDINGS, 'severity', 'descending'));
    const backward = ids(sortFindings([...FINDINGS].reverse(), 'severity', 'descending'));
    expect(backward).toEqual(forward);
    expect(forward.slice(2, 4)).toEqual(['HDR-FFFFFF', 'DEP-CCCCCC']);
  });

  it('sorts by location with numbers in natural order, and by category with severity as the tie-break', () => {
    const byPlace = sortFindings([finding('A-AAAAAA', 'LOW', { path: 'f.ts', line: 10 }), finding('A-BBBBBB', 'LOW', { path: 'f.ts', line: 9 })], 'location', 'ascending');
    expect(ids(byPlace)).toEqual(['A-BBBBBB', 'A-AAAAAA']);
    expect(ids(sortFindings(FINDINGS, 'category', 'ascending'))).toEqual(['HDR-FFFFFF', 'SEC-BBBBBB', 'SEC-EEEEEE', 'SEC-AAAAAA', 'SEC-DDDDDD', 'DEP-CCCCCC']);
  });

  it('sorts by rule id, findings without one first when ascending', () => {
    expect(ids(sortFindings(FINDINGS, 'rule', 'ascending'))).toEqual(['DEP-CCCCCC', 'SEC-BBBBBB', 'SEC-EEEEEE', 'SEC-AAAAAA', 'SEC-DDDDDD', 'HDR-FFFFFF']);
  });

  it('does not change the list it was given', () => {
    const before = ids(FINDINGS);
    sortFindings(FINDINGS, 'title', 'descending');
    expect(ids(FINDINGS)).toEqual(before);
  });
});

describe('filterFindings', () => {
  it('filters by severity, category and rule together', () => {
    expect(ids(filterFindings(FINDINGS, { severity: 'MEDIUM' }))).toEqual(['DEP-CCCCCC', 'HDR-FFFFFF']);
    expect(ids(filterFindings(FINDINGS, { severity: 'MEDIUM', category: 'headers' }))).toEqual(['HDR-FFFFFF']);
    expect(ids(filterFindings(FINDINGS, { rule: 'aws-access-key-id' }))).toEqual(['SEC-BBBBBB', 'SEC-EEEEEE']);
    expect(ids(filterFindings(FINDINGS, { rule: 'github-token', severity: 'INFO' }))).toEqual(['SEC-DDDDDD']);
    expect(ids(filterFindings(FINDINGS, { rule: NO_RULE }))).toEqual(['DEP-CCCCCC']);
    expect(filterFindings(FINDINGS, { severity: 'CRITICAL', rule: 'missing-hsts' })).toEqual([]);
  });

  it('matches the path (or URL) as case-insensitive text, and an empty filter keeps everything', () => {
    expect(ids(filterFindings(FINDINGS, { path: 'SRC/A' }))).toEqual(['SEC-BBBBBB', 'SEC-EEEEEE']);
    expect(ids(filterFindings(FINDINGS, { path: 'example.test' }))).toEqual(['HDR-FFFFFF']);
    expect(filterFindings(FINDINGS, { severity: '', category: '', rule: '', path: '  ' })).toHaveLength(FINDINGS.length);
  });
});

describe('summaries', () => {
  it('counts every severity, zeros included, worst first', () => {
    expect(countBySeverity(FINDINGS)).toEqual([
      { label: 'CRITICAL', count: 1 },
      { label: 'HIGH', count: 1 },
      { label: 'MEDIUM', count: 2 },
      { label: 'LOW', count: 1 },
      { label: 'INFO', count: 1 },
    ]);
    expect(countBySeverity([]).every((c) => c.count === 0)).toBe(true);
  });

  it('counts the categories present, most first', () => {
    expect(countByCategory(FINDINGS)).toEqual([
      { label: 'secrets', count: 4 },
      { label: 'headers', count: 1 },
      { label: 'supply_chain', count: 1 },
    ]);
  });

  it('lists distinct categories and rules for the filter choices, findings without a rule under NO_RULE', () => {
    expect(distinctValues(FINDINGS, 'category')).toEqual(['headers', 'secrets', 'supply_chain']);
    expect(distinctValues(FINDINGS, 'rule_id')).toEqual([NO_RULE, 'aws-access-key-id', 'github-token', 'missing-hsts']);
  });

  it('writes a location as path:line or method and URL', () => {
    expect(locationText(FINDINGS[1]!)).toBe('src/a.ts:10');
    expect(locationText(FINDINGS[2]!)).toBe('package-lock.json');
    expect(locationText(FINDINGS[5]!)).toBe('GET https://api.example.test/');
  });
});
