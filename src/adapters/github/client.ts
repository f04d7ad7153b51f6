import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';

export { mapGitHubError, type GitHubErrorContext } from './errors.js';

/** The one Octokit composition Vigil uses: REST methods, throttling and retries. */
export const VigilOctokit = Octokit.plugin(throttling, retry);
export type GitHubOctokit = InstanceType<typeof VigilOctokit>;

export interface GitHubLogger {
  debug(message: string, ...rest: unknown[]): void;
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

export interface GitHubClientOptions {
  /** API base URL, e.g. https://api.github.com or https://ghe.example.com/api/v3. */
  readonly baseUrl: string;
  readonly token?: string;
  readonly userAgent: string;
  /** Retries of 5xx and network failures (never of 4xx or rate limits). Default 2. */
  readonly retries?: number;
  /** Base of the retry back-off in ms: waits are base×1, base×4, … Default 1000. */
  readonly retryBaseMs?: number;
  readonly log?: GitHubLogger;
}

export interface GitHubClient {
  readonly octokit: GitHubOctokit;
  /** Whether requests carry a token (changes what a 404 or rate limit means). */
  readonly authenticated: boolean;
  /** Removes the token from a text (for error details and logs). */
  redact(text: string): string;
}

/** Longest wait on a rate limit the client absorbs itself; longer ones become 429 at once. */
export const MAX_ABSORBED_RATE_LIMIT_SECONDS = 2;

const silent: GitHubLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Retry a rate-limited request once, and only when GitHub asks for a very short wait. */
function shouldRetryRateLimit(retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number): boolean {
  return retryCount === 0 && retryAfter <= MAX_ABSORBED_RATE_LIMIT_SECONDS;
}

/** Where a response body keeps its Response alive (see keepResponseWithBody). */
const RESPONSE = Symbol('vigil.response');

/**
 * fetch, with each Response reachable from its own body stream. undici cancels the body of a
 * Response that was garbage-collected while the body was neither locked nor read, and the body
 * then ends early without an error. Octokit hands back only the body of a streamed download
 * (`parseSuccessResponseBody: false`), and its throttling and retry plugins run timers between
 * the fetch and the caller's first read: a collection in that gap cut repository archives short
 * ("the archive is truncated or corrupt"). With this link the Response lives as long as its body.
 */
async function keepResponseWithBody(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.body !== null) Object.defineProperty(response.body, RESPONSE, { value: response });
  return response;
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const token = options.token === undefined || options.token.trim() === '' ? undefined : options.token.trim();
  const octokit = new VigilOctokit({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    userAgent: options.userAgent,
    ...(token === undefined ? {} : { auth: token }),
    log: options.log ?? silent,
    request: { fetch: keepResponseWithBody },
    throttle: {
      onRateLimit: shouldRetryRateLimit,
      onSecondaryRateLimit: shouldRetryRateLimit,
      fallbackSecondaryRateRetryAfter: 60,
    },
    retry: {
      retries: options.retries ?? 2,
      retryAfterBaseValue: options.retryBaseMs ?? 1000,
      // 429 is a rate limit: answer it (429 with Retry-After) instead of waiting.
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
  });
  const redact = (text: string): string => (token === undefined ? text : text.split(token).join('[REDACTED]'));
  return Object.freeze({ octokit, authenticated: token !== undefined, redact });
}
