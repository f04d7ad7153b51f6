import type { FastifyPluginCallbackTypebox } from '@fastify/type-provider-typebox';
import { sha256Hex } from '../../../services/auth/secrets.js';
import { assertSameOrigin, SESSION_COOKIE, setSessionCookie } from '../../plugins/session.js';
import { BODY_ERRORS, errorResponses } from '../../schemas/common.js';
import type { AuthRouteDeps } from './deps.js';
import { AuthConfigBody, EmailRequest, MessageBody, SignedInBody, VerifyRequest } from './schemas.js';

const LINK_SENT = 'If the address can receive mail, a sign-in link is on its way. It works once, for 15 minutes.';

/** GET /auth/config, POST /auth/email (mail a link), POST /auth/verify (trade the link's token for a session). */
export const emailSignInRoutes: FastifyPluginCallbackTypebox<AuthRouteDeps> = (app, deps, done) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'getAuthConfig',
        summary: 'Sign-in methods on offer',
        security: [],
        response: { 200: { ...AuthConfigBody, description: 'Which sign-in methods the dashboard offers' }, ...errorResponses(500) },
      },
    },
    () => ({ github_oauth: deps.oauth !== undefined }),
  );

  app.post(
    '/email',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'requestSignInLink',
        summary: 'Mail a sign-in link',
        description:
          'Mails <PUBLIC_URL>/signin#token=… to the address: single use, valid 15 minutes. The answer is the same whether or not the address has an account. ' +
          'Limited to 5 requests per address per 15 minutes and 20 per client per hour (429 with Retry-After). A cross-origin Origin header is refused (403).',
        security: [],
        body: EmailRequest,
        response: { 202: { ...MessageBody, description: 'The link was sent (or would have been)' }, ...errorResponses(...BODY_ERRORS, 403, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, deps.publicUrl);
      const { email } = request.body;
      await deps.signIn.requestLink(email, request.ip);
      return reply.code(202).send({ message: LINK_SENT });
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        tags: ['dashboard'],
        operationId: 'verifySignInLink',
        summary: 'Sign in with a mailed token',
        description:
          'Consumes the token from the mailed link and starts a session: sets the vigil_session cookie (HttpOnly, SameSite=Lax, Secure over https). ' +
          'On the first sign-in of an address an account on the Free plan is created, without a key until POST /auth/first-key. Limited per client (429).',
        security: [],
        body: VerifyRequest,
        response: { 200: { ...SignedInBody, description: 'Signed in; the session cookie is set' }, ...errorResponses(...BODY_ERRORS, 403, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, deps.publicUrl);
      const { token } = request.body;
      const signedIn = await deps.signIn.verify(token, request.ip);
      await endPreviousSession(request.cookies[SESSION_COOKIE], deps);
      setSessionCookie(reply, request, signedIn.token);
      return { email: signedIn.email, first_sign_in: signedIn.firstSignIn, csrf_token: signedIn.session.csrfToken };
    },
  );
  done();
};

/** A browser that signs in again drops the session it had, instead of leaving it alive server-side. */
export async function endPreviousSession(previous: string | undefined, deps: AuthRouteDeps): Promise<void> {
  if (previous !== undefined) await deps.sessions.end(sha256Hex(previous));
}
