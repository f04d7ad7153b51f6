import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { BUCKETS, PLANS, type Plan, type PlanLimits } from '../../../accounts/plans.js';
import { WINDOW_SECONDS, type Quotas } from '../../../accounts/quotas.js';
import type { AccountService } from '../../../accounts/service.js';
import { unauthorized } from '../../../core/errors.js';
import { API_KEY_SCHEME } from '../../plugins/docs.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common.js';
import { RATE_LIMIT_HEADERS } from '../../schemas/headers.js';

const Limit = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'Requests allowed per hour; null means unlimited',
});
const Buckets = <T extends ReturnType<typeof Type.Integer> | typeof Limit>(item: T) =>
  Type.Object({ scans: item, ai: item, account: item });

const AccountBody = Type.Object(
  {
    email: Type.String(),
    plan: Type.Union(PLANS.map((p) => Type.Literal(p))),
    limits: Buckets(Limit),
    usage: Buckets(Type.Integer({ minimum: 0, description: 'Requests counted in the current hour' })),
    window: Type.Object({
      started_at: Type.String({ format: 'date-time' }),
      resets_at: Type.String({ format: 'date-time' }),
    }),
    key: Type.Object({
      prefix: Type.String({ description: 'First characters of the current key, for recognising it' }),
      created_at: Type.String({ format: 'date-time' }),
    }),
  },
  { title: 'Account' },
);

const RotatedKeyBody = Type.Object(
  {
    api_key: Type.String({ description: 'The new key. Shown once: Vigil keeps only a hash of it.' }),
    key_prefix: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    emailed: Type.Boolean({ description: "Whether the new key was sent to the account's address" }),
    message: Type.String(),
  },
  { title: 'RotatedKey' },
);

export interface AccountRouteDeps {
  accounts: AccountService;
  quotas: Quotas;
  limitsFor: (plan: Plan) => PlanLimits;
}

/** /v1/account: the caller's account, plan, limits and usage; key rotation. */
export function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps): void {
  app.get(
    '/account',
    {
      config: { quota: 'account' },
      schema: {
        tags: ['account'],
        operationId: 'getAccount',
        summary: 'The calling account',
        description: "The account's email, plan, the plan's hourly limits and this hour's usage per quota bucket.",
        security: [{ [API_KEY_SCHEME]: [] }],
        response: { 200: { ...AccountBody, description: 'The account', headers: RATE_LIMIT_HEADERS }, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const usage = await deps.quotas.usage(auth.account.id, BUCKETS);
      const resetsAt = deps.quotas.resetAt();
      return {
        email: auth.account.email,
        plan: auth.account.plan,
        limits: deps.limitsFor(auth.account.plan),
        usage,
        window: {
          started_at: new Date((resetsAt - WINDOW_SECONDS) * 1000).toISOString(),
          resets_at: new Date(resetsAt * 1000).toISOString(),
        },
        key: { prefix: auth.keyPrefix, created_at: auth.keyCreatedAt.toISOString() },
      };
    },
  );

  app.post(
    '/account/rotate-key',
    {
      config: { quota: 'account' },
      schema: {
        tags: ['account'],
        operationId: 'rotateKey',
        summary: 'Rotate the API key',
        description:
          'Generates a new key, returns it once and mails it to the account. The key used for this request stops working in the same transaction. Takes no body.',
        security: [{ [API_KEY_SCHEME]: [] }],
        response: { 200: { ...RotatedKeyBody, description: 'The new key', headers: RATE_LIMIT_HEADERS }, ...errorResponses(...AUTHENTICATED_ERRORS, 400) },
      },
    },
    async (request) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const issued = await deps.accounts.rotateKey(auth.account.id, auth.keyId);
      let emailed = true;
      try {
        await deps.accounts.mailKey(issued, 'rotated');
      } catch (error) {
        emailed = false;
        request.log.error({ err: error }, 'could not mail the rotated key');
      }
      return {
        api_key: issued.apiKey,
        key_prefix: issued.keyPrefix,
        created_at: issued.createdAt.toISOString(),
        emailed,
        message: emailed
          ? 'New key issued and mailed; the previous key no longer works. Store this key now: it will not be shown again.'
          : 'New key issued; the previous key no longer works. Mailing it failed, so store this key now: it will not be shown again.',
      };
    },
  );
}
