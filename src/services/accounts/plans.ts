/**
 * The one table of plans: hourly limits per quota bucket and the features each
 * plan includes. README "Plans and quotas" documents it; a test keeps them in step.
 */
export const PLANS = ['free', 'pro', 'team'] as const;
export type Plan = (typeof PLANS)[number];

export const BUCKETS = ['scans', 'ai', 'account'] as const;
export type QuotaBucket = (typeof BUCKETS)[number];

/** What a bucket counts, as messages name it ("Hourly limit of 5 AI requests reached"). */
export const BUCKET_LABELS: Readonly<Record<QuotaBucket, string>> = Object.freeze({ scans: 'scans', ai: 'AI requests', account: 'account requests' });

/** null = unlimited (still counted, so usage can be shown). */
export type PlanLimits = Readonly<Record<QuotaBucket, number | null>>;

export const PLAN_LIMITS: Readonly<Record<Plan, PlanLimits>> = Object.freeze({
  free: Object.freeze({ scans: 10, ai: 5, account: 10 }),
  pro: Object.freeze({ scans: 100, ai: 50, account: 10 }),
  team: Object.freeze({ scans: null, ai: 200, account: 10 }),
});

export const FEATURES = ['private_repository_scan', 'fix_pull_request', 'history_scan', 'secret_verification'] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_PLANS: Readonly<Record<Feature, readonly Plan[]>> = Object.freeze({
  private_repository_scan: Object.freeze(['pro', 'team'] as const),
  fix_pull_request: Object.freeze(['pro', 'team'] as const),
  history_scan: Object.freeze(['pro', 'team'] as const),
  secret_verification: Object.freeze(['pro', 'team'] as const),
});

export const FEATURE_LABELS: Readonly<Record<Feature, string>> = Object.freeze({
  private_repository_scan: 'Scanning a private repository (a request with a token)',
  fix_pull_request: 'Opening fix pull requests',
  history_scan: 'Scanning a repository\'s git history (history: true)',
  secret_verification: 'Checking found secrets with their providers (verify: true)',
});

export const PLAN_LABELS: Readonly<Record<Plan, string>> = Object.freeze({ free: 'Free', pro: 'Pro', team: 'Team' });

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function planHasFeature(plan: Plan, feature: Feature): boolean {
  return FEATURE_PLANS[feature].includes(plan);
}

/** "the Pro or Team plan" */
export function plansIncluding(feature: Feature): string {
  const names = FEATURE_PLANS[feature].map((p) => PLAN_LABELS[p]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
  return `the ${list} plan`;
}
