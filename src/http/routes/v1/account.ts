import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { Plan, PlanLimits } from '../../../services/accounts/plans.js';
import type { Quotas } from '../../../services/accounts/quotas.js';
import type { AccountService } from '../../../services/accounts/service.js';
import { accountSummary } from '../../../services/accounts/summary.js';
import { issuedKeyBody } from '../issued-key.js';
import { V1_SECURITY } from '../../plugins/docs.js';
import { AccountBody, RotatedKeyBody } from '../../schemas/account.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../../schemas/common.js';
import { RATE_LIMIT_HEADERS } from '../../schemas/headers.js';

export interface AccountRouteDeps {
  accounts: AccountService;
  quotas: Quotas;
  limitsFor: (plan: Plan) => PlanLimits;
}

/** /v1/account: the caller's account, plan, limits and usage; key rotation. */
export const accountRoutes: FastifyPluginCallbackTypebox<AccountRouteDeps> = (app, deps, done) => {
  app.get(
    '/account',
    {
      config: { quota: 'account' },
      schema: {
        tags: ['account'],
        operationId: 'getAccount',
        summary: 'The calling account',
        description: "The account's email, plan, the plan's hourly limits and this hour's usage per quota bucket.",
        security: V1_SECURITY,
        response: { 200: { ...AccountBody, description: 'The account', headers: RATE_LIMIT_HEADERS }, ...errorResponses(...AUTHENTICATED_ERRORS) },
      },
    },
    async (request) => {
      const { account, key } = request.caller;
      return accountSummary(deps, account, key);
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
        security: V1_SECURITY,
        response: { 200: { ...RotatedKeyBody, description: 'The new key', headers: RATE_LIMIT_HEADERS }, ...errorResponses(...AUTHENTICATED_ERRORS, 400) },
      },
    },
    async (request) => {
      const auth = request.caller;
      // With a key, only the presented key may be rotated (of two concurrent rotations one wins);
      // with a session, the account's current key is replaced.
      const issued = await deps.accounts.rotateKey(auth.account.id, auth.via === 'api_key' ? auth.key?.id : undefined);
      const body = await issuedKeyBody(deps.accounts, issued, 'rotated', request.log);
      return {
        ...body,
        message: body.emailed
          ? 'New key issued and mailed; the previous key no longer works. Store this key now: it will not be shown again.'
          : 'New key issued; the previous key no longer works. Mailing it failed, so store this key now: it will not be shown again.',
      };
    },
  );
  done();
};
