import { describe, expect, it } from 'vitest';
import { advisorySeverity } from '../../../src/scanners/advisories/severity.js';
import type { OsvAffected, OsvSeverity, OsvVulnerability } from '../../../src/scanners/advisories/osv-schema.js';

// Scores are the FIRST examples used in cvss.test.ts.
const V2 = 'AV:N/AC:L/Au:N/C:P/I:N/A:N'; // 5.0 MEDIUM
const V30 = 'CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N'; // 6.1 MEDIUM
const V31 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N'; // 7.5 HIGH
const V31_CRITICAL = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8 CRITICAL
const V4 = 'CVSS:4.0/AV:L/AC:L/AT:N/PR:N/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N'; // 4.6 MEDIUM
const V4_LOW = 'CVSS:4.0/AV:N/AC:L/AT:P/PR:L/UI:A/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N/E:U'; // 0.4 LOW

const sev = (type: string, score: string): OsvSeverity => ({ type, score });
const vuln = (extra: Partial<OsvVulnerability> = {}): OsvVulnerability => ({ id: 'GHSA-xxxx-yyyy-zzzz', modified: '2024-01-01T00:00:00Z', ...extra });
const pkg = (severity?: OsvSeverity[]): OsvAffected => ({ package: { ecosystem: 'npm', name: 'left-pad' }, ...(severity ? { severity } : {}) });

describe('advisorySeverity', () => {
  it('prefers v4 over v3.1 over v3.0 over v2, whatever the order and the scores', () => {
    // The v4 vector scores lower than every other one and still wins.
    const all = [sev('CVSS_V2', V2), sev('CVSS_V3', V31_CRITICAL), sev('CVSS_V3', V30), sev('CVSS_V4', V4)];
    expect(advisorySeverity(vuln({ severity: all }))).toEqual({ severity: 'MEDIUM', score: 4.6, vector: V4, source: 'cvss' });
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V2', V2), sev('CVSS_V3', V30), sev('CVSS_V3', V31)] }))).toEqual({
      severity: 'HIGH',
      score: 7.5,
      vector: V31,
      source: 'cvss',
    });
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V3', V30), sev('CVSS_V2', 'AV:N/AC:L/Au:N/C:C/I:C/A:C')] }))).toMatchObject({ score: 6.1, vector: V30 });
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V2', V2)] }))).toEqual({ severity: 'MEDIUM', score: 5.0, vector: V2, source: 'cvss' });
  });

  it('takes the higher score between two vectors of the same version', () => {
    const result = advisorySeverity(vuln({ severity: [sev('CVSS_V3', V31), sev('CVSS_V3', V31_CRITICAL)] }));
    expect(result).toEqual({ severity: 'CRITICAL', score: 9.8, vector: V31_CRITICAL, source: 'cvss' });
  });

  it("uses the affected entry's severity for this package before the record's", () => {
    const record = vuln({ severity: [sev('CVSS_V3', V31_CRITICAL)] });
    expect(advisorySeverity(record, pkg([sev('CVSS_V3', V30)]))).toEqual({ severity: 'MEDIUM', score: 6.1, vector: V30, source: 'cvss' });
    // Even a lower CVSS version in the affected entry beats the record's newer one.
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V4', V4)] }), pkg([sev('CVSS_V2', V2)]))).toMatchObject({ vector: V2 });
  });

  it("falls back to the record's severity when the affected entry has none usable", () => {
    const record = vuln({ severity: [sev('CVSS_V3', V31_CRITICAL)] });
    expect(advisorySeverity(record, pkg())).toMatchObject({ severity: 'CRITICAL', vector: V31_CRITICAL });
    expect(advisorySeverity(record, pkg([]))).toMatchObject({ vector: V31_CRITICAL });
    expect(advisorySeverity(record, pkg([sev('CVSS_V3', 'CVSS:3.1/AV:N/AC:L')]))).toMatchObject({ vector: V31_CRITICAL });
    expect(advisorySeverity(record, pkg([sev('Ubuntu', 'high')]))).toMatchObject({ vector: V31_CRITICAL });
  });

  it('skips malformed vectors and non-CVSS entries, keeping the best valid one', () => {
    const severity = [
      sev('CVSS_V4', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N'), // SA missing
      sev('Ubuntu', 'critical'),
      sev('CVSS_V3', 'CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'), // duplicate
      sev('CVSS_V3', V30),
    ];
    expect(advisorySeverity(vuln({ severity }))).toEqual({ severity: 'MEDIUM', score: 6.1, vector: V30, source: 'cvss' });
  });

  it("trusts the vector's own version over the entry's type, and trims it", () => {
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V3', ` ${V4_LOW}\n`), sev('CVSS_V3', V31)] }))).toEqual({
      severity: 'LOW',
      score: 0.4,
      vector: V4_LOW,
      source: 'cvss',
    });
  });

  it('maps a zero CVSS score to INFO', () => {
    const none = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N';
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V3', none)] }))).toEqual({ severity: 'INFO', score: 0, vector: none, source: 'cvss' });
  });

  it.each([
    ['LOW', 'LOW'],
    ['MODERATE', 'MEDIUM'],
    ['HIGH', 'HIGH'],
    ['CRITICAL', 'CRITICAL'],
    ['moderate', 'MEDIUM'],
    [' High ', 'HIGH'],
    ['MEDIUM', 'MEDIUM'],
  ] as const)('uses GHSA database_specific.severity %j as %s when no CVSS vector is usable', (word, severity) => {
    expect(advisorySeverity(vuln({ database_specific: { severity: word } }))).toEqual({ severity, source: 'database' });
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V3', 'garbage')], database_specific: { severity: word } }), pkg())).toEqual({
      severity,
      source: 'database',
    });
  });

  it('prefers any valid CVSS vector over database_specific.severity', () => {
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V2', V2)], database_specific: { severity: 'CRITICAL' } }))).toMatchObject({
      severity: 'MEDIUM',
      source: 'cvss',
    });
  });

  it('defaults to MEDIUM when nothing usable is there', () => {
    const fallback = { severity: 'MEDIUM', source: 'default' };
    expect(advisorySeverity(vuln())).toEqual(fallback);
    expect(advisorySeverity(vuln(), pkg())).toEqual(fallback);
    expect(advisorySeverity(vuln({ database_specific: { severity: 'UNKNOWN' } }))).toEqual(fallback);
    expect(advisorySeverity(vuln({ database_specific: { severity: 3 as unknown as string } }))).toEqual(fallback);
    expect(advisorySeverity(vuln({ database_specific: { severity: 'toString' } }))).toEqual(fallback);
    expect(advisorySeverity(vuln({ severity: [sev('Ubuntu', 'high')] }))).toEqual(fallback);
  });

  it('never throws on odd records from outside', () => {
    const odd: unknown[] = [
      { id: 'X', modified: '', severity: 'CVSS:3.1/AV:N' },
      { id: 'X', modified: '', severity: [null, 1, 'x', { type: 5, score: V31 }, { type: 'CVSS_V3', score: 7.5 }, { type: 'CVSS_V3' }] },
      { id: 'X', modified: '', database_specific: null },
      { id: 'X', modified: '', database_specific: 'HIGH' },
      null,
      undefined,
    ];
    for (const record of odd) {
      expect(() => advisorySeverity(record as OsvVulnerability)).not.toThrow();
      expect(advisorySeverity(record as OsvVulnerability)).toEqual({ severity: 'MEDIUM', source: 'default' });
      expect(advisorySeverity(vuln(), { severity: record } as unknown as OsvAffected)).toEqual({ severity: 'MEDIUM', source: 'default' });
    }
    expect(advisorySeverity(vuln({ severity: [sev('CVSS_V3', V31)] }), null as unknown as OsvAffected)).toMatchObject({ vector: V31 });
  });
});
