import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/services/accounts/keys.js';
import { UNAUTHORIZED_DETAIL } from '../../src/http/plugins/access.js';
import { createTestApp, mailText, type TestApp } from '../helpers/app.js';
import { BACKENDS, openTestStorage, type TestStorage } from '../helpers/storage.js';

describe.each(BACKENDS)('authentication and account (%s)', (backend) => {
  let ts: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    ts = await openTestStorage(backend);
    t = await createTestApp(ts);
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  const getAccount = (key?: string) =>
    t.app.inject({ method: 'GET', url: '/v1/account', headers: key === undefined ? {} : { 'x-api-key': key } });

  it('answers 401 with the same body for a missing, malformed, unknown or checksum-broken key', async () => {
    const valid = await t.newAccount('free');
    const broken = valid.slice(0, -1) + (valid.endsWith('A') ? 'B' : 'A');
    const responses = await Promise.all([
      getAccount(),
      getAccount('not-a-key'),
      getAccount(generateApiKey()),
      getAccount(broken),
      getAccount(''),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: UNAUTHORIZED_DETAIL });
    }
  });

  it('checks the key before reading the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/account/rotate-key', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(res.statusCode).toBe(401);
  });

  it('returns the account with plan, limits, usage this hour and the key prefix', async () => {
    const key = await t.newAccount('pro', `pro-${backend}@example.test`);
    const res = await getAccount(key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      email: `pro-${backend}@example.test`,
      plan: 'pro',
      limits: { scans: 100, ai: 50, account: 10 },
      usage: { scans: 0, ai: 0, account: 1 },
      key: { prefix: key.slice(0, 13) },
    });
    expect(Date.parse(body.window.resets_at) - Date.parse(body.window.started_at)).toBe(3_600_000);
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it('reports unlimited buckets as null', async () => {
    const key = await t.newAccount('team');
    expect((await getAccount(key)).json().limits).toEqual({ scans: null, ai: 200, account: 10 });
  });

  it('rotates the key: the new key works at once, the old one is refused, the new key is mailed', async () => {
    const email = `rotate-${backend}@example.test`;
    const oldKey = await t.newAccount('free', email);
    const res = await t.app.inject({ method: 'POST', url: '/v1/account/rotate-key', headers: { 'x-api-key': oldKey } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.api_key).not.toBe(oldKey);
    expect(body).toMatchObject({ key_prefix: body.api_key.slice(0, 13), emailed: true });

    expect((await getAccount(oldKey)).statusCode).toBe(401);
    const after = await getAccount(body.api_key);
    expect(after.statusCode).toBe(200);
    // A rotation does not reset quotas: the rotate call and this call are both counted.
    expect(after.json().usage.account).toBe(2);

    const mail = (await t.mails()).map(mailText).find((m) => m.includes(`To: ${email}`));
    expect(mail).toBeDefined();
    expect(mail).toContain(body.api_key);
    expect(mail).not.toContain(oldKey);
  });

  it('lets only one of two concurrent rotations with the same key win', async () => {
    const key = await t.newAccount('pro');
    const [a, b] = await Promise.all(
      [0, 1].map(() => t.app.inject({ method: 'POST', url: '/v1/account/rotate-key', headers: { 'x-api-key': key } })),
    );
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 401]);
    const winner = [a, b].find((r) => r?.statusCode === 200)?.json().api_key as string;
    expect((await getAccount(winner)).statusCode).toBe(200);
    expect((await getAccount(key)).statusCode).toBe(401);
  });

  it('stores neither keys nor anything derived from them in clear', async () => {
    const key = await t.newAccount('free');
    const rows = await ts.storage.db.selectFrom('api_keys').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(key.slice(13));
  });
});
