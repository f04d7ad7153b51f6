import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { mailText, type TestApp } from './app.js';

/** A browser's state after signing in: the session cookie's value and the CSRF token. */
export interface Browser {
  readonly cookie: string;
  readonly csrf: string;
  readonly email: string;
  readonly firstSignIn: boolean;
}

let clients = 0;
// Random per run: counters in a shared Redis outlive a run, so addresses must not repeat between runs.
const RUN_PREFIX = `fd00:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
/** A fresh client (its own IPv6 /64) per call, so the per-client sign-in limits stay out of tests about other things. */
export function nextIp(): string {
  clients += 1;
  return `${RUN_PREFIX}:${clients.toString(16)}::1`;
}

export function requestLink(t: TestApp, email: string, ip = nextIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/auth/email', remoteAddress: ip, headers, payload: { email } });
}

export function verify(t: TestApp, token: string, ip = nextIp(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/auth/verify', remoteAddress: ip, headers, payload: { token } });
}

/** The token of the newest sign-in link mailed to the address. */
export async function mailedToken(t: TestApp, email: string): Promise<string> {
  const mails = (await t.mails()).map(mailText).filter((m) => m.includes(`To: ${email}`) && m.includes('/signin#token='));
  const token = /\/signin#token=([A-Za-z0-9_-]+)/.exec(mails.at(-1) ?? '')?.[1];
  if (token === undefined) throw new Error(`no sign-in link was mailed to ${email}`);
  return token;
}

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === 'vigil_session')?.value;
}

/** Asks for a link, reads it from the outbox, and verifies it. */
export async function signIn(t: TestApp, email: string): Promise<Browser> {
  const asked = await requestLink(t, email);
  if (asked.statusCode !== 202) throw new Error(`POST /auth/email answered ${asked.statusCode}: ${asked.body}`);
  const res = await verify(t, await mailedToken(t, email));
  const cookie = sessionCookieOf(res);
  if (res.statusCode !== 200 || cookie === undefined) throw new Error(`POST /auth/verify answered ${res.statusCode}: ${res.body}`);
  const body = res.json<{ csrf_token: string; first_sign_in: boolean }>();
  return { cookie, csrf: body.csrf_token, email, firstSignIn: body.first_sign_in };
}

/** Headers of a dashboard request: the cookie, and the CSRF token unless told otherwise. */
export function sessionHeaders(browser: Browser, options: { csrf?: string | null; origin?: string } = {}): Record<string, string> {
  const csrf = options.csrf === undefined ? browser.csrf : options.csrf;
  return {
    cookie: `vigil_session=${browser.cookie}`,
    ...(csrf === null ? {} : { 'x-csrf-token': csrf }),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  };
}
