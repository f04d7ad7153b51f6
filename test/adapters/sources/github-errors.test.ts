import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { mapGitHubError, type GitHubErrorContext } from '../../../src/adapters/github/client.js';

const NOW = 1_700_000_000_000;
const base: GitHubErrorContext = { during: 'metadata', owner: 'o', repo: 'r', authenticated: false, now: () => NOW };

/** Shaped like Octokit's RequestError (mapGitHubError recognises it structurally). */
function failure(status: number, message: string, headers: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { name: 'HttpError', status, response: { status, url: 'https://api.github.com/repos/o/r', headers, data: { message } } });
}

describe('mapGitHubError', () => {
  it('uses x-ratelimit-reset − now for a primary limit', () => {
    const error = mapGitHubError(failure(403, 'API rate limit exceeded', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 300) }), base);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterSeconds: 300 });
  });

  it('prefers retry-after, and falls back to one minute for a bare secondary limit', () => {
    expect(mapGitHubError(failure(403, 'x', { 'retry-after': '7' }), base).retryAfterSeconds).toBe(7);
    expect(mapGitHubError(failure(403, 'You have exceeded a secondary rate limit.'), base).retryAfterSeconds).toBe(60);
    expect(mapGitHubError(failure(429, 'Too many requests'), base).code).toBe('rate_limited');
  });

  it('maps 403 without rate-limit signals to forbidden, and 5xx by phase', () => {
    expect(mapGitHubError(failure(403, 'Must have admin rights'), base).code).toBe('forbidden');
    expect(mapGitHubError(failure(503, 'busy'), base)).toMatchObject({ code: 'internal', detail: 'Scan failed: the GitHub request failed (GitHub answered 503); retry' });
    expect(mapGitHubError(failure(503, 'busy'), { ...base, during: 'download' })).toMatchObject({
      code: 'bad_request',
      detail: 'Archive download failed: GitHub answered 503',
    });
  });

  it('maps a network failure and passes AppErrors through', () => {
    const network = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { name: 'HttpError', status: 500 });
    expect(mapGitHubError(network, { ...base, during: 'download' }).detail).toBe('Archive download failed: could not reach GitHub (connect ECONNREFUSED 127.0.0.1:1)');
    const own = new AppError('conflict', 'x');
    expect(mapGitHubError(own, base)).toBe(own);
  });

  it('redacts the token from anything GitHub echoes', () => {
    const error = mapGitHubError(failure(403, 'token gh' + 'p_abc is not allowed'), { ...base, authenticated: true, redact: (t) => t.split('gh' + 'p_abc').join('[REDACTED]') });
    expect(error.detail).not.toContain('gh' + 'p_abc');
    expect(error.detail).toContain('[REDACTED]');
  });
});
