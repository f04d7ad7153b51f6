import { describe, expect, it } from 'vitest';
import { rankFindings } from '../../../src/services/ai/triage/rank.js';
import { MAX_REPORTED_ACTIONS, renderTriageReport } from '../../../src/services/ai/triage/report.js';
import { apiFinding, dependencyFinding, repoFinding, scanOf } from './fixtures.js';

const stripeA = repoFinding({ id: 'SEC-STRPA1' });
const stripeB = repoFinding({ id: 'SEC-STRPB2', location: { path: 'deploy/settings.py', line: 3 } });
const stripeTest = repoFinding({ id: 'SEC-STRPC3', confidence: 0.5, location: { path: 'test/fixtures/stripe.ts', line: 1 } });
const aws = repoFinding({ id: 'SEC-AWSAAA', title: 'AWS access key', severity: 'HIGH', rule_id: 'aws-access-key-id', confidence: 0.9 });
const lodash1 = dependencyFinding('DEP-LOD001', { remediation: 'Upgrade to 4.17.19.' });
const lodash2 = dependencyFinding('DEP-LOD002', { title: 'lodash@4.17.20: Command injection in template', remediation: 'Upgrade to 4.17.21.' });
const lodash3 = dependencyFinding('DEP-LOD003', { title: 'lodash@4.17.20: ReDoS in toNumber', severity: 'MEDIUM', remediation: 'Upgrade to 4.17.21.' });
const hstsRoot = apiFinding({ id: 'API-HSTS01' });
const hstsLogin = apiFinding({ id: 'API-HSTS02', location: { url: 'https://api.acme.example/login' } });
const hstsOther = apiFinding({ id: 'API-HSTS03', location: { target: 'https://other.acme.example', url: 'https://other.acme.example/' } });
const csp = apiFinding({ id: 'API-CSP001', title: 'Missing Content-Security-Policy header', severity: 'MEDIUM' });
const all = [stripeA, stripeB, stripeTest, aws, lodash1, lodash2, lodash3, hstsRoot, hstsLogin, hstsOther, csp];

function idsOf(action: { findings: readonly { finding: { id: string } }[] }): string[] {
  return action.findings.map((r) => r.finding.id).sort();
}

describe('rankFindings grouping', () => {
  it('makes one rotation action per credential kind, across files', () => {
    const actions = rankFindings(all);
    const stripe = actions.find((a) => a.key.includes('rule:stripe-secret-key'));
    expect(stripe && idsOf(stripe)).toEqual(['SEC-STRPA1', 'SEC-STRPB2', 'SEC-STRPC3']);
    expect(stripe?.kind).toBe('rotate-credential');
    expect(actions.find((a) => a.key.includes('rule:aws-access-key-id'))?.findings).toHaveLength(1);
  });

  it('makes one upgrade action for the advisories of one dependency, to the highest fixed version', () => {
    const actions = rankFindings(all);
    const lodash = actions.find((a) => a.kind === 'upgrade-dependency');
    expect(lodash && idsOf(lodash)).toEqual(['DEP-LOD001', 'DEP-LOD002', 'DEP-LOD003']);
    expect(lodash?.title).toBe('Upgrade lodash to 4.17.21 or later');
  });

  it('makes one action per missing header per target', () => {
    const actions = rankFindings(all);
    const hsts = actions.filter((a) => a.kind === 'set-header' && a.title.startsWith('Missing Strict-Transport-Security'));
    expect(hsts.map(idsOf)).toEqual(expect.arrayContaining([['API-HSTS01', 'API-HSTS02'], ['API-HSTS03']]));
    expect(hsts).toHaveLength(2);
    expect(actions.filter((a) => a.title.startsWith('Missing Content-Security-Policy'))).toHaveLength(1);
  });
});

describe('rankFindings ordering', () => {
  it('orders actions by their highest score, then by how many findings they hold', () => {
    const actions = rankFindings(all);
    for (let i = 1; i < actions.length; i++) {
      const [prev, cur] = [actions[i - 1], actions[i]];
      if (!prev || !cur) continue;
      expect(prev.score > cur.score || (prev.score === cur.score && prev.findings.length >= cur.findings.length)).toBe(true);
    }
    expect(actions.map((a) => a.rank)).toEqual(actions.map((_, i) => i + 1));
    // Same score (81): the target with two affected URLs comes first.
    const hsts = actions.filter((a) => a.score === 81);
    expect(hsts.map((a) => a.findings.length)).toEqual([2, 1]);
  });

  it('scores an action by its best finding and lists findings best first', () => {
    const stripe = rankFindings(all).find((a) => a.key.includes('rule:stripe-secret-key'));
    expect(stripe?.score).toBe(95);
    expect(stripe?.findings.at(-1)?.finding.id).toBe('SEC-STRPC3');
  });

  it('gives the same ranking for any input order', () => {
    const reversed = [...all].reverse();
    const shuffled = [all[5], all[2], all[9], all[0], all[7], all[10], all[1], all[3], all[8], all[6], all[4]].filter((f) => f !== undefined);
    const expected = JSON.stringify(rankFindings(all));
    expect(JSON.stringify(rankFindings(reversed))).toBe(expected);
    expect(JSON.stringify(rankFindings(shuffled))).toBe(expected);
  });
});

describe('renderTriageReport', () => {
  it('summarises counts and lists numbered actions with score, why, steps and finding ids', () => {
    const report = renderTriageReport(scanOf(all), rankFindings(all));
    expect(report).toContain('11 finding(s) grouped into');
    expect(report).toContain('Critical: 3, High: 6, Medium: 2, Low: 0, Info: 0');
    expect(report).toMatch(/^1\. \[score 95\] Rotate and remove the leaked Stripe secret key$/m);
    expect(report).toContain('Why: CRITICAL severity');
    expect(report).toContain('Steps:');
    expect(report).toContain('SEC-STRPA1 (src/config.ts:12, score 95)');
  });

  it('says so when there is nothing to triage', () => {
    expect(renderTriageReport(scanOf([]), [])).toContain('No findings');
  });

  it('lists at most MAX_REPORTED_ACTIONS actions and counts the rest', () => {
    const many = Array.from({ length: MAX_REPORTED_ACTIONS + 5 }, (_, i) =>
      repoFinding({ id: `CODE-${String(i).padStart(6, '0')}`, category: 'code', scanner_name: 'code', rule_id: `rule-${i}`, severity: 'LOW' }),
    );
    const report = renderTriageReport(scanOf(many), rankFindings(many));
    expect(report).toMatch(new RegExp(`^${MAX_REPORTED_ACTIONS}\\. `, 'm'));
    expect(report).not.toMatch(new RegExp(`^${MAX_REPORTED_ACTIONS + 1}\\. `, 'm'));
    expect(report).toContain('and 5 lower-priority action(s) covering 5 finding(s)');
  });
});
