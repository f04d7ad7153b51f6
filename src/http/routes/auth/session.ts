import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { accountSummary } from '../../../services/accounts/summary.js';
import { AppError } from '../../../core/errors.js';
import { SESSION_SCHEME } from '../../plugins/docs.js';
import { assertCsrf, clearSessionCookie, requireSession, SESSION_COOKIE, SESSION_DETAIL } from '../../plugins/session.js';
import { errorResponses } from '../../schemas/common.js';
import { issuedKeyBody } from '../issued-key.js';
import type { AuthRouteDeps } from './deps.js';
import { FirstKeyBody, SessionBody } from './schemas.js';

const SESSION_SECURITY = [{ [SESSION_SCHEME]: [] }];

/** GET /auth/session, POST /auth/signout, POST /auth/first-key. */
export const sessionRoutes: FastifyPluginCallbackTypebox<AuthRouteDeps> = (app, deps, done) => {
  app.get(
    '/session',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'getSession',
        summary: 'The signed-in session',
        description: "The session's address, CSRF token, whether the first key is still to be revealed, and the account as GET /v1/account shows it. Not counted against any quota.",
        security: SESSION_SECURITY,
        response: { 200: { ...SessionBody, description: 'The session' }, ...errorResponses(401, 500, 503) },
      },
    },
    async (request) => {
      const session = await requireSession(request, deps);
      const auth = await deps.accounts.authenticateAccount(session.accountId);
      if (auth === undefined) throw new AppError('unauthorized', SESSION_DETAIL);
      return {
        email: auth.account.email,
        csrf_token: session.csrfToken,
        // A key rotated in from Settings before the first reveal also ends the wait.
        key_pending: session.keyPending && auth.key === null,
        account: await accountSummary(deps, auth.account, auth.key),
      };
    },
  );

  app.post(
    '/signout',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Deletes the session server-side and clears the cookie. Needs X-CSRF-Token. Without a live session there is nothing to end: 204 as well.',
        security: SESSION_SECURITY,
        response: { 204: { type: 'null', description: 'Signed out' }, ...errorResponses(403, 500, 503) },
      },
    },
    async (request, reply) => {
      const session = await deps.sessions.resolve(request.cookies[SESSION_COOKIE]);
      if (session !== undefined) {
        assertCsrf(request, session, deps.publicUrl);
        await deps.sessions.end(session.idHash);
      }
      clearSessionCookie(reply, request);
      return reply.code(204).send();
    },
  );

  app.post(
    '/first-key',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'revealFirstKey',
        summary: 'Generate and reveal the first API key',
        description:
          'For an account created at a dashboard sign-in: generates its API key, mails it and returns it, exactly once (409 afterwards, also for accounts that already had a key). Needs X-CSRF-Token.',
        security: SESSION_SECURITY,
        response: { 200: { ...FirstKeyBody, description: 'The key, shown once' }, ...errorResponses(400, 401, 403, 409, 413, 415, 500, 503) },
      },
    },
    async (request) => {
      const session = await requireSession(request, deps);
      const issued = await deps.accounts.issueFirstKey(session.accountId);
      await deps.sessions.keyIssued(session.accountId);
      return issuedKeyBody(deps.accounts, issued, 'first-sign-in', request.log);
    },
  );
  done();
};
