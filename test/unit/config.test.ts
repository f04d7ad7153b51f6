import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/vigil');

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/vigil/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      githubApiUrl: 'https://api.github.com',
      osvApiUrl: 'https://api.osv.dev',
      osvMode: 'online',
      osvTimeoutMs: 15_000,
      aiProvider: 'builtin',
      scanApiAllowCidrs: [],
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every documented variable', () => {
    const config = load({
      PORT: '9000',
      HOST: '127.0.0.1',
      VIGIL_DATA_DIR: '/var/lib/vigil',
      DATABASE_URL: 'postgres://u:p@db:5432/vigil',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://u:p@mail:465',
      MAIL_FROM: 'Sec <sec@example.com>',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
      GITHUB_TOKEN: 'token-value',
      OSV_API_URL: 'http://127.0.0.1:9999',
      OSV_MODE: 'offline',
      VIGIL_OSV_TIMEOUT_MS: '2000',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3',
      SCAN_API_ALLOW_CIDRS: '127.0.0.1/32, 10.1.0.0/16,fd00::/8',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/vigil',
      databaseUrl: 'postgres://u:p@db:5432/vigil',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://u:p@mail:465',
      mailFrom: 'Sec <sec@example.com>',
      githubApiUrl: 'https://ghe.example.com/api/v3',
      githubToken: 'token-value',
      osvApiUrl: 'http://127.0.0.1:9999',
      osvMode: 'offline',
      osvTimeoutMs: 2000,
      aiProvider: 'openai-compatible',
      aiModel: 'llama3',
      scanApiAllowCidrs: ['127.0.0.1/32', '10.1.0.0/16', 'fd00::/8'],
    });
  });

  it('infers the AI provider from a key prefix and defaults to builtin without a key', () => {
    expect(load({ AI_API_KEY: 'sk-' + 'ant-api03-xyz' }).aiProvider).toBe('anthropic');
    expect(load({ AI_API_KEY: 'AIzaSyExample' }).aiProvider).toBe('google');
    expect(load({ AI_API_KEY: 'sk-proj-abc' }).aiProvider).toBe('openai');
    expect(load({ AI_API_KEY: 'opaque' }).aiProvider).toBe('builtin');
  });

  it('reports every problem at once, naming each variable', () => {
    let caught: unknown;
    try {
      load({ PORT: 'eighty', DATABASE_URL: 'mysql://u:secretpw@db/x', SCAN_API_ALLOW_CIDRS: '10.0.0.0/33', AI_PROVIDER: 'skynet' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must use one of the schemes postgres:\/\//m);
    expect(problems).toMatch(/^SCAN_API_ALLOW_CIDRS: "10.0.0.0\/33"/m);
    expect(problems).toMatch(/^AI_PROVIDER: must be one of/m);
    expect((caught as ConfigError).message).not.toContain('secretpw');
  });

  it('requires a key for hosted AI providers and a base URL for OpenAI-compatible servers', () => {
    expect(() => load({ AI_PROVIDER: 'anthropic' })).toThrow(/AI_API_KEY: is required/);
    expect(() => load({ AI_PROVIDER: 'openai-compatible' })).toThrow(/AI_BASE_URL: is required/);
  });

  it('rejects out-of-range ports and short peppers', () => {
    expect(() => load({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => load({ VIGIL_KEY_PEPPER: 'short' })).toThrow(/VIGIL_KEY_PEPPER/);
  });

  it('defaults the dashboard origin to localhost on the configured port, and GitHub sign-in to off', () => {
    expect(load({})).toMatchObject({ publicUrl: 'http://localhost:8080', githubOAuth: undefined, githubOAuthUrl: 'https://github.com' });
    expect(load({ PORT: '9001' }).publicUrl).toBe('http://localhost:9001');
  });

  it('reads the dashboard origin and the GitHub OAuth app', () => {
    const config = load({
      PUBLIC_URL: 'https://vigil.example.com/',
      GITHUB_OAUTH_CLIENT_ID: 'Iv1.abc',
      GITHUB_OAUTH_CLIENT_SECRET: 'oauth-secret-value',
      GITHUB_OAUTH_URL: 'https://ghe.example.com/',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://vigil.example.com',
      githubOAuth: { clientId: 'Iv1.abc', clientSecret: 'oauth-secret-value' },
      githubOAuthUrl: 'https://ghe.example.com',
    });
  });

  it('needs both the OAuth client id and secret, or neither', () => {
    expect(() => load({ GITHUB_OAUTH_CLIENT_ID: 'Iv1.abc' })).toThrow(/GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET/);
    expect(() => load({ GITHUB_OAUTH_CLIENT_SECRET: 'oauth-secret-value' })).toThrow(/GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET/);
  });

  it('refuses a PUBLIC_URL that is not an http(s) origin, and a malformed GITHUB_OAUTH_URL', () => {
    for (const value of ['vigil.example.com', 'ftp://vigil.example.com', 'https://vigil.example.com/app', 'https://vigil.example.com/?x=1', 'https://u:p@vigil.example.com']) {
      expect(() => load({ PUBLIC_URL: value }), value).toThrow(/PUBLIC_URL/);
    }
    expect(() => load({ GITHUB_OAUTH_URL: 'not a url' })).toThrow(/GITHUB_OAUTH_URL/);
    let caught: unknown;
    try {
      load({ PUBLIC_URL: 'https://u:hiddenpw@vigil.example.com' });
    } catch (error) {
      caught = error;
    }
    expect((caught as ConfigError).message).not.toContain('hiddenpw');
  });

  it('reads the history-scan limits and clone URL, with documented defaults', () => {
    expect(load({})).toMatchObject({ historyLimits: { maxCloneBytes: 524_288_000, cloneTimeoutMs: 120_000, maxCommits: 100_000 }, githubGitUrl: undefined });
    const config = load({
      VIGIL_HISTORY_MAX_CLONE_BYTES: '1048576',
      VIGIL_HISTORY_CLONE_TIMEOUT_MS: '5000',
      VIGIL_HISTORY_MAX_COMMITS: '50',
      GITHUB_GIT_URL: 'https://ghe.example.com',
    });
    expect(config).toMatchObject({ historyLimits: { maxCloneBytes: 1_048_576, cloneTimeoutMs: 5_000, maxCommits: 50 }, githubGitUrl: 'https://ghe.example.com' });
    expect(() => load({ VIGIL_HISTORY_CLONE_TIMEOUT_MS: '10' })).toThrow(/VIGIL_HISTORY_CLONE_TIMEOUT_MS/);
    expect(() => load({ GITHUB_GIT_URL: 'ssh://git@github.com' })).toThrow(/GITHUB_GIT_URL/);
  });
});
