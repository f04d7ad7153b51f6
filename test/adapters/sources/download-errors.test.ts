import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadRepository } from '../../../src/adapters/sources/github/download.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';
import { clientFor, expectAppError, privateTmpdir } from './helpers.js';

const TOKEN = 'gh' + 'p_SuperSecretToken0123456789abcdefABCD';
const WEAK = 'gh' + 'p_WeakToken0123456789abcdefABCDEFGHIJ';
const BAD = 'gh' + 'p_RevokedToken0123456789abcdefABCDEFG';

let fake: FakeGitHub;
let tmp: Awaited<ReturnType<typeof privateTmpdir>>;

beforeAll(async () => {
  tmp = await privateTmpdir();
  fake = await startFakeGitHub();
  fake.addToken(TOKEN, { scopes: ['repo', 'read:org'] });
  fake.addToken(WEAK, { scopes: ['public_repo'] });
  fake.addRepo({ owner: 'acme', repo: 'secret', private: true, files: { 'key.txt': 'private' } });
  fake.addRepo({ owner: 'acme', repo: 'sso', private: true, deniedStatus: 403, files: { 'a.txt': 'a' } });
  fake.addRepo({ owner: 'acme', repo: 'primary', rateLimit: { kind: 'primary', resetInSeconds: 120 } });
  fake.addRepo({ owner: 'acme', repo: 'primary429', rateLimit: { kind: 'primary', status: 429, resetInSeconds: 30 } });
  fake.addRepo({ owner: 'acme', repo: 'secondary', rateLimit: { kind: 'secondary', retryAfter: 90 } });
  fake.addRepo({ owner: 'acme', repo: 'secondary429', rateLimit: { kind: 'secondary', status: 429, retryAfter: 45, on: 'tarball' } });
  fake.addRepo({ owner: 'acme', repo: 'short-wait', rateLimit: { kind: 'secondary', retryAfter: 1, on: 'tarball' } });
  fake.addRepo({ owner: 'acme', repo: 'broken', tarballFailure: { kind: 'status', status: 502 } });
});

afterAll(async () => {
  await fake.close();
  await tmp.restore();
});

const download = (repo: string, token?: string) => downloadRepository({ client: clientFor(fake, token), owner: 'acme', repo });

function assertNoToken(error: Error): void {
  const texts = [error.message, String(error.stack), JSON.stringify(error), String((error as { cause?: unknown }).cause)];
  for (const secret of [TOKEN, WEAK, BAD]) for (const text of texts) expect(text).not.toContain(secret);
}

describe('GitHub answers mapped to AppError', () => {
  it('404 for an unknown repository, with the private-repository hint when no token was given', async () => {
    const error = await expectAppError(download('missing'), 'not_found');
    expect(error.detail).toBe('Repository not found: acme/missing — if it is private, supply a token with repo scope');
    expect(error.status).toBe(404);
  });

  it('404 for a private repository without a token, as GitHub answers', async () => {
    const error = await expectAppError(download('secret'), 'not_found');
    expect(error.detail).toContain('supply a token with repo scope');
    expect(fake.requests.at(-1)).toMatchObject({ path: '/repos/acme/secret', authorization: false, status: 404 });
  });

  it('downloads a private repository with a repo-scoped token (one-time codeload URL)', async () => {
    const ws = await download('secret', TOKEN);
    expect(ws.files.map((f) => f.path)).toEqual(['key.txt']);
    expect(ws.repository?.private).toBe(true);
    expect(fake.requests.slice(-3).every((r) => r.authorization)).toBe(true);
    await ws.dispose();
  });

  it('404 with another hint for a token that cannot see the private repository', async () => {
    const error = await expectAppError(download('secret', WEAK), 'not_found');
    expect(error.detail).toBe('Repository not found: acme/secret — or the supplied token cannot see it');
    assertNoToken(error);
  });

  it('403 Access denied for a token GitHub refuses (SSO, fine-grained)', async () => {
    const error = await expectAppError(download('sso', WEAK), 'forbidden');
    expect(error.detail).toMatch(/^Access denied: the token lacks access .* to acme\/sso \(GitHub said: Resource not accessible by personal access token\)$/);
    assertNoToken(error);
  });

  it('401 bad credentials becomes forbidden, without the token', async () => {
    const error = await expectAppError(download('secret', BAD), 'forbidden');
    expect(error.detail).toBe('Access denied: GitHub rejected the token (bad credentials)');
    assertNoToken(error);
  });

  it.each([
    ['primary', 120, "GitHub's API rate limit"],
    ['primary429', 30, "GitHub's API rate limit"],
    ['secondary', 90, "GitHub's secondary rate limit"],
    ['secondary429', 45, "GitHub's secondary rate limit"],
  ])('%s rate limit becomes 429 with Retry-After, at once', async (repo, seconds, kind) => {
    const before = fake.requests.length;
    const started = Date.now();
    const error = await expectAppError(download(repo), 'rate_limited');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(seconds - 2);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(seconds + 1);
    expect(error.detail).toContain(kind);
    expect(error.detail).toContain('supplying a GitHub token raises the limit');
    // No silent retries: the limited request was sent once.
    const limited = fake.requests.slice(before).filter((r) => r.status === 403 || r.status === 429);
    expect(limited).toHaveLength(1);
  });

  it('with a token, the rate-limit detail speaks of the token quota and never holds the token', async () => {
    const error = await expectAppError(download('primary', TOKEN), 'rate_limited');
    expect(error.detail).toContain('the token in use has exhausted its quota');
    assertNoToken(error);
  });

  it('retries once when GitHub asks for a wait of at most 2 s, then answers 429', async () => {
    const before = fake.requests.length;
    const error = await expectAppError(download('short-wait'), 'rate_limited');
    expect(error.retryAfterSeconds).toBe(1);
    expect(fake.requests.slice(before).filter((r) => r.status === 403)).toHaveLength(2);
  });

  it('5xx on the archive becomes "Archive download failed" after the configured retries', async () => {
    const before = fake.requests.length;
    const error = await expectAppError(download('broken', TOKEN), 'bad_request');
    expect(error.detail).toBe('Archive download failed: GitHub answered 502');
    expect(fake.requests.slice(before).filter((r) => r.status === 502)).toHaveLength(2);
    assertNoToken(error);
  });

  it('an unreachable GitHub is internal during metadata', async () => {
    const { createGitHubClient } = await import('../../../src/adapters/github/client.js');
    const client = createGitHubClient({ baseUrl: 'http://127.0.0.1:1', userAgent: 'test', token: TOKEN, retries: 0 });
    const error = await expectAppError(downloadRepository({ client, owner: 'acme', repo: 'x' }), 'internal');
    expect(error.detail).toMatch(/^Scan failed: the GitHub request failed \(could not reach GitHub/);
    assertNoToken(error);
  });

  it('leaves no temporary folder behind after all these failures', async () => {
    expect(await tmp.leftovers()).toEqual([]);
  });
});
