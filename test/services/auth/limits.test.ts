import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryQuotaStore, RedisQuotaStore, type QuotaStore } from '../../../src/services/accounts/quotas.js';
import { clientKey } from '../../../src/services/auth/limits.js';
import { createTestApp, mailText, type TestApp } from '../../helpers/app.js';
import { nextIp, requestLink, verify } from '../../helpers/dashboard.js';
import { openTestStorage, TEST_REDIS_URL, type TestStorage } from '../../helpers/storage.js';

const STORES = ['memory', 'redis'] as const;

describe.each(STORES)('sign-in rate limits (%s counters)', (kind) => {
  let ts: TestStorage;
  let t: TestApp;
  let redis: Redis | undefined;
  // A frozen clock that the tests move: windows never roll over by accident.
  let now = Date.now();
  const run = randomBytes(4).toString('hex');
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    let store: QuotaStore = new MemoryQuotaStore(() => now);
    if (kind === 'redis') {
      redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      store = new RedisQuotaStore(redis);
    }
    t = await createTestApp(ts, { quotaStore: store, now: () => now });
  });
  afterAll(async () => {
    await t.close();
    await t.quotas.close();
    await ts.cleanup();
  });

  it('allows 5 links per address per 15 minutes, then 429 with Retry-After, and mails nothing more', async () => {
    const email = `limited-${run}@example.test`;
    for (let i = 0; i < 5; i++) expect((await requestLink(t, i % 2 ? email.toUpperCase() : email)).statusCode).toBe(202);
    const refused = await requestLink(t, email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/address/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await t.mails()).map(mailText).filter((m) => m.includes(`To: ${email}`))).toHaveLength(5);

    expect((await requestLink(t, `other-${run}@example.test`)).statusCode).toBe(202);
    now += retryAfter * 1000;
    expect((await requestLink(t, email)).statusCode).toBe(202);
  });

  it('allows 20 links per client per hour, whatever the addresses, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await requestLink(t, `client-${run}-${i}@example.test`, ip)).statusCode).toBe(202);
    const refused = await requestLink(t, `client-${run}-last@example.test`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/client/);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await requestLink(t, `client-${run}-last@example.test`, nextIp())).statusCode).toBe(202);
  });

  it('counts the IPv6 addresses of one /64 as one client', async () => {
    const prefix = `2001:db8:${parseInt(run.slice(0, 4), 16).toString(16)}:1`;
    for (let i = 0; i < 20; i++) expect((await requestLink(t, `v6-${run}-${i}@example.test`, `${prefix}::${(i + 1).toString(16)}`)).statusCode).toBe(202);
    expect((await requestLink(t, `v6-${run}-x@example.test`, `${prefix}:0:0:0:abcd`)).statusCode).toBe(429);
  });

  it('limits token verifications per client: 60 an hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i++) expect((await verify(t, 'A'.repeat(43), ip)).statusCode).toBe(400);
    const refused = await verify(t, 'A'.repeat(43), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('client keys for sign-in limits', () => {
  it('are the IPv4 address, also when IPv4-mapped', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('are the /64 of an IPv6 address, however it is written', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
