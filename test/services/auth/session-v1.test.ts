import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHORIZED_DETAIL } from '../../../src/http/plugins/access.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { mailedToken, sessionHeaders, signIn, type Browser } from '../../helpers/dashboard.js';
import { openTestStorage, type TestStorage } from '../../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';

const PUBLIC_URL = 'https://vigil.example.test';
const CSRF_DETAIL = 'Missing or invalid CSRF token';

describe('the dashboard session on /v1', () => {
  let fake: FakeGitHub;
  let ts: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGitHub();
    fake.addRepo({ owner: 'acme', repo: 'tiny', files: { 'README.md': '# tiny\n' } });
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, { env: { PUBLIC_URL, GITHUB_API_URL: fake.url, VIGIL_SCAN_WORKERS: '1', VIGIL_GITHUB_RETRIES: '0' } });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
    await fake.close();
  });

  let counter = 0;
  const browser = async (): Promise<Browser> => {
    counter += 1;
    return signIn(t, `v1-${counter}@example.test`);
  };
  const scan = (headers: Record<string, string>, body: Record<string, unknown> = { repository: 'acme/tiny' }) =>
    t.app.inject({ method: 'POST', url: '/v1/scan/github', headers, payload: body });

  it('answers GET /v1/account with key null while the first key is pending', async () => {
    const b = await browser();
    const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: sessionHeaders(b, { csrf: null }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: b.email, plan: 'free', key: null, usage: { account: 1 } });
  });

  it('applies the same quotas as a key: the 11th scan of a Free account within the hour is 429', async () => {
    const b = await browser();
    for (let i = 0; i < 10; i++) {
      const res = await scan(sessionHeaders(b));
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await scan(sessionHeaders(b));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const listed = await t.app.inject({ method: 'GET', url: '/v1/scans?limit=100', headers: sessionHeaders(b) });
    expect(listed.json().items).toHaveLength(10);
  }, 120_000);

  it('counts session and key requests in one account bucket', async () => {
    const b = await browser();
    const key = (await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(b) })).json().api_key as string;
    await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': key } });
    const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: sessionHeaders(b) });
    expect(res.json().usage.account).toBe(2);
    // GET /auth/session is the page's own state: not counted.
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/auth/session', headers: sessionHeaders(b) });
    expect((await t.app.inject({ method: 'GET', url: '/auth/session', headers: sessionHeaders(b) })).json().account.usage.account).toBe(2);
  });

  it('applies plan gating: a Free session may not scan with a token', async () => {
    const res = await scan(sessionHeaders(await browser()), { repository: 'acme/tiny', token: 'gh' + 'p_someone0123456789' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses state-changing requests without the CSRF token or with a wrong one', async () => {
    const b = await browser();
    for (const csrf of [null, '', 'x'.repeat(43), b.csrf.slice(0, -1)]) {
      const res = await scan(sessionHeaders(b, { csrf }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: CSRF_DETAIL });
    }
    const rotate = await t.app.inject({ method: 'POST', url: '/v1/account/rotate-key', headers: sessionHeaders(b, { csrf: null }) });
    expect(rotate.statusCode).toBe(403);
  });

  it('refuses a state-changing request from another origin even with the right token', async () => {
    const b = await browser();
    for (const origin of ['https://evil.example', 'http://vigil.example.test', 'null']) {
      const res = await scan(sessionHeaders(b, { origin }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: CSRF_DETAIL });
    }
    expect((await scan(sessionHeaders(b, { origin: PUBLIC_URL }))).statusCode).toBe(200);
    // The origin the request was addressed to counts as this service as well.
    expect((await scan({ ...sessionHeaders(b, { origin: 'http://127.0.0.1:9999' }), host: '127.0.0.1:9999' })).statusCode).toBe(200);
  });

  it('needs no CSRF token for reads', async () => {
    const b = await browser();
    expect((await t.app.inject({ method: 'GET', url: '/v1/scans', headers: sessionHeaders(b, { csrf: null, origin: 'https://evil.example' }) })).statusCode).toBe(200);
  });

  it('leaves requests with X-API-Key unaffected by CSRF, and never falls back to the cookie when the key is wrong', async () => {
    const b = await browser();
    const key = (await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(b) })).json().api_key as string;
    expect((await scan({ 'x-api-key': key, origin: 'https://evil.example' })).statusCode).toBe(200);
    for (const wrong of ['', 'vgl_live_wrong', `${key}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { ...sessionHeaders(b), 'x-api-key': wrong } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: UNAUTHORIZED_DETAIL });
    }
  });

  it('rotates the key from the session: the new key works, the old one is refused at once', async () => {
    const b = await browser();
    const first = (await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(b) })).json().api_key as string;
    const res = await t.app.inject({ method: 'POST', url: '/v1/account/rotate-key', headers: sessionHeaders(b) });
    expect(res.statusCode).toBe(200);
    const rotated = res.json<{ api_key: string; key_prefix: string }>();
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': first } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': rotated.api_key } })).statusCode).toBe(200);
    const account = await t.app.inject({ method: 'GET', url: '/v1/account', headers: sessionHeaders(b) });
    expect(account.json().key.prefix).toBe(rotated.key_prefix);
  });

  it('lets a session whose first key is pending rotate in a key, which ends the wait', async () => {
    const b = await browser();
    const res = await t.app.inject({ method: 'POST', url: '/v1/account/rotate-key', headers: sessionHeaders(b) });
    expect(res.statusCode).toBe(200);
    const session = (await t.app.inject({ method: 'GET', url: '/auth/session', headers: sessionHeaders(b) })).json();
    expect(session).toMatchObject({ key_pending: false, account: { key: { prefix: res.json().key_prefix } } });
    expect((await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(b) })).statusCode).toBe(409);
  });

  it('refuses /v1 without key or cookie, and with an ended session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/account' })).json()).toEqual({ detail: UNAUTHORIZED_DETAIL });
    const res = await t.app.inject({ method: 'GET', url: '/v1/account', headers: { cookie: `vigil_session=${'C'.repeat(43)}` } });
    expect(res.statusCode).toBe(401);
  });

  it('checks Origin on the sign-in requests that have no session yet', async () => {
    const email = await t.app.inject({ method: 'POST', url: '/auth/email', headers: { origin: 'https://evil.example' }, payload: { email: 'x@example.test' } });
    expect(email.statusCode).toBe(403);
    const verify = await t.app.inject({ method: 'POST', url: '/auth/verify', headers: { origin: 'https://evil.example' }, payload: { token: 'A'.repeat(43) } });
    expect(verify.statusCode).toBe(403);
    const same = await t.app.inject({ method: 'POST', url: '/auth/email', headers: { origin: PUBLIC_URL }, payload: { email: 'x@example.test' } });
    expect(same.statusCode).toBe(202);
  });
});

describe('the session cookie behind an https proxy', () => {
  let ts: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, { env: { VIGIL_TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  const cookieFor = async (proto: string) => {
    const email = `proxy-${proto}@example.test`;
    await t.app.inject({ method: 'POST', url: '/auth/email', headers: { 'x-forwarded-proto': proto }, payload: { email } });
    const res = await t.app.inject({ method: 'POST', url: '/auth/verify', headers: { 'x-forwarded-proto': proto }, payload: { token: await mailedToken(t, email) } });
    return res.cookies.find((c) => c.name === 'vigil_session');
  };

  it('is Secure when the proxy says the request came over https', async () => {
    expect(await cookieFor('https')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });

  it('is not Secure over plain http', async () => {
    expect((await cookieFor('http'))?.secure).toBeUndefined();
  });
});
