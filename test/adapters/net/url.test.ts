import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { parseTargetUrl } from '../../../src/adapters/net/index.js';

function rejection(input: string): AppError {
  try {
    parseTargetUrl(input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error(`expected ${input} to be rejected`);
}

describe('parseTargetUrl', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://１２７.０.０.１/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[0:0:0:0:0:0:0:1]/', '[::1]'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://LOCALHOST/', 'localhost'],
    ['http://ⓛocalhost/', 'localhost'],
    ['https://Bücher.example/', 'xn--bcher-kva.example'],
  ])('normalises %s to host %s before any check', (input, host) => {
    expect(parseTargetUrl(input).hostname).toBe(host);
  });

  it('keeps path and query, drops the fragment', () => {
    expect(parseTargetUrl('https://api.example.com:8443/v1/x?y=1#frag').href).toBe('https://api.example.com:8443/v1/x?y=1');
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/plain,x', 'ws://example.com/'])(
    'rejects the scheme of %s',
    (input) => {
      const error = rejection(input);
      expect(error.code).toBe('bad_request');
      expect(error.detail).toMatch(/^Invalid URL: only http:\/\/ and https:\/\/ URLs/);
    },
  );

  it.each(['http://alice:hunter2@example.com/', 'http://hunter2@example.com/', 'https://:hunter2@example.com/'])('rejects credentials in %s', (input) => {
    const error = rejection(input);
    expect(error.code).toBe('bad_request');
    expect(error.detail).toMatch(/^Invalid URL: credentials/);
    expect(error.detail).not.toContain('hunter2');
  });

  it.each(['', '   ', 'example.com', '/relative', 'http://', 'http://exa mple.com/', 'http://1.2.3.4.5/', 'http://[::1/', 'http://256.0.0.1/'])(
    'rejects unparseable %j',
    (input) => {
      const error = rejection(input);
      expect(error.code).toBe('bad_request');
      expect(error.detail).toMatch(/^Invalid URL: .*expected an absolute http:\/\/ or https:\/\/ URL/);
    },
  );

  it('bounds the length', () => {
    expect(rejection(`https://example.com/${'a'.repeat(5000)}`).detail).toMatch(/^Invalid URL: longer than/);
  });
});
