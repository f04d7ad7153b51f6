/**
 * GitHub's OAuth web application flow, as documented
 * (docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
 * GET /login/oauth/authorize redirects back with `code` and `state` (or
 * `error=access_denied`), POST /login/oauth/access_token trades a code once
 * for a token (errors come with status 200 and {error, error_description}),
 * and GET /user/emails lists the user's addresses for a token with user:email.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { send, sendNotFound, type Context } from './http.js';

export interface FakeOAuthEmail {
  readonly email: string;
  readonly primary: boolean;
  readonly verified: boolean;
  readonly visibility?: 'public' | 'private' | null;
}

export interface FakeOAuthUser {
  readonly login: string;
  readonly emails: readonly FakeOAuthEmail[];
}

interface PendingCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly user: FakeOAuthUser;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
}

const CODE_LIFETIME_MS = 10 * 60 * 1000;
const TROUBLESHOOTING = 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

export interface FakeOAuth {
  /** Every access token handed out, for tests that check nothing leaked them. */
  readonly issued: readonly string[];
  addApp(clientId: string, clientSecret: string): void;
  /** Who approves at the authorize page; `undefined` means the user clicks Cancel. */
  setUser(user: FakeOAuthUser | undefined): void;
  /** Handles /login/oauth/* and /user/emails; false for any other path. */
  route(ctx: Context, method: string, url: URL): Promise<boolean>;
}

/** `grant` registers a token with the fake's API (so it is not "Bad credentials"). */
export function createFakeOAuth(grant: (token: string, scopes: readonly string[]) => void): FakeOAuth {
  const apps = new Map<string, string>();
  const codes = new Map<string, PendingCode>();
  const users = new Map<string, { user: FakeOAuthUser; scopes: readonly string[] }>();
  let approver: FakeOAuthUser | undefined;
  const issued: string[] = [];

  function authorize(ctx: Context, query: URLSearchParams): void {
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri');
    if (!apps.has(clientId) || redirectUri === null) return sendNotFound(ctx);
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (approver === undefined) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
      back.searchParams.set('error_uri', TROUBLESHOOTING);
    } else {
      const code = randomBytes(10).toString('hex');
      const scopes = (query.get('scope') ?? '').split(/[ ,]+/).filter(Boolean);
      codes.set(code, { clientId, redirectUri, user: approver, scopes, expiresAt: Date.now() + CODE_LIFETIME_MS });
      back.searchParams.set('code', code);
    }
    if (state !== null) back.searchParams.set('state', state);
    ctx.res.writeHead(302, { location: back.toString(), 'content-length': '0' });
    ctx.res.end();
  }

  function tokenError(error: string, description: string): Record<string, string> {
    return { error, error_description: description, error_uri: TROUBLESHOOTING };
  }

  async function accessToken(ctx: Context, query: URLSearchParams): Promise<void> {
    const params = await readParams(ctx.req, query);
    const clientId = params.get('client_id') ?? '';
    const pending = codes.get(params.get('code') ?? '');
    let answer: Record<string, string>;
    if (apps.get(clientId) === undefined || apps.get(clientId) !== params.get('client_secret')) {
      answer = tokenError('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
    } else if (pending === undefined || pending.clientId !== clientId || pending.expiresAt < Date.now()) {
      answer = tokenError('bad_verification_code', 'The code passed is incorrect or expired.');
    } else if (params.has('redirect_uri') && params.get('redirect_uri') !== pending.redirectUri) {
      answer = tokenError('redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.');
    } else {
      codes.delete(params.get('code') ?? ''); // single use
      const token = `gho_${randomBytes(18).toString('hex')}`;
      grant(token, pending.scopes);
      issued.push(token);
      users.set(token, { user: pending.user, scopes: pending.scopes });
      answer = { access_token: token, token_type: 'bearer', scope: pending.scopes.join(',') };
    }
    if ((ctx.req.headers.accept ?? '').includes('application/json')) return send(ctx, 200, answer);
    ctx.res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
    ctx.res.end(new URLSearchParams(answer).toString());
  }

  function emails(ctx: Context): void {
    if (ctx.token === undefined) return send(ctx, 401, { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest/users/emails', status: '401' });
    const holder = users.get(ctx.token);
    if (holder === undefined || !holder.scopes.some((s) => s === 'user:email' || s === 'user')) {
      return send(ctx, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/users/emails', status: '404' }, { 'x-accepted-oauth-scopes': 'user, user:email' });
    }
    send(ctx, 200, holder.user.emails.map((e) => ({ visibility: null, ...e })));
  }

  return {
    issued,
    addApp: (clientId, clientSecret) => void apps.set(clientId, clientSecret),
    setUser: (user) => {
      approver = user;
    },
    async route(ctx, method, url) {
      if (method === 'GET' && url.pathname === '/login/oauth/authorize') return authorize(ctx, url.searchParams), true;
      if (method === 'POST' && url.pathname === '/login/oauth/access_token') return await accessToken(ctx, url.searchParams), true;
      if (method === 'GET' && url.pathname === '/user/emails') return emails(ctx), true;
      return false;
    },
  };
}

/** Parameters from the query, a JSON body or a form body, as GitHub accepts them. */
async function readParams(req: IncomingMessage, query: URLSearchParams): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  const params = new URLSearchParams(query);
  if (text === '') return params;
  const body: Record<string, unknown> = (req.headers['content-type'] ?? '').includes('json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : Object.fromEntries(new URLSearchParams(text));
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') params.set(name, value);
  return params;
}
