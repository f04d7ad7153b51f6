import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../src/services/accounts/plans.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { openTestStorage, type TestStorage } from '../helpers/storage.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github/server.js';

// Tokens assembled at run time: this file holds none whole.
const SERVER_TOKEN = 'gh' + 'p_ServerOperatorToken0123456789abcdefAB';
const USER_TOKEN = 'gh' + 'p_UserOwnReadToken0123456789abcdefABCDE';
const OWNER = 'owner@vigil.test';

let fake: FakeGitHub;
let ts: TestStorage;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakeGitHub();
  fake.addToken(SERVER_TOKEN, { scopes: ['repo'] });
  fake.addToken(USER_TOKEN, { scopes: ['repo'] });
  fake.addRepo({ owner: 'acme', repo: 'vault', private: true, files: { 'README.md': '# private\n' } });
  ts = await openTestStorage('embedded');
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await ts.cleanup();
  await fake.close();
});

async function appWith(policy: string | undefined, owner = OWNER): Promise<TestApp> {
  const env: Record<string, string> = { GITHUB_API_URL: fake.url, GITHUB_TOKEN: SERVER_TOKEN, VIGIL_OWNER_EMAIL: owner, VIGIL_GITHUB_RETRIES: '0' };
  if (policy !== undefined) env.GITHUB_TOKEN_PRIVATE_SCANS = policy;
  const app = await createTestApp(ts, { env, limitsFor: (plan) => ({ ...PLAN_LIMITS[plan], scans: null }) });
  apps.push(app);
  return app;
}

let n = 0;
async function scan(t: TestApp, email: string | undefined, body: Record<string, string>) {
  const key = await t.newAccount('pro', email ?? `user${n++}@vigil.test`);
  return t.app.inject({ method: 'POST', url: '/v1/scan/github', headers: { 'x-api-key': key }, payload: body });
}

describe("the server's GitHub token and private repositories (GITHUB_TOKEN_PRIVATE_SCANS)", () => {
  it('by default (owner-only) reads a private repository for the owner, not for another Pro account', async () => {
    const t = await appWith(undefined);
    const other = await scan(t, undefined, { repository: 'acme/vault' });
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toContain("this server's GitHub token is not used for private repositories of accounts other than the owner");
    const mine = await scan(t, undefined, { repository: 'acme/vault', token: USER_TOKEN });
    expect(mine.statusCode).toBe(200);
    const owner = await scan(t, OWNER, { repository: 'acme/vault' });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('with "allowed" reads it for any Pro account, with "never" for nobody', async () => {
    const allowed = await appWith('allowed');
    expect((await scan(allowed, undefined, { repository: 'acme/vault' })).statusCode).toBe(200);
    const never = await appWith('never', 'owner-of-never@vigil.test');
    const refused = await scan(never, 'owner-of-never@vigil.test', { repository: 'acme/vault' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toContain('of any account');
    expect((await scan(never, undefined, { repository: 'acme/vault', token: USER_TOKEN })).statusCode).toBe(200);
  });
});
