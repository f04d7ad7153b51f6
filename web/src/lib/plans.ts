/**
 * Which actions the signed-in account's plan includes, from the service's own
 * table (src/services/accounts/plans.ts, a module with no imports, bundled by Vite), so
 * the pages show a gated action as such before anything is submitted. The
 * service still decides: a 403 is shown like any other error.
 */
import { isPlan, PLAN_LABELS, planHasFeature, plansIncluding, type Feature } from '../../../src/services/accounts/plans.js';

export type { Feature } from '../../../src/services/accounts/plans.js';

export type PlanGate =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      /** "Needs the Pro or Team plan; this account is on the Free plan." */
      readonly reason: string;
      /** "the Pro or Team plan" */
      readonly needs: string;
      /** The account's plan: "Free" */
      readonly current: string;
    };

/** Whether `plan` (the account body's `plan`) includes `feature`. A plan this page does not know is left to the service. */
export function gateFor(plan: string, feature: Feature): PlanGate {
  if (!isPlan(plan) || planHasFeature(plan, feature)) return { allowed: true };
  const needs = plansIncluding(feature);
  const current = PLAN_LABELS[plan];
  return { allowed: false, reason: `Needs ${needs}; this account is on the ${current} plan.`, needs, current };
}
