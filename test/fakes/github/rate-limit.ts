export type RateLimitedRequest = 'metadata' | 'tarball' | 'write';

/** How a fake repository answers with GitHub's rate limits. */
export interface FakeRateLimit {
  /** primary: the hourly quota (x-ratelimit-remaining: 0); secondary: abuse limits (retry-after). */
  readonly kind: 'primary' | 'secondary';
  /** GitHub uses 403 for both, and also 429. Default 403. */
  readonly status?: 403 | 429;
  /** Seconds in retry-after (secondary). Default 60. */
  readonly retryAfter?: number;
  /** Seconds until x-ratelimit-reset (primary). Default 600. */
  readonly resetInSeconds?: number;
  /** Which request is limited: repository metadata, the archive, or every write (refs, contents, pulls). Default: metadata. */
  readonly on?: RateLimitedRequest;
}

export interface RateLimitAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

const PRIMARY_DOCS = 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting';
const SECONDARY_DOCS = 'https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits';

/** GitHub's documented rate-limit answers, or undefined when this request is not limited. */
export function rateLimitAnswer(limit: FakeRateLimit | undefined, on: RateLimitedRequest, authenticated: boolean): RateLimitAnswer | undefined {
  if (limit === undefined || (limit.on ?? 'metadata') !== on) return undefined;
  const status = limit.status ?? 403;
  if (limit.kind === 'primary') {
    const max = authenticated ? 5000 : 60;
    const message = authenticated
      ? 'API rate limit exceeded for user ID 1.'
      : "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)";
    return {
      status,
      headers: {
        'x-ratelimit-limit': String(max),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': String(max),
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + (limit.resetInSeconds ?? 600)),
      },
      body: { message, documentation_url: PRIMARY_DOCS },
    };
  }
  return {
    status,
    headers: { 'retry-after': String(limit.retryAfter ?? 60) },
    body: {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
      documentation_url: SECONDARY_DOCS,
    },
  };
}
