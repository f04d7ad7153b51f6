/**
 * GitHub OAuth (web application flow) for dashboard sign-in: the authorize
 * redirect, the code exchange at <GITHUB_OAUTH_URL>/login/oauth/access_token
 * and the primary verified address from <GITHUB_API_URL>/user/emails.
 * Both URLs are operator settings, not user input, so plain fetch and the
 * shared Octokit client are used rather than the SSRF-guarded client.
 */
import { createGitHubClient } from '../../adapters/github/client.js';

export const OAUTH_SCOPE = 'read:user user:email';
const EXCHANGE_TIMEOUT_MS = 10_000;

/** Why a GitHub sign-in failed; the short code goes into /signin?error=<code>. */
export const OAUTH_FAILURE_CODES = ['state', 'denied', 'exchange', 'email', 'unavailable'] as const;
export type OAuthFailureCode = (typeof OAUTH_FAILURE_CODES)[number];

export class OAuthFailure extends Error {
  constructor(
    readonly code: OAuthFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthFailure';
  }
}

export interface GitHubOAuthSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  /** https://github.com (or a GitHub Enterprise host, or a test fake). */
  readonly oauthUrl: string;
  readonly apiUrl: string;
  /** The dashboard's external origin; the callback is <publicUrl>/auth/github/callback. */
  readonly publicUrl: string;
  readonly userAgent: string;
}

export class GitHubOAuth {
  readonly redirectUri: string;
  constructor(private readonly settings: GitHubOAuthSettings) {
    this.redirectUri = `${settings.publicUrl}/auth/github/callback`;
  }

  authorizeUrl(state: string): string {
    const url = new URL('/login/oauth/authorize', this.settings.oauthUrl);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', this.redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('scope', OAUTH_SCOPE);
    return url.toString();
  }

  /** Trades the callback's code for an access token. GitHub reports a bad code with status 200 and {error}. */
  async exchange(code: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(new URL('/login/oauth/access_token', this.settings.oauthUrl), {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': this.settings.userAgent },
        body: JSON.stringify({ client_id: this.settings.clientId, client_secret: this.settings.clientSecret, code, redirect_uri: this.redirectUri }),
        signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
      });
    } catch (cause) {
      throw new OAuthFailure('unavailable', 'GitHub did not answer the code exchange', { cause });
    }
    if (!response.ok) throw new OAuthFailure('unavailable', `GitHub answered the code exchange with status ${response.status}`);
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown };
    if (typeof body.access_token === 'string' && body.access_token !== '') return body.access_token;
    const error = typeof body.error === 'string' ? body.error.slice(0, 60) : 'no access_token';
    throw new OAuthFailure('exchange', `GitHub refused the code exchange: ${error}`);
  }

  /** The user's primary address, if GitHub has verified it. */
  async primaryEmail(accessToken: string): Promise<string> {
    const client = createGitHubClient({ baseUrl: this.settings.apiUrl, token: accessToken, userAgent: this.settings.userAgent, retries: 1 });
    let emails: { email: string; primary: boolean; verified: boolean }[];
    try {
      emails = (await client.octokit.rest.users.listEmailsForAuthenticatedUser({ per_page: 100 })).data;
    } catch (cause) {
      throw new OAuthFailure('unavailable', 'Could not read the GitHub account addresses', { cause });
    }
    const primary = emails.find((e) => e.primary && e.verified);
    if (primary === undefined) throw new OAuthFailure('email', 'The GitHub account has no verified primary address');
    return primary.email;
  }
}
