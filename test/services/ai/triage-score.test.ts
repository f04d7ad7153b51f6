import { describe, expect, it } from 'vitest';
import { confidenceFactor, scoreFinding } from '../../../src/services/ai/triage/score.js';
import { cvssIn } from '../../../src/services/ai/triage/signals.js';
import { apiFinding, dependencyFinding, repoFinding } from './fixtures.js';

describe('triage score formula', () => {
  it('scores a live credential in regular code as base × 1 × 1 + live bonus − rotation effort', () => {
    const { score, breakdown } = scoreFinding(repoFinding());
    expect(breakdown.severityBase).toBe(90);
    expect(breakdown.confidenceFactor).toBe(1);
    expect(breakdown.exposure.value).toBe(1);
    expect(breakdown.bonus).toBe(10);
    expect(breakdown.effort).toBe('medium');
    expect(breakdown.effortPenalty).toBe(5);
    expect(score).toBe(95);
  });

  it('lowers the exposure of findings under test and fixture paths', () => {
    const { score, breakdown } = scoreFinding(repoFinding({ confidence: 0.5, location: { path: 'test/fixtures/keys.ts' } }));
    expect(breakdown.exposure.value).toBe(0.6);
    expect(breakdown.confidenceFactor).toBe(0.75);
    // 90 × 0.75 × 0.6 + 10 − 5 = 45.5
    expect(score).toBe(46);
  });

  it('treats a test-mode credential as lower exposure and gives it no live bonus', () => {
    const f = repoFinding({ rule_id: 'stripe-test-secret-key', title: 'Stripe test-mode secret key', severity: 'MEDIUM', confidence: 0.85 });
    const { score, breakdown } = scoreFinding(f);
    expect(breakdown.exposure.value).toBe(0.5);
    expect(breakdown.bonuses).toEqual([]);
    // 45 × 0.925 × 0.5 − 5 = 15.8
    expect(score).toBe(16);
  });

  it('raises API findings as internet-reachable', () => {
    const { score, breakdown } = scoreFinding(apiFinding());
    expect(breakdown.exposure.value).toBe(1.15);
    expect(breakdown.effort).toBe('low');
    // 70 × 1.15 = 80.5
    expect(score).toBe(81);
  });

  it('adds known-exploited and CVSS bonuses up to the cap, and no penalty when a fixed version exists', () => {
    const f = dependencyFinding('DEP-KEV001', { description: 'CVSS 9.8. Listed as known exploited (CISA KEV).' });
    const { score, breakdown } = scoreFinding(f);
    expect(breakdown.bonuses.map((t) => t.value)).toEqual([20, 10]);
    expect(breakdown.bonus).toBe(20);
    expect(breakdown.effort).toBe('low');
    expect(score).toBe(90);
  });

  it('penalises a dependency with no fixed version as high effort', () => {
    const f = dependencyFinding('DEP-NOFIX1', { remediation: 'No fixed version is available; replace the package.' });
    const { score, breakdown } = scoreFinding(f);
    expect(breakdown.effort).toBe('high');
    expect(score).toBe(60);
  });

  it('adds the privileged-trigger bonus to CI workflows on pull_request_target or workflow_run', () => {
    const f = repoFinding({
      id: 'CICD-AAAAAA',
      category: 'cicd',
      scanner_name: 'cicd',
      severity: 'HIGH',
      confidence: 0.9,
      title: 'Untrusted checkout in a privileged workflow',
      evidence: 'on: pull_request_target',
      rule_id: 'untrusted-checkout',
      location: { path: '.github/workflows/ci.yml' },
    });
    const { score, breakdown } = scoreFinding(f);
    expect(breakdown.bonuses.map((t) => t.value)).toEqual([10]);
    // 70 × 0.95 + 10 = 76.5
    expect(score).toBe(77);
  });

  it('clamps scores to 0..100', () => {
    const high = apiFinding({ category: 'cors', severity: 'CRITICAL', description: 'Any origin is reflected with Access-Control-Allow-Credentials: true.' });
    expect(scoreFinding(high).score).toBe(100);
    const low = repoFinding({ category: 'code', scanner_name: 'code', severity: 'INFO', confidence: 0, rule_id: 'x' });
    expect(scoreFinding(low).score).toBe(0);
  });

  it('maps confidence linearly onto 0.5..1 and tolerates out-of-range values', () => {
    expect(confidenceFactor(0)).toBe(0.5);
    expect(confidenceFactor(1)).toBe(1);
    expect(confidenceFactor(7)).toBe(1);
    expect(confidenceFactor(Number.NaN)).toBe(0.5);
  });

  it('reads CVSS base scores but not vector strings', () => {
    expect(cvssIn('CVSS v3.1 base score 9.8')).toBe(9.8);
    expect(cvssIn('Severity: CVSS 7.5.')).toBe(7.5);
    expect(cvssIn('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBeUndefined();
    expect(cvssIn('CVSS 11')).toBeUndefined();
    expect(cvssIn('no score here')).toBeUndefined();
  });
});
