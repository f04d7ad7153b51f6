import { BUCKETS, type Plan, type PlanLimits, type QuotaBucket } from './plans.js';
import { WINDOW_SECONDS, type Quotas } from './quotas.js';
import type { Account, KeyInfo } from './service.js';

/** The account as GET /v1/account and GET /auth/session show it (the wire shape). */
export interface AccountSummary {
  readonly email: string;
  readonly plan: Plan;
  readonly limits: PlanLimits;
  readonly usage: Record<QuotaBucket, number>;
  readonly window: { readonly started_at: string; readonly resets_at: string };
  /** null while an account created by a dashboard sign-in has not been shown its first key. */
  readonly key: { readonly prefix: string; readonly created_at: string } | null;
}

export interface SummaryDeps {
  readonly quotas: Quotas;
  readonly limitsFor: (plan: Plan) => PlanLimits;
}

/** Plan, limits, this hour's usage per bucket and the key's prefix: one function for both endpoints. */
export async function accountSummary(deps: SummaryDeps, account: Account, key: KeyInfo | null): Promise<AccountSummary> {
  const usage = await deps.quotas.usage(account.id, BUCKETS);
  const resetsAt = deps.quotas.resetAt();
  return {
    email: account.email,
    plan: account.plan,
    limits: deps.limitsFor(account.plan),
    usage,
    window: {
      started_at: new Date((resetsAt - WINDOW_SECONDS) * 1000).toISOString(),
      resets_at: new Date(resetsAt * 1000).toISOString(),
    },
    key: key === null ? null : { prefix: key.prefix, created_at: key.createdAt.toISOString() },
  };
}
