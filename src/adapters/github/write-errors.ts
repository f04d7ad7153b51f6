/**
 * GitHub's answers while opening a fix pull request, as typed errors:
 * 404 → Repository not found, 401/403 → Permission denied, rate limits → 429
 * with Retry-After (the scan mapping's rules), anything else → Could not open PR.
 */
import { AppError } from '../../core/errors.js';
import { mapGitHubError } from './errors.js';

export interface WriteErrorContext {
  readonly owner: string;
  readonly repo: string;
  /** What was being done, for the 500 detail ("creating the branch"). */
  readonly step: string;
  /** Removes the token from texts; GitHubClient.redact. */
  readonly redact: (text: string) => string;
}

/** HTTP status of an Octokit RequestError (recognised structurally), when GitHub answered. */
export function answeredStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number') return undefined;
  const response = (error as { response?: unknown }).response;
  return response === undefined ? undefined : error.status;
}

/** GitHub's own sentence from an error, one line, token removed, bounded. */
function said(error: unknown, ctx: WriteErrorContext): string {
  const message = error instanceof Error ? error.message : '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const line = ctx.redact(message).replace(/[\x00-\x1f\x7f]+/g, ' ').replace(/\s+-\s+https:\/\/docs\.github\.com\S*$/, '').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

export function couldNotOpen(why: string): AppError {
  return new AppError('internal', `Could not open PR: ${why}; retry`);
}

export function permissionDenied(owner: string, repo: string, why: string): AppError {
  return new AppError(
    'forbidden',
    `Permission denied: ${why} (${owner}/${repo}); a fix pull request needs a token with write access (classic: repo or public_repo scope; fine-grained: Contents and Pull requests read and write)`,
  );
}

export function mapGitHubWriteError(error: unknown, ctx: WriteErrorContext): AppError {
  if (error instanceof AppError) return error;
  const status = answeredStatus(error);
  if (status === undefined) return couldNotOpen(`GitHub could not be reached while ${ctx.step}`);
  const mapped = mapGitHubError(error, { during: 'metadata', owner: ctx.owner, repo: ctx.repo, authenticated: true, redact: ctx.redact });
  if (mapped.code === 'rate_limited') return mapped;
  if (status === 404) return new AppError('not_found', `Repository not found: ${ctx.owner}/${ctx.repo} does not exist, or the token cannot see it`);
  if (status === 401) return permissionDenied(ctx.owner, ctx.repo, 'GitHub rejected the token (bad credentials)');
  if (status === 403) {
    const text = said(error, ctx);
    return permissionDenied(ctx.owner, ctx.repo, `GitHub refused ${ctx.step} with this token${text === '' ? '' : ` (GitHub said: ${text})`}`);
  }
  const text = said(error, ctx);
  return couldNotOpen(`GitHub answered ${status} while ${ctx.step}${text === '' ? '' : ` (${text})`}`);
}
