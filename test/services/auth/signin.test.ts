import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_TOKEN_TTL_MS, INVALID_LINK_DETAIL } from '../../../src/services/auth/signin.js';
import { createTestApp, mailText, type TestApp } from '../../helpers/app.js';
import { mailedToken, requestLink, sessionCookieOf, sessionHeaders, signIn, verify } from '../../helpers/dashboard.js';
import { BACKENDS, openTestStorage, type TestStorage } from '../../helpers/storage.js';

describe.each(BACKENDS)('dashboard sign-in by email link (%s)', (backend) => {
  let ts: TestStorage;
  let t: TestApp;
  let now = Date.UTC(2026, 10, 22, 9, 0, 0);
  beforeAll(async () => {
    ts = await openTestStorage(backend);
    t = await createTestApp(ts, { now: () => now, env: { PUBLIC_URL: 'https://vigil.example.test' } });
  });
  afterAll(async () => {
    await t.close();
    await ts.cleanup();
  });

  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: `vigil_session=${cookie}` } });

  it('mails a single-use link to <PUBLIC_URL>/signin#token=… and answers 202', async () => {
    const email = `link-${backend}@example.test`;
    const res = await requestLink(t, email);
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toEqual(expect.any(String));
    const mail = (await t.mails()).map(mailText).find((m) => m.includes(`To: ${email}`));
    expect(mail).toMatch(/https:\/\/vigil\.example\.test\/signin#token=[A-Za-z0-9_-]{43}\b/);
  });

  it('gives the same answer whether or not the address has an account', async () => {
    await t.newAccount('pro', `known-${backend}@example.test`);
    const known = await requestLink(t, `known-${backend}@example.test`);
    const unknown = await requestLink(t, `unknown-${backend}@example.test`);
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
  });

  it('refuses a malformed address with 400 naming the field', async () => {
    for (const email of ['not-an-address', '', 'a@b@c']) {
      const res = await requestLink(t, email);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('email');
    }
  });

  it('signs in with the link once and only once, creating a Free account without a key', async () => {
    const email = `first-${backend}@example.test`;
    await requestLink(t, email);
    const token = await mailedToken(t, email);
    const first = await verify(t, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email, first_sign_in: true, csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const again = await verify(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: INVALID_LINK_DETAIL });
    expect(sessionCookieOf(again)).toBeUndefined();

    const cookie = sessionCookieOf(first) ?? '';
    const res = await session(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, csrf_token: first.json().csrf_token, key_pending: true, account: { email, plan: 'free', key: null } });
  });

  it('refuses a link after 15 minutes', async () => {
    const email = `late-${backend}@example.test`;
    await requestLink(t, email);
    const token = await mailedToken(t, email);
    now += SIGNIN_TOKEN_TTL_MS;
    const res = await verify(t, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(INVALID_LINK_DETAIL);
  });

  it('accepts a link just before it expires', async () => {
    const email = `onTime-${backend}@example.test`.toLowerCase();
    await requestLink(t, email);
    const token = await mailedToken(t, email);
    now += SIGNIN_TOKEN_TTL_MS - 1000;
    expect((await verify(t, token)).statusCode).toBe(200);
  });

  it('refuses made-up and malformed tokens alike', async () => {
    for (const token of ['A'.repeat(43), 'short', 'x'.repeat(200)]) {
      const res = await verify(t, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(INVALID_LINK_DETAIL);
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, without Secure over plain http', async () => {
    const email = `cookie-${backend}@example.test`;
    await requestLink(t, email);
    const res = await verify(t, await mailedToken(t, email));
    const cookie = res.cookies.find((c) => c.name === 'vigil_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.secure).toBeUndefined();
  });

  it('signs an existing account in without creating one, and offers it no first key', async () => {
    const email = `existing-${backend}@example.test`;
    const key = await t.newAccount('pro', email);
    const browser = await signIn(t, email);
    expect(browser.firstSignIn).toBe(false);
    const body = (await session(browser.cookie)).json();
    expect(body).toMatchObject({ key_pending: false, account: { plan: 'pro', key: { prefix: key.slice(0, 13) } } });
    const firstKey = await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser) });
    expect(firstKey.statusCode).toBe(409);
  });

  it('reveals the first key once: mailed, working with X-API-Key, then 409', async () => {
    const email = `reveal-${backend}@example.test`;
    const browser = await signIn(t, email);
    const res = await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser) });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ api_key: string; key_prefix: string; emailed: boolean; created_at: string }>();
    expect(body).toMatchObject({ key_prefix: body.api_key.slice(0, 13), emailed: true });
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: { 'x-api-key': body.api_key } })).json()).toMatchObject({ email, plan: 'free' });
    const keyMail = (await t.mails()).map(mailText).filter((m) => m.includes(`To: ${email}`) && m.includes(body.api_key));
    expect(keyMail).toHaveLength(1);

    const again = await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser) });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(body.api_key);
    expect((await session(browser.cookie)).json()).toMatchObject({ key_pending: false, account: { key: { prefix: body.key_prefix } } });
  });

  it('lets exactly one of two concurrent first-key requests win', async () => {
    const browser = await signIn(t, `race-${backend}@example.test`);
    const results = await Promise.all(
      [0, 1, 2].map(() => t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const account = await ts.storage.db.selectFrom('accounts').select('id').where('email', '=', `race-${backend}@example.test`).executeTakeFirstOrThrow();
    const keys = await ts.storage.db.selectFrom('api_keys').select('id').where('account_id', '=', account.id).execute();
    expect(keys).toHaveLength(1);
  });

  it('needs the CSRF token for the first key', async () => {
    const browser = await signIn(t, `csrf-first-${backend}@example.test`);
    const res = await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser, { csrf: null }) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Missing or invalid CSRF token' });
  });

  it('signs out: the session row is deleted, the cookie cleared, and the cookie no longer works', async () => {
    const browser = await signIn(t, `signout-${backend}@example.test`);
    const refused = await t.app.inject({ method: 'POST', url: '/auth/signout', headers: sessionHeaders(browser, { csrf: 'wrong' }) });
    expect(refused.statusCode).toBe(403);
    expect((await session(browser.cookie)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/auth/signout', headers: sessionHeaders(browser) });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'vigil_session');
    expect(cleared?.value).toBe('');
    expect((await session(browser.cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account', headers: sessionHeaders(browser) })).statusCode).toBe(401);
  });

  it('ends the session a browser had when it signs in again', async () => {
    const email = `again-${backend}@example.test`;
    const before = await signIn(t, email);
    await requestLink(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/verify',
      headers: { cookie: `vigil_session=${before.cookie}` },
      payload: { token: await mailedToken(t, email) },
    });
    expect(res.statusCode).toBe(200);
    expect((await session(before.cookie)).statusCode).toBe(401);
    expect((await session(sessionCookieOf(res) ?? '')).statusCode).toBe(200);
  });

  it('ends a session after 7 idle days and removes its row', async () => {
    const browser = await signIn(t, `idle-${backend}@example.test`);
    now += 6 * 24 * 3600 * 1000;
    expect((await session(browser.cookie)).statusCode).toBe(200);
    now += 6 * 24 * 3600 * 1000; // 12 days after sign-in, 6 after the last use
    expect((await session(browser.cookie)).statusCode).toBe(200);
    const before = await ts.storage.db.selectFrom('sessions').select('id_hash').execute();
    now += 7 * 24 * 3600 * 1000;
    const res = await session(browser.cookie);
    expect(res.statusCode).toBe(401);
    const after = await ts.storage.db.selectFrom('sessions').select('id_hash').execute();
    expect(after.length).toBeLessThan(before.length);
  });

  it('ends a session 30 days after sign-in however active it is', async () => {
    const browser = await signIn(t, `absolute-${backend}@example.test`);
    for (const day of [5, 10, 15, 20, 25, 29]) {
      now += (day === 29 ? 4 : 5) * 24 * 3600 * 1000;
      expect((await session(browser.cookie)).statusCode, `day ${day}`).toBe(200);
    }
    now += 2 * 24 * 3600 * 1000; // day 31
    expect((await session(browser.cookie)).statusCode).toBe(401);
  });

  it('sweeps expired sessions and links at later sign-ins', async () => {
    await signIn(t, `sweep-${backend}@example.test`);
    await requestLink(t, `sweep-unused-${backend}@example.test`);
    now += 31 * 24 * 3600 * 1000;
    await signIn(t, `sweeper-${backend}@example.test`);
    const nowDate = new Date(now);
    const staleSessions = await ts.storage.db.selectFrom('sessions').select('id_hash').where('expires_at', '<=', nowDate).execute();
    const staleLinks = await ts.storage.db.selectFrom('signin_tokens').select('token_hash').where('expires_at', '<=', nowDate).execute();
    expect(staleSessions).toEqual([]);
    expect(staleLinks).toEqual([]);
  });

  it('stores neither link tokens, session cookies nor keys in clear', async () => {
    const email = `clear-${backend}@example.test`;
    await requestLink(t, email);
    const pendingToken = await mailedToken(t, email);
    const tokens = JSON.stringify(await ts.storage.db.selectFrom('signin_tokens').selectAll().execute());
    expect(tokens).not.toContain(pendingToken);
    const browser = await signIn(t, `clear2-${backend}@example.test`);
    const key = (await t.app.inject({ method: 'POST', url: '/auth/first-key', headers: sessionHeaders(browser) })).json().api_key as string;
    const dump = JSON.stringify([
      await ts.storage.db.selectFrom('sessions').selectAll().execute(),
      await ts.storage.db.selectFrom('signin_tokens').selectAll().execute(),
      await ts.storage.db.selectFrom('api_keys').selectAll().execute(),
    ]);
    for (const secret of [browser.cookie, key, pendingToken]) expect(dump).not.toContain(secret);
  });

  it('answers 401 for GET /auth/session without a cookie, with a malformed one, or an unknown one', async () => {
    for (const headers of [{}, { cookie: 'vigil_session=nope' }, { cookie: `vigil_session=${'B'.repeat(43)}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/auth/session', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('reports whether GitHub sign-in is offered', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/config' })).json()).toEqual({ github_oauth: false });
    expect((await t.app.inject({ method: 'GET', url: '/auth/github' })).statusCode).toBe(404);
  });
});
