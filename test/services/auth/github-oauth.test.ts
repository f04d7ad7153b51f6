import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { nextIp, sessionCookieOf } from '../../helpers/dashboard.js';
import { openTestStorage, type TestStorage } from '../../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub, type FakeOAuthUser } from '../../fakes/github/server.js';

const CLIENT_ID = 'Iv1.fakeclient0001';
const CLIENT_SECRET = ['fake', 'client', 'secret', '0123456789'].join('-');
const PUBLIC_URL = 'http://vigil.test';

const octocat = (email: string): FakeOAuthUser => ({
  login: 'octocat',
  emails: [
    { email: `unverified-${email}`, primary: false, verified: false },
    { email, primary: true, verified: true, visibility: 'private' },
  ],
});

describe('sign-in with GitHub against the fake', () => {
  let fake: FakeGitHub;
  let ts: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGitHub();
    fake.oauth.addApp(CLIENT_ID, CLIENT_SECRET);
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, {
      env: { PUBLIC_URL, GITHUB_OAUTH_CLIENT_ID: CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, GITHUB_OAUTH_URL: fake.url, GITHUB_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
    await fake.close();
  });

  /** GET /auth/github, then "approve" at the fake's authorize page: the URL GitHub sends the browser back to, and the state cookie. */
  async function throughGitHub(ip: string): Promise<{ back: URL; state: string }> {
    const start = await t.app.inject({ method: 'GET', url: '/auth/github', remoteAddress: ip });
    expect(start.statusCode).toBe(302);
    const state = start.cookies.find((c) => c.name === 'vigil_oauth_state')?.value ?? '';
    const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
    expect(approved.status).toBe(302);
    return { back: new URL(approved.headers.get('location') ?? ''), state };
  }

  const callback = (back: URL, state: string | undefined, ip: string) =>
    t.app.inject({ method: 'GET', url: back.pathname + back.search, remoteAddress: ip, ...(state === undefined ? {} : { cookies: { vigil_oauth_state: state } }) });

  it('is announced by GET /auth/config', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/config' })).json()).toEqual({ github_oauth: true });
  });

  it('redirects to the authorize page with the client id, redirect_uri, scope and a cookie-bound state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(`${fake.url}/login/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: `${PUBLIC_URL}/auth/github/callback`,
      scope: 'read:user user:email',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = res.cookies.find((c) => c.name === 'vigil_oauth_state');
    expect(cookie).toMatchObject({ value: location.searchParams.get('state'), httpOnly: true, sameSite: 'Lax', path: '/auth/github' });
  });

  it('signs a new address in: Free account, /welcome, session cookie, state cookie cleared', async () => {
    fake.oauth.setUser(octocat('octo-new@example.test'));
    const ip = nextIp();
    const { back, state } = await throughGitHub(ip);
    expect(back.pathname).toBe('/auth/github/callback');
    const res = await callback(back, state, ip);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/welcome');
    expect(res.cookies.find((c) => c.name === 'vigil_oauth_state')?.value).toBe('');
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: `vigil_session=${cookie}` } });
    expect(session.json()).toMatchObject({ email: 'octo-new@example.test', key_pending: true, account: { plan: 'free', key: null } });
    const calls = fake.requests.filter((r) => r.path === '/login/oauth/access_token' || r.path === '/user/emails');
    expect(calls.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/login/oauth/access_token', 200],
      ['GET', '/user/emails', 200],
    ]);
  });

  it('sends an address that already has a key to /', async () => {
    await t.newAccount('pro', 'octo-known@example.test');
    fake.oauth.setUser(octocat('octo-known@example.test'));
    const ip = nextIp();
    const { back, state } = await throughGitHub(ip);
    const res = await callback(back, state, ip);
    expect(res.headers.location).toBe('/');
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('refuses a callback whose state does not match the cookie, or has no cookie', async () => {
    fake.oauth.setUser(octocat('octo-state@example.test'));
    const ip = nextIp();
    const { back } = await throughGitHub(ip);
    for (const state of ['B'.repeat(43), undefined]) {
      const res = await callback(back, state, ip);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/signin?error=state');
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    // The code was never exchanged.
    expect(fake.requests.filter((r) => r.path === '/user/emails' && r.status === 200)).toHaveLength(2);
  });

  it('reports a denied authorization', async () => {
    fake.oauth.setUser(undefined);
    const ip = nextIp();
    const { back, state } = await throughGitHub(ip);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(back, state, ip);
    expect(res.headers.location).toBe('/signin?error=denied');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('cannot use a code twice', async () => {
    fake.oauth.setUser(octocat('octo-replay@example.test'));
    const ip = nextIp();
    const { back, state } = await throughGitHub(ip);
    expect((await callback(back, state, ip)).headers.location).toBe('/welcome');
    const replay = await callback(back, state, ip);
    expect(replay.headers.location).toBe('/signin?error=exchange');
    expect(sessionCookieOf(replay)).toBeUndefined();
  });

  it('refuses an account without a verified primary address', async () => {
    fake.oauth.setUser({ login: 'ghost', emails: [{ email: 'ghost@example.test', primary: true, verified: false }] });
    const ip = nextIp();
    const { back, state } = await throughGitHub(ip);
    const res = await callback(back, state, ip);
    expect(res.headers.location).toBe('/signin?error=email');
    expect(await ts.storage.db.selectFrom('accounts').select('id').where('email', '=', 'ghost@example.test').execute()).toEqual([]);
  });
});
