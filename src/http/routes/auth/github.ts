import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, notFound } from '../../../core/errors.js';
import { OAuthFailure, type GitHubOAuth, type OAuthFailureCode } from '../../../services/auth/github-oauth.js';
import { newSecret, sameSecret } from '../../../services/auth/secrets.js';
import { SESSION_COOKIE, setSessionCookie } from '../../plugins/session.js';
import { errorResponses } from '../../schemas/common.js';
import type { AuthRouteDeps } from './deps.js';
import { endPreviousSession } from './email.js';
import { CallbackQuery, redirectResponse } from './schemas.js';

export const STATE_COOKIE = 'vigil_oauth_state';
const STATE_PATH = '/auth/github';
const STATE_MAX_AGE_SECONDS = 600;

function configured(deps: AuthRouteDeps): GitHubOAuth {
  if (deps.oauth === undefined) throw notFound('GitHub sign-in is not configured on this server');
  return deps.oauth;
}

/** GET /auth/github (to GitHub's consent page) and GET /auth/github/callback (back, signed in). */
export const githubSignInRoutes: FastifyPluginCallbackTypebox<AuthRouteDeps> = (app, deps, done) => {
  app.get(
    '/github',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'startGitHubSignIn',
        summary: 'Sign in with GitHub',
        description: "Redirects to GitHub's authorize page with a random state bound to a short-lived HttpOnly cookie. 404 when GitHub sign-in is not configured.",
        security: [],
        response: { 302: redirectResponse("GitHub's authorize page"), ...errorResponses(404, 500) },
      },
    },
    async (request, reply) => {
      const oauth = configured(deps);
      const state = newSecret();
      void reply.setCookie(STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'lax',
        path: STATE_PATH,
        secure: request.protocol === 'https',
        maxAge: STATE_MAX_AGE_SECONDS,
      });
      return reply.redirect(oauth.authorizeUrl(state), 302);
    },
  );

  app.get(
    '/github/callback',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'finishGitHubSignIn',
        summary: 'GitHub sign-in callback',
        description:
          'Checks the state against its cookie, exchanges the code, reads the primary verified address and signs in as it: 302 to / (or /welcome while the first key is pending). ' +
          'On failure 302 to /signin?error=<code>, code one of state, denied, exchange, email, unavailable, rate_limited.',
        security: [],
        querystring: CallbackQuery,
        response: { 302: redirectResponse('The dashboard, signed in, or /signin with an error code'), ...errorResponses(400, 404, 500) },
      },
    },
    async (request, reply) => {
      const oauth = configured(deps);
      const state = request.cookies[STATE_COOKIE];
      void reply.clearCookie(STATE_COOKIE, { httpOnly: true, sameSite: 'lax', path: STATE_PATH, secure: request.protocol === 'https' });
      try {
        const target = await finishSignIn(request, reply, oauth, deps, state, request.query);
        return reply.redirect(target, 302);
      } catch (error) {
        const code = failureCode(error);
        if (code === undefined) request.log.error({ err: error }, 'GitHub sign-in failed unexpectedly');
        else request.log.info({ oauthFailure: code, reason: error instanceof Error ? error.message : undefined }, 'GitHub sign-in failed');
        return reply.redirect(`/signin?error=${code ?? 'unavailable'}`, 302);
      }
    },
  );
  done();
};

async function finishSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  oauth: GitHubOAuth,
  deps: AuthRouteDeps,
  state: string | undefined,
  query: Static<typeof CallbackQuery>,
): Promise<string> {
  await deps.limiter.verifyClient(request.ip);
  if (state === undefined || query.state === undefined || !sameSecret(query.state, state)) {
    throw new OAuthFailure('state', 'The state does not match the one this browser was given');
  }
  if (query.error !== undefined) throw new OAuthFailure('denied', `GitHub answered ${query.error.slice(0, 60)}`);
  if (query.code === undefined || query.code === '') throw new OAuthFailure('exchange', 'The callback carries no code');
  const accessToken = await oauth.exchange(query.code);
  const email = await oauth.primaryEmail(accessToken);
  const signedIn = await deps.signIn.signInAs(email);
  await endPreviousSession(request.cookies[SESSION_COOKIE], deps);
  setSessionCookie(reply, request, signedIn.token);
  return signedIn.session.keyPending ? '/welcome' : '/';
}

/** The short code for /signin?error=; undefined for failures nobody planned for (a bug or a storage outage). */
function failureCode(error: unknown): OAuthFailureCode | 'rate_limited' | undefined {
  if (error instanceof OAuthFailure) return error.code;
  if (isAppError(error) && error.code === 'rate_limited') return 'rate_limited';
  if (isAppError(error) && error.code === 'bad_request') return 'email';
  return undefined;
}
