import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { mapGitHubWriteError } from '../../../src/adapters/github/write-errors.js';

const TOKEN = ['gh', 'p_', 'WriteErrTok0123456789abcdefABCDEFGH'].join('');
const ctx = { owner: 'acme', repo: 'app', step: 'creating the branch', redact: (t: string) => t.split(TOKEN).join('[REDACTED]') };

/** Shaped like Octokit's RequestError (recognised structurally). */
function failure(status: number, message: string, headers: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { name: 'HttpError', status, response: { status, url: 'https://api.github.test/repos/acme/app/git/refs', headers, data: { message } } });
}

describe('GitHub write errors', () => {
  it.each([
    [404, 'Not Found', {}, 404, /^Repository not found: acme\/app/],
    [403, 'Resource not accessible by personal access token', {}, 403, /^Permission denied: .*creating the branch.*Resource not accessible/],
    [401, 'Bad credentials', {}, 403, /^Permission denied: GitHub rejected the token/],
    [403, 'API rate limit exceeded for user ID 1.', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120) }, 429, /^Rate limit/],
    [429, 'You have exceeded a secondary rate limit.', { 'retry-after': '90' }, 429, /^Rate limit/],
    [422, `Validation Failed ${TOKEN}`, {}, 500, /^Could not open PR: GitHub answered 422 while creating the branch/],
    [502, 'Bad Gateway', {}, 500, /^Could not open PR/],
  ])('%i %s → %i', (status, message, headers, expected, detail) => {
    const error = mapGitHubWriteError(failure(status, message, headers), ctx);
    expect(error.status).toBe(expected);
    expect(error.detail).toMatch(detail);
    expect(error.detail).not.toContain(TOKEN);
  });

  it('gives Retry-After for rate limits', () => {
    expect(mapGitHubWriteError(failure(429, 'You have exceeded a secondary rate limit.', { 'retry-after': '90' }), ctx).retryAfterSeconds).toBe(90);
  });

  it('answers 500 Could not open PR when GitHub cannot be reached, and passes AppErrors through', () => {
    expect(mapGitHubWriteError(new Error('ECONNREFUSED'), ctx).detail).toMatch(/^Could not open PR: GitHub could not be reached/);
    const own = new AppError('conflict', 'x');
    expect(mapGitHubWriteError(own, ctx)).toBe(own);
  });
});
