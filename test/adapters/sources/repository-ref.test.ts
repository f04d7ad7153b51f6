import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { acceptedHosts, isValidRef, parseRepository } from '../../../src/adapters/sources/github/repository-ref.js';

const GH = { githubApiUrl: 'https://api.github.com' };
const GHE = { githubApiUrl: 'https://ghe.example.com/api/v3' };
const GHE_API_HOST = { githubApiUrl: 'https://api.code.example.org' };

function rejects(input: string, opts = GH): AppError {
  try {
    parseRepository(input, opts);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.code).toBe('bad_request');
    expect(appError.detail).toMatch(/^Invalid repository: .*; expected owner\/repo, https:\/\/.+\/owner\/repo/);
    return appError;
  }
  throw new Error(`accepted ${JSON.stringify(input.slice(0, 80))}`);
}

describe('parseRepository: accepted forms', () => {
  it.each([
    ['octocat/Hello-World', undefined],
    ['  octocat/Hello-World\n', undefined],
    ['https://github.com/octocat/Hello-World', undefined],
    ['https://github.com/octocat/Hello-World/', undefined],
    ['https://github.com/octocat/Hello-World.git', undefined],
    ['https://www.github.com/octocat/Hello-World', undefined],
    ['HTTPS://GitHub.com/octocat/Hello-World', undefined],
    ['https://github.com/octocat/Hello-World/tree/main', 'main'],
    ['https://github.com/octocat/Hello-World/tree/feature/deep/branch/', 'feature/deep/branch'],
    ['https://github.com/octocat/Hello-World/tree/v1.2.3', 'v1.2.3'],
    ['git@github.com:octocat/Hello-World.git', undefined],
    ['git@github.com:octocat/Hello-World', undefined],
    ['ssh://git@github.com/octocat/Hello-World.git', undefined],
    ['ssh://git@github.com/octocat/Hello-World', undefined],
  ])('%s', (input, ref) => {
    expect(parseRepository(input, GH)).toEqual({ owner: 'octocat', repo: 'Hello-World', ...(ref === undefined ? {} : { ref }) });
  });

  it('accepts the GitHub Enterprise host derived from the API URL', () => {
    expect(acceptedHosts(GHE.githubApiUrl)).toContain('ghe.example.com');
    expect(parseRepository('https://ghe.example.com/team/app', GHE)).toEqual({ owner: 'team', repo: 'app' });
    expect(parseRepository('git@ghe.example.com:team/app.git', GHE)).toEqual({ owner: 'team', repo: 'app' });
    expect(parseRepository('https://code.example.org/team/app.git', GHE_API_HOST)).toEqual({ owner: 'team', repo: 'app' });
    expect(parseRepository('https://github.com/team/app', GHE)).toEqual({ owner: 'team', repo: 'app' });
  });

  it('accepts names at GitHub limits', () => {
    const owner = `a${'-b'.repeat(19)}`; // 39 chars
    const repo = 'r'.repeat(100);
    expect(parseRepository(`${owner}/${repo}`, GH)).toEqual({ owner, repo });
    expect(parseRepository('a/.github', GH)).toEqual({ owner: 'a', repo: '.github' });
    expect(parseRepository('a/re_po.js-1', GH)).toEqual({ owner: 'a', repo: 're_po.js-1' });
  });
});

describe('parseRepository: rejected input', () => {
  it.each([
    '',
    '   ',
    'octocat',
    'octocat/',
    '/Hello-World',
    'octocat/Hello-World/extra',
    '-octocat/repo',
    'octocat-/repo',
    'octo--cat/repo',
    `${'a'.repeat(40)}/repo`,
    `octocat/${'r'.repeat(101)}`,
    'octocat/..',
    'octocat/.',
    'octo cat/repo',
    'octocat/re po',
    'octocat/repo\u0000',
    'octocat\\repo',
    'octocat/repo$',
    'octocat/répo',
    'https://gitlab.com/octocat/repo',
    'https://github.com.evil.com/octocat/repo',
    'https://evil.com/github.com/octocat/repo',
    'https://github.com:8443/octocat/repo',
    'http://github.com/octocat/repo',
    'ftp://github.com/octocat/repo',
    'https://github.com/octocat',
    'https://github.com/octocat/repo?tab=readme',
    'https://github.com/octocat/repo#readme',
    'https://github.com/octocat/repo/blob/main/x',
    'https://github.com/octocat/repo/tree/',
    'https://github.com/octocat/repo/tree/a..b',
    'https://github.com/octocat/repo/tree/%2e%2e',
    'https://github.com/evil/../octocat/repo',
    'https://github.com/./octocat/repo',
    'https://github.com/octocat/%2e%2e',
    'https://github.com/octo%63at/repo',
    'https://user:gh' + 'p_secret@github.com/octocat/repo',
    'https://gh' + 'p_secret@github.com/octocat/repo',
    'https://github.com/octo\tcat/repo',
    'git@gitlab.com:octocat/repo.git',
    'git@github.com:octocat/../repo.git',
    'ssh://root@github.com/octocat/repo.git',
    'ssh://git:pw@github.com/octocat/repo.git',
    'git@github.com:octocat/repo.git?x=1',
    'file:///etc/passwd',
    'javascript:alert(1)',
    `octocat/${'a'.repeat(10_240)}`,
    `https://github.com/octocat/${'a/'.repeat(5_000)}`,
  ])('%j', (input) => {
    rejects(input);
  });

  it('never echoes the input, which may hold credentials', () => {
    const error = rejects('https://user:gh' + 'p_secret123@github.com/octocat/repo');
    expect(error.detail).not.toContain('gh' + 'p_secret123');
    expect(error.detail).toContain('credentials in the URL are not accepted');
  });

  it('answers a 10 KB string quickly and briefly', () => {
    const started = performance.now();
    const error = rejects('a/'.repeat(5_120));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.detail.length).toBeLessThan(400);
  });

  it('names the enterprise host in the expected forms', () => {
    expect(rejects('https://github.example.net/a/b', GHE).detail).toBe(
      'Invalid repository: the host is not a GitHub host this server is configured for; expected owner/repo, ' +
        'https://ghe.example.com/owner/repo (optionally ending in .git or /tree/<ref>), git@ghe.example.com:owner/repo.git or ssh://git@ghe.example.com/owner/repo.git',
    );
    expect(rejects('nope', GHE_API_HOST).detail).toContain('https://code.example.org/owner/repo');
  });

  it('keeps the web port out of the SSH forms, and accepts SSH on the host name', () => {
    const withPort = { githubApiUrl: 'https://ghe.example.com:8443/api/v3' };
    const detail = rejects('nope', withPort).detail;
    expect(detail).toContain('https://ghe.example.com:8443/owner/repo');
    expect(detail).toContain('git@ghe.example.com:owner/repo.git or ssh://git@ghe.example.com/owner/repo.git');
    expect(detail).not.toMatch(/git@[^ ]*:\d+[:/]/);
    expect(parseRepository('git@ghe.example.com:team/app.git', withPort)).toEqual({ owner: 'team', repo: 'app' });
    expect(parseRepository('ssh://git@ghe.example.com/team/app.git', withPort)).toEqual({ owner: 'team', repo: 'app' });
    expect(parseRepository('https://ghe.example.com:8443/team/app', withPort)).toEqual({ owner: 'team', repo: 'app' });
  });

  it('shows http URLs when the API itself is plain http', () => {
    const plain = { githubApiUrl: 'http://ghe.internal:8080/api/v3' };
    let detail = '';
    try {
      parseRepository('nope', plain);
    } catch (error) {
      detail = (error as AppError).detail;
    }
    expect(detail).toContain('expected owner/repo, http://ghe.internal:8080/owner/repo (optionally');
    expect(detail).toContain('git@ghe.internal:owner/repo.git or ssh://git@ghe.internal/owner/repo.git');
    expect(parseRepository('http://ghe.internal:8080/team/app', plain)).toEqual({ owner: 'team', repo: 'app' });
  });
});

describe('isValidRef', () => {
  it.each(['main', 'feature/x', 'v1.0.0', 'a1b2c3d', 'release-2024_01'])('accepts %s', (ref) => expect(isValidRef(ref)).toBe(true));
  it.each(['', '-x', '/x', 'x/', 'a..b', 'a b', 'a~1', 'a^', 'a:b', 'x.lock', 'a//b', '.hidden', 'a/.b', 'a?b', 'a#b', 'a%2fb', 'x'.repeat(256), '@{-1}'])(
    'rejects %j',
    (ref) => expect(isValidRef(ref)).toBe(false),
  );
});
