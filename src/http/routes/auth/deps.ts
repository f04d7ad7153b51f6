import type { Plan, PlanLimits } from '../../../services/accounts/plans.js';
import type { Quotas } from '../../../services/accounts/quotas.js';
import type { AccountService } from '../../../services/accounts/service.js';
import type { GitHubOAuth } from '../../../services/auth/github-oauth.js';
import type { SignInLimiter } from '../../../services/auth/limits.js';
import type { SessionService } from '../../../services/auth/sessions.js';
import type { SignInService } from '../../../services/auth/signin.js';

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
