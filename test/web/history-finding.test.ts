import { describe, expect, it } from 'vitest';
import { commitUrl } from '../../web/src/lib/history.js';

const SHA = 'c784ae812555e05204af357d0ec2a0e68d01406e';

describe('dashboard: commit links of history findings', () => {
  it("links to the commit on the repository's web page when the scan knows it", () => {
    expect(commitUrl({ repository: { html_url: 'https://github.com/acme/app' } }, SHA)).toBe(`https://github.com/acme/app/commit/${SHA}`);
    expect(commitUrl({ repository: { html_url: 'https://ghe.example.com/acme/app/' } }, SHA)).toBe(`https://ghe.example.com/acme/app/commit/${SHA}`);
  });

  it('gives no link without a web address, for another scheme, or for a value that is not a SHA', () => {
    expect(commitUrl(undefined, SHA)).toBeUndefined();
    expect(commitUrl({ repository: {} }, SHA)).toBeUndefined();
    expect(commitUrl({ repository: { html_url: 'javascript:alert(1)' } }, SHA)).toBeUndefined();
    expect(commitUrl({ repository: { html_url: 'https://github.com/acme/app' } }, '../../evil')).toBeUndefined();
  });
});
