import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { sameSecret } from '../../services/auth/secrets.js';
import { SESSION_ABSOLUTE_MS, type ActiveSession, type SessionService } from '../../services/auth/sessions.js';

export const SESSION_COOKIE = 'vigil_session';
export const SESSION_DETAIL = 'Not signed in, or the session has ended; sign in again';
export const CSRF_DETAIL = 'Missing or invalid CSRF token';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionDeps {
  readonly sessions: SessionService;
  /** The dashboard's configured external origin (PUBLIC_URL). */
  readonly publicUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The dashboard session the request authenticated with, if it did. */
    session: ActiveSession | null;
  }
}

/** Cookie parsing for the whole app (session cookie, OAuth state cookie). */
export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie, { hook: 'onRequest' });
  app.decorateRequest('session', null);
}

/**
 * The session named by the cookie, or 401. For a state-changing method the
 * request must also carry the session's CSRF token and, when it sends an
 * Origin, come from this service's own origin; else 403.
 */
export async function requireSession(request: FastifyRequest, deps: SessionDeps): Promise<ActiveSession> {
  const session = await deps.sessions.resolve(request.cookies[SESSION_COOKIE]);
  if (session === undefined) throw new AppError('unauthorized', SESSION_DETAIL);
  assertCsrf(request, session, deps.publicUrl);
  request.session = session;
  return session;
}

/** The CSRF token (constant-time compare) and Origin check, for state-changing methods only. */
export function assertCsrf(request: FastifyRequest, session: ActiveSession, publicUrl: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const presented = request.headers[CSRF_HEADER];
  if (typeof presented !== 'string' || !sameSecret(presented, session.csrfToken)) throw new AppError('forbidden', CSRF_DETAIL);
  assertSameOrigin(request, publicUrl);
}

/**
 * A browser sends Origin on cross-site and on state-changing requests; when
 * present it must be this service: PUBLIC_URL's origin, or the origin the
 * request itself was addressed to (scheme from request.protocol, trustProxy
 * aware, and the Host header).
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `${request.protocol}://${request.host}`;
  if (origin !== publicUrl && origin !== own) throw new AppError('forbidden', CSRF_DETAIL);
}

/** HttpOnly, SameSite=Lax, Path=/; Secure when the request came over https. */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}
