import type { Plan, PlanLimits } from '../../../accounts/plans.js';
import type { Quotas } from '../../../accounts/quotas.js';
import type { AccountService } from '../../../accounts/service.js';
import type { GitHubOAuth } from '../../../dashboard/github-oauth.js';
import type { SignInLimiter } from '../../../dashboard/limits.js';
import type { SessionService } from '../../../dashboard/sessions.js';
import type { SignInService } from '../../../dashboard/signin.js';

/** What the /auth routes need; built once in app.ts. */
export interface AuthRouteDeps {
  readonly accounts: AccountService;
  readonly quotas: Quotas;
  readonly limitsFor: (plan: Plan) => PlanLimits;
  readonly sessions: SessionService;
  readonly signIn: SignInService;
  readonly limiter: SignInLimiter;
  /** undefined when GitHub sign-in is not configured. */
  readonly oauth: GitHubOAuth | undefined;
  readonly publicUrl: string;
}
