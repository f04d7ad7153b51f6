import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountService } from '../../src/services/accounts/service.js';
import { outboxMailer } from '../../src/adapters/mail/mailer.js';
import { join } from 'node:path';
import { BACKENDS, openTestStorage, type TestStorage } from '../helpers/storage.js';
import { TEST_PEPPER } from '../helpers/app.js';

describe.each(BACKENDS)('owner account of the first start (%s)', (backend) => {
  let ts: TestStorage;
  let accounts: AccountService;
  beforeEach(async () => {
    ts = await openTestStorage(backend);
    accounts = new AccountService(ts.storage, TEST_PEPPER, outboxMailer(join(ts.dataDir, 'outbox'), 'Vigil <vigil@test>'));
  });
  afterEach(async () => {
    await ts.cleanup();
  });

  it('creates the owner before listening but issues its key only when revealed, once', async () => {
    await accounts.ensureOwner('Owner@Example.test');
    const [owner] = await accounts.listAccounts();
    expect(owner).toMatchObject({ email: 'owner@example.test', plan: 'team', keyPrefix: null });

    // A start that failed before revealing leaves the key pending; the next start's ensureOwner changes nothing.
    await accounts.ensureOwner('other@example.test');
    expect(await accounts.listAccounts()).toHaveLength(1);

    const revealed = await accounts.revealOwnerKey();
    expect(revealed?.account.email).toBe('owner@example.test');
    expect((await accounts.authenticate(revealed?.apiKey))?.account.email).toBe('owner@example.test');
    expect(await accounts.revealOwnerKey()).toBeUndefined();
  });

  it('gives the key to exactly one of several processes revealing at once', async () => {
    await accounts.ensureOwner('owner@example.test');
    const results = await Promise.all([accounts.revealOwnerKey(), accounts.revealOwnerKey(), accounts.revealOwnerKey()]);
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it('needs no banner any more once a key was issued to the owner another way (keys rotate)', async () => {
    await accounts.ensureOwner('owner@example.test');
    const rotated = await accounts.rotateKeyByEmail('owner@example.test');
    expect(await accounts.revealOwnerKey()).toBeUndefined();
    expect(await accounts.authenticate(rotated.apiKey)).toBeDefined();
  });

  it('creates no owner when accounts already exist', async () => {
    await accounts.createAccount('dev@example.test', 'free');
    await accounts.ensureOwner('owner@example.test');
    expect((await accounts.listAccounts()).map((a) => a.email)).toEqual(['dev@example.test']);
    expect(await accounts.revealOwnerKey()).toBeUndefined();
  });
});
