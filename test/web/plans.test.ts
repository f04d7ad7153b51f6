import { describe, expect, it } from 'vitest';
import { FEATURE_PLANS, FEATURES, PLANS } from '../../src/services/accounts/plans.js';
import { gateFor } from '../../web/src/lib/plans.js';

describe('gateFor (plan-gated actions in the dashboard)', () => {
  it('closes fix pull requests and private repositories on Free, with the plans that include them', () => {
    expect(gateFor('free', 'fix_pull_request')).toEqual({
      allowed: false,
      reason: 'Needs the Pro or Team plan; this account is on the Free plan.',
      needs: 'the Pro or Team plan',
      current: 'Free',
    });
    expect(gateFor('free', 'private_repository_scan').allowed).toBe(false);
  });

  it('opens them on Pro and Team', () => {
    for (const plan of ['pro', 'team']) {
      expect(gateFor(plan, 'fix_pull_request')).toEqual({ allowed: true });
      expect(gateFor(plan, 'private_repository_scan')).toEqual({ allowed: true });
    }
  });

  it('agrees with the service table for every plan and feature', () => {
    for (const plan of PLANS) {
      for (const feature of FEATURES) expect(gateFor(plan, feature).allowed, `${plan} ${feature}`).toBe(FEATURE_PLANS[feature].includes(plan));
    }
  });

  it('leaves a plan it does not know to the service', () => {
    expect(gateFor('enterprise', 'fix_pull_request')).toEqual({ allowed: true });
    expect(gateFor('', 'fix_pull_request')).toEqual({ allowed: true });
  });
});
