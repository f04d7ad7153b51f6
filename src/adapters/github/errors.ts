import { AppError } from '../../core/errors.js';

export interface GitHubErrorContext {
  /** Which step failed: reading repository metadata, or downloading the archive. */
  readonly during: 'metadata' | 'download';
  readonly owner: string;
  readonly repo: string;
  readonly ref?: string;
  /** Whether the request carried a token. */
  readonly authenticated: boolean;
  /** Removes the token from texts; GitHubClient.redact. */
  readonly redact?: (text: string) => string;
  /** Clock, for x-ratelimit-reset. Defaults to Date.now. */
  readonly now?: () => number;
}

interface HttpFailure {
  readonly status: number;
  readonly message: string;
  readonly headers: Readonly<Record<string, string | number | undefined>>;
  /** False when no HTTP answer arrived (Octokit reports network failures as status 500). */
  readonly answered: boolean;
}

/** Octokit's RequestError, recognised structurally (it may come from another copy of the package). */
function asHttpFailure(error: unknown): HttpFailure | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error;
  if (typeof status !== 'number') return undefined;
  const response = (error as { response?: { headers?: Record<string, string | number | undefined> } }).response;
  const message = error instanceof Error ? error.message : '';
  return { status, message, headers: response?.headers ?? {}, answered: response !== undefined };
}

function header(failure: HttpFailure, name: string): string | undefined {
  const value = failure.headers[name];
  return value === undefined ? undefined : String(value);
}

const SECONDARY = /secondary rate limit/i;

function isRateLimited(f: HttpFailure): boolean {
  if (f.status === 429) return true;
  if (f.status !== 403) return false;
  return header(f, 'x-ratelimit-remaining') === '0' || header(f, 'retry-after') !== undefined || SECONDARY.test(f.message);
}

/** Seconds to wait: retry-after, else x-ratelimit-reset − now, else GitHub's advice of one minute. */
export function rateLimitWaitSeconds(f: HttpFailure, now: number): number {
  const retryAfter = Number(header(f, 'retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter >= 0 && header(f, 'retry-after') !== undefined) return Math.max(1, Math.ceil(retryAfter));
  const reset = Number(header(f, 'x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0 && header(f, 'x-ratelimit-reset') !== undefined) return Math.max(1, Math.ceil(reset - now / 1000));
  return 60;
}

function clean(text: string, ctx: GitHubErrorContext): string {
  const redacted = (ctx.redact ?? ((t: string) => t))(text);
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const oneLine = redacted.replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
  // Octokit appends " - https://docs.github.com/…"; keep GitHub's sentence only.
  const sentence = oneLine.replace(/\s+-\s+https:\/\/docs\.github\.com\S*$/, '');
  return sentence.length > 200 ? `${sentence.slice(0, 200)}…` : sentence;
}

function rateLimited(f: HttpFailure, ctx: GitHubErrorContext): AppError {
  const seconds = rateLimitWaitSeconds(f, (ctx.now ?? Date.now)());
  const kind = header(f, 'x-ratelimit-remaining') === '0' && !SECONDARY.test(f.message) ? 'API rate limit' : 'secondary rate limit';
  const advice = ctx.authenticated
    ? 'the token in use has exhausted its quota'
    : 'supplying a GitHub token raises the limit';
  return new AppError('rate_limited', `Rate limit: GitHub's ${kind} was hit; retry in ${seconds} s (${advice})`, {
    retryAfterSeconds: seconds,
  });
}

function notFound(ctx: GitHubErrorContext): AppError {
  const name = `${ctx.owner}/${ctx.repo}`;
  if (ctx.during === 'download' && ctx.ref !== undefined) {
    return new AppError('not_found', `Ref not found: ${name} has no branch, tag or commit "${clean(ctx.ref, ctx).slice(0, 100)}"`);
  }
  const hint = ctx.authenticated
    ? ' — or the supplied token cannot see it'
    : ' — if it is private, supply a token with repo scope';
  return new AppError('not_found', `Repository not found: ${name}${hint}`);
}

function accessDenied(f: HttpFailure, ctx: GitHubErrorContext): AppError {
  if (f.status === 401) {
    return new AppError('forbidden', 'Access denied: GitHub rejected the token (bad credentials)');
  }
  const said = clean(f.message, ctx);
  const why = ctx.authenticated ? 'the token lacks access (it needs repo scope, or SSO authorization)' : 'GitHub requires a token';
  return new AppError('forbidden', `Access denied: ${why} to ${ctx.owner}/${ctx.repo}${said === '' ? '' : ` (GitHub said: ${said})`}`);
}

function failed(detail: string, ctx: GitHubErrorContext): AppError {
  return ctx.during === 'download'
    ? new AppError('bad_request', `Archive download failed: ${detail}`)
    : new AppError('internal', `Scan failed: the GitHub request failed (${detail}); retry`);
}

/** Turns whatever Octokit threw into a typed AppError. Never includes the token. */
export function mapGitHubError(error: unknown, ctx: GitHubErrorContext): AppError {
  if (error instanceof AppError) return error;
  const f = asHttpFailure(error);
  if (f === undefined || (error instanceof Error && error.name === 'AbortError')) {
    const message = error instanceof Error ? clean(error.message, ctx) : 'unknown error';
    return failed(`could not reach GitHub (${message})`, ctx);
  }
  if (!f.answered) return failed(`could not reach GitHub (${clean(f.message, ctx)})`, ctx);
  if (isRateLimited(f)) return rateLimited(f, ctx);
  if (f.status === 404) return notFound(ctx);
  if (f.status === 401 || f.status === 403) return accessDenied(f, ctx);
  if (f.status >= 500) return failed(`GitHub answered ${f.status}`, ctx);
  // Octokit gives network failures status 500 too; other 4xx are unexpected here.
  return failed(`GitHub answered ${f.status}: ${clean(f.message, ctx)}`, ctx);
}
