import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService, Authenticated } from '../../services/accounts/service.js';
import { BUCKET_LABELS, PLAN_LABELS, planHasFeature, plansIncluding, FEATURE_LABELS, type Feature, type Plan, type PlanLimits, type QuotaBucket } from '../../services/accounts/plans.js';
import type { QuotaDecision, Quotas } from '../../services/accounts/quotas.js';
import { AppError, unauthorized } from '../../core/errors.js';
import { requireSession, SESSION_COOKIE, SESSION_DETAIL, type SessionDeps } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The hourly quota bucket this route counts against; absent = not counted. */
    quota?: QuotaBucket;
    /**
     * The plan-gated feature a request uses, if any (may depend on the validated body). A method, so
     * a route may declare the request it gets: the gate runs after validation, so the body has the
     * route schema's shape.
     */
    feature?(request: FastifyRequest): Feature | undefined;
  }
  interface FastifyRequest {
    /** Set by the access plugin's onRequest hook in the /v1 scope; null elsewhere. */
    auth: Authenticated | null;
    /**
     * The authenticated caller of a /v1 route. The access plugin authenticates every request of
     * its scope before anything else runs and answers 401 when it cannot, so handlers read this
     * instead of checking `auth` themselves; read outside that scope it answers 401 too.
     */
    readonly caller: Authenticated;
    quotaKey: string | null;
    /** Set once the request has started work on the caller's behalf (see markWorkStarted). */
    workStarted: boolean;
  }
}

export { UNAUTHORIZED_DETAIL } from '../../core/errors.js';

export interface AccessOptions extends SessionDeps {
  accounts: AccountService;
  quotas: Quotas;
  limitsFor: (plan: Plan) => PlanLimits;
}

/**
 * Authentication, plan gating and hourly quotas for the /v1 scope.
 * Order: key or session check (before the body is read) → body validation → plan gate → quota.
 * A request with X-API-Key is judged by the key alone (a wrong key is 401 even
 * with a valid session cookie); without it, the dashboard's session cookie is
 * accepted, with the CSRF and Origin checks on state-changing methods.
 * Requests rejected by validation or gating are not counted. A failed request
 * (4xx or 5xx) gives its count back only when it failed before any work
 * started (no download, no request to a scanned target, no call to GitHub):
 * a request that did work is counted whatever its status, so failures cannot
 * be repeated for free.
 */
export function registerAccess(scope: FastifyInstance, options: AccessOptions): void {
  scope.decorateRequest('auth', null);
  scope.decorateRequest('quotaKey', null);
  scope.decorateRequest('workStarted', false);
  scope.decorateRequest('caller', {
    getter(this: FastifyRequest): Authenticated {
      if (!this.auth) throw unauthorized();
      return this.auth;
    },
  });

  scope.addHook('onRequest', async (request) => {
    request.auth = await authenticate(request, options);
  });

  scope.addHook('preHandler', async (request, reply) => {
    const auth = request.caller;
    const config = request.routeOptions.config;
    const feature = config.feature?.(request);
    if (feature !== undefined && !planHasFeature(auth.account.plan, feature)) {
      throw new AppError(
        'forbidden',
        `${FEATURE_LABELS[feature]} requires ${plansIncluding(feature)}; this account is on the ${PLAN_LABELS[auth.account.plan]} plan`,
      );
    }
    const bucket = config.quota;
    if (bucket === undefined) return;
    const decision = await options.quotas.consume(bucket, auth.account.id, options.limitsFor(auth.account.plan));
    const headers = rateLimitHeaders(bucket, decision);
    if (!decision.allowed) {
      const wait = Math.max(1, decision.resetAt - Math.floor(Date.now() / 1000));
      throw new AppError(
        'rate_limited',
        `Hourly limit of ${decision.limit} ${BUCKET_LABELS[bucket]} reached for the ${PLAN_LABELS[auth.account.plan]} plan; it resets at ${new Date(decision.resetAt * 1000).toISOString()} (in ${wait} s)`,
        { retryAfterSeconds: wait, headers },
      );
    }
    request.quotaKey = decision.key;
    setHeaders(reply, headers);
  });

  scope.addHook('onResponse', async (request, reply) => {
    if (request.quotaKey !== null && reply.statusCode >= 400 && !request.workStarted) {
      await options.quotas.release(request.quotaKey).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not release quota');
      });
    }
  });
}

/** Called by a handler when it starts work that costs (a download, outbound requests): from then on the request counts whatever its outcome. */
export function markWorkStarted(request: FastifyRequest): void {
  request.workStarted = true;
}

async function authenticate(request: FastifyRequest, options: AccessOptions): Promise<Authenticated> {
  const header = request.headers['x-api-key'];
  if (header !== undefined) {
    const auth = await options.accounts.authenticate(typeof header === 'string' ? header.trim() : undefined);
    if (!auth) throw unauthorized();
    return auth;
  }
  if (request.cookies[SESSION_COOKIE] === undefined) throw unauthorized();
  const session = await requireSession(request, options);
  const auth = await options.accounts.authenticateAccount(session.accountId);
  if (!auth) throw new AppError('unauthorized', SESSION_DETAIL);
  return auth;
}

/**
 * IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) plus the common
 * X-RateLimit-* trio. Unlimited buckets carry none: there is no limit to announce.
 */
export function rateLimitHeaders(bucket: QuotaBucket, decision: QuotaDecision): Record<string, string> {
  if (decision.limit === null || decision.remaining === null) return {};
  const secondsLeft = Math.max(0, decision.resetAt - Math.floor(Date.now() / 1000));
  return {
    'ratelimit-policy': `"${bucket}";q=${decision.limit};w=3600`,
    ratelimit: `"${bucket}";r=${decision.remaining};t=${secondsLeft}`,
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetAt),
  };
}

function setHeaders(reply: FastifyReply, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
}
