import { describe, expect, it } from 'vitest';
import { formatWait, parseRetryAfter, repositoryFromTarget, usageShare, usageText } from '../../web/src/lib/format.js';
import { OAUTH_FAILURE_CODES } from '../../src/services/auth/github-oauth.js';
import { matchRoute, signinErrorMessage, tokenFromHash } from '../../web/src/lib/routes.js';
import { appendPage, filterScans, scansPath, toScanPage } from '../../web/src/lib/scans.js';
import type { ScanSummary } from '../../web/src/lib/types.js';

describe('routes', () => {
  it('matches the page paths the service answers with the app', () => {
    expect(matchRoute('/')).toEqual({ name: 'overview' });
    expect(matchRoute('/signin')).toEqual({ name: 'signin' });
    expect(matchRoute('/welcome')).toEqual({ name: 'welcome' });
    expect(matchRoute('/scans/')).toEqual({ name: 'scans' });
    expect(matchRoute('/scans/Ab12')).toEqual({ name: 'scan', id: 'Ab12' });
    expect(matchRoute('/settings')).toEqual({ name: 'settings' });
    expect(matchRoute('/scans/a%2Fb')).toEqual({ name: 'not-found' });
    expect(matchRoute('/v1/scans')).toEqual({ name: 'not-found' });
  });

  it('reads the sign-in token from the fragment only', () => {
    expect(tokenFromHash('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromHash('#other=1')).toBeUndefined();
    expect(tokenFromHash('')).toBeUndefined();
  });

  it('turns sign-in error codes into messages, never echoing markup', () => {
    expect(signinErrorMessage(null)).toBeUndefined();
    expect(signinErrorMessage('state')).toMatch(/expired/);
    expect(signinErrorMessage('<img src=x>')).toBe('Sign-in failed (imgsrcx); try again or use the email link.');
  });

  it('has its own sentence for every code the GitHub callback redirects with', () => {
    // An unknown code gets the generic "Sign-in failed (<code>)…"; a known one never does.
    expect(signinErrorMessage('no-such-code')).toMatch(/^Sign-in failed \(no-such-code\)/);
    for (const code of [...OAUTH_FAILURE_CODES, 'rate_limited']) {
      expect(signinErrorMessage(code), code).not.toMatch(/^Sign-in failed \(/);
    }
  });
});

describe('formatting', () => {
  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 1_000)).toBe(60);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

  it('writes waits in seconds, minutes or hours', () => {
    expect(formatWait(45)).toBe('in 45 s');
    expect(formatWait(61)).toBe('in 2 min');
    expect(formatWait(3_600)).toBe('in 1 h');
    expect(formatWait(3_900)).toBe('in 1 h 5 min');
  });

  it('computes the used share of a limit; unlimited plans show no bar', () => {
    expect(usageShare(5, 10)).toBe(0.5);
    expect(usageShare(15, 10)).toBe(1);
    expect(usageShare(5, null)).toBe(0);
    expect(usageText(5, null)).toBe('5 used (unlimited)');
    expect(usageText(3, 10)).toBe('3 of 10 used');
  });

  it('prefills the fix-PR repository from a scan target', () => {
    expect(repositoryFromTarget('octo/repo')).toBe('octo/repo');
    expect(repositoryFromTarget('https://github.com/octo/repo.git')).toBe('octo/repo');
    expect(repositoryFromTarget('octo/re.po@main')).toBe('octo/re.po');
  });
});

describe('scan history', () => {
  const scan = (id: string, type: string, target: string): ScanSummary => ({
    scan_id: id,
    status: 'completed',
    target_type: type,
    target,
    started_at: '2026-01-01T00:00:00.000Z',
    completed_at: '2026-01-01T00:00:01.000Z',
    finding_count: 0,
  });

  it('reads a page from items, and an absent cursor as the end', () => {
    expect(toScanPage({ items: [scan('a', 'github', 'o/r')], next_cursor: '12' })).toEqual({ items: [scan('a', 'github', 'o/r')], next_cursor: '12' });
    expect(toScanPage({ items: [scan('b', 'api', 'https://x')] })).toEqual({ items: [scan('b', 'api', 'https://x')], next_cursor: null });
    // The route answers items; a body under another name is not a page of scans.
    expect(toScanPage({ scans: [scan('c', 'api', 'https://x')], next_cursor: null }).items).toEqual([]);
    expect(toScanPage(null)).toEqual({ items: [], next_cursor: null });
  });

  it('builds the list URL with the cursor', () => {
    expect(scansPath(20, null)).toBe('/v1/scans?limit=20');
    expect(scansPath(20, '99')).toBe('/v1/scans?limit=20&cursor=99');
  });

  it('filters by target type and target text, and drops repeats when appending a page', () => {
    const list = [scan('a', 'github', 'octo/Alpha'), scan('b', 'api', 'https://alpha.example'), scan('c', 'github', 'octo/beta')];
    expect(filterScans(list, { targetType: 'github', text: '' }).map((s) => s.scan_id)).toEqual(['a', 'c']);
    expect(filterScans(list, { targetType: '', text: 'ALPHA' }).map((s) => s.scan_id)).toEqual(['a', 'b']);
    expect(appendPage(list.slice(0, 2), list.slice(1)).map((s) => s.scan_id)).toEqual(['a', 'b', 'c']);
  });
});
