import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { mailedToken, requestLink, sessionCookieOf, sessionHeaders, verify, type Browser } from '../../helpers/dashboard.js';
import { openTestStorage, type TestStorage } from '../../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/server.js';

const CLIENT_SECRET = ['logging', 'client', 'secret', '0001'].join('-');

function probeRoutes(scope: FastifyInstance): void {
  // A handler that logs everything it was given, as careless code might.
  scope.post('/probe/log', (req) => {
    req.log.info({ headers: req.headers, cookies: req.cookies, query: req.query, body: req.body }, 'probe received');
    return { ok: true };
  });
}

describe('logs of the dashboard flows', () => {
  let fake: FakeGitHub;
  let ts: TestStorage;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGitHub();
    fake.oauth.addApp('Iv1.logging', CLIENT_SECRET);
    fake.oauth.setUser({ login: 'logger', emails: [{ email: 'oauth-logs@example.test', primary: true, verified: true }] });
    ts = await openTestStorage('embedded');
    t = await createTestApp(ts, {
      extraV1Routes: probeRoutes,
      env: { LOG_LEVEL: 'trace', GITHUB_OAUTH_CLIENT_ID: 'Iv1.logging', GITHUB_OAUTH_CLIENT_SECRET: CLIENT_SECRET, GITHUB_OAUTH_URL: fake.url, GITHUB_API_URL: fake.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
    await fake.close();
  });

  it('never contain session cookies, sign-in tokens, CSRF tokens, keys or OAuth codes, states and tokens', async () => {
    const email = 'logs@example.test';
    await requestLink(t, email);
    const signInToken = await mailedToken(t, email);
    const verified = await verify(t, signInToken);
    const browser: Browser = { cookie: sessionCookieOf(verified) ?? '', csrf: verified.json().csrf_token, email, firstSignIn: true };
    await verify(t, signInToken); // a replay, rejected and logged
    await t.app.inject({ method: 'GET', url: '/auth/session', headers: sessionHeaders(browser) });
    const apiKey = (await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser) })).json().api_key as string;
    await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser, { csrf: `${browser.csrf}x` }) });

    const start = await t.app.inject({ method: 'GET', url: '/auth/github' });
    const state = start.cookies.find((c) => c.name === 'vigil_oauth_state')?.value ?? '';
    const back = new URL((await fetch(String(start.headers.location), { redirect: 'manual' })).headers.get('location') ?? '');
    const code = back.searchParams.get('code') ?? '';
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { vigil_oauth_state: state } });
    expect(callback.headers.location).toBe('/welcome');
    await t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { vigil_oauth_state: state } }); // replayed code

    await t.app.inject({
      method: 'POST',
      url: `/v1/probe/log?code=${code}&state=${state}`,
      headers: sessionHeaders(browser),
      payload: { token: signInToken, csrf_token: browser.csrf, access_token: fake.oauth.issued[0] },
    });
    await t.app.inject({ method: 'POST', url: '/auth/signout', headers: sessionHeaders(browser) });

    const logs = t.logs();
    expect(logs).toContain('probe received');
    expect(logs).toContain('GitHub sign-in failed');
    expect(fake.oauth.issued).toHaveLength(1);
    const secrets = { cookie: browser.cookie, signInToken, csrf: browser.csrf, apiKey, code, state, accessToken: fake.oauth.issued[0] ?? '', CLIENT_SECRET };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(8);
      expect(logs.includes(secret), `${name} appears in the logs`).toBe(false);
    }
  });
});
