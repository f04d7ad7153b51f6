import { AppError, unauthorized } from '../core/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { AccountsRepository, SystemStateRepository, type AccountRow, type Storage } from '../storage/index.js';
import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from './keys.js';
import { isPlan, PLANS, type Plan } from './plans.js';

export interface Account {
  readonly id: string;
  readonly email: string;
  readonly plan: Plan;
  readonly createdAt: Date;
}

export interface AuthenticatedKey {
  readonly account: Account;
  readonly keyId: string;
  readonly keyPrefix: string;
  readonly keyCreatedAt: Date;
}

export interface IssuedKey {
  readonly account: Account;
  /** The key in clear: hand it to the user once, never store or log it. */
  readonly apiKey: string;
  readonly keyPrefix: string;
  readonly createdAt: Date;
}

const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+$/;

export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new AppError('bad_request', `"${raw.slice(0, 100)}" is not an email address`);
  return email;
}

export function parsePlan(raw: string): Plan {
  const plan = raw.trim().toLowerCase();
  if (!isPlan(plan)) throw new AppError('bad_request', `Unknown plan "${raw}"; expected one of ${PLANS.join(', ')}`);
  return plan;
}

/**
 * Accounts and API keys: creation, lookup by key, plan changes and rotation.
 * Keys are returned in clear exactly once, at creation; storage holds an HMAC.
 */
export class AccountService {
  constructor(
    private readonly storage: Storage,
    private readonly pepper: string,
    private readonly mailer: Mailer,
  ) {}

  async authenticate(presented: string | undefined): Promise<AuthenticatedKey | undefined> {
    if (presented === undefined || !isWellFormedApiKey(presented)) return undefined;
    const found = await new AccountsRepository(this.storage.db).findActiveKeyByHash(hashApiKey(presented, this.pepper));
    if (found === undefined) return undefined;
    const account = toAccount(found.account);
    return { account, keyId: found.key.id, keyPrefix: found.key.display_prefix, keyCreatedAt: new Date(found.key.created_at) };
  }

  async createAccount(rawEmail: string, plan: Plan): Promise<IssuedKey> {
    const email = normaliseEmail(rawEmail);
    return this.storage.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      if (await repo.findByEmail(email)) throw new AppError('conflict', `An account for ${email} already exists`);
      const account = toAccount(await repo.create(email, plan));
      return this.issueKey(repo, account);
    });
  }

  async findByEmail(rawEmail: string): Promise<Account | undefined> {
    const row = await new AccountsRepository(this.storage.db).findByEmail(normaliseEmail(rawEmail));
    return row && toAccount(row);
  }

  async setPlan(rawEmail: string, plan: Plan): Promise<Account> {
    const email = normaliseEmail(rawEmail);
    const repo = new AccountsRepository(this.storage.db);
    const existing = await repo.findByEmail(email);
    if (!existing) throw new AppError('not_found', `No account for ${email}`);
    const updated = await repo.setPlan(existing.id, plan);
    if (!updated) throw new AppError('not_found', `No account for ${email}`);
    return toAccount(updated);
  }

  /**
   * Replaces the account's key: the old key is revoked and the new one stored in
   * one transaction, so there is no instant at which both or neither work. With
   * `presentedKeyId`, the rotation succeeds only if that key is still active, so
   * of two concurrent rotations with the same key exactly one wins.
   */
  async rotateKey(accountId: string, presentedKeyId?: string): Promise<IssuedKey> {
    return this.storage.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      const row = await repo.lockById(accountId);
      if (!row) throw new AppError('not_found', 'Account not found');
      if (presentedKeyId !== undefined && !(await repo.revokeKey(presentedKeyId))) {
        throw unauthorized();
      }
      await repo.revokeKeys(accountId);
      return this.issueKey(repo, toAccount(row));
    });
  }

  async rotateKeyByEmail(rawEmail: string): Promise<IssuedKey> {
    const account = await this.findByEmail(rawEmail);
    if (!account) throw new AppError('not_found', `No account for ${normaliseEmail(rawEmail)}`);
    return this.rotateKey(account.id);
  }

  /**
   * On the first start with an empty database: an owner account on the Team plan.
   * Returns the key once; every later call (from any process) returns undefined.
   */
  async bootstrapOwner(ownerEmail: string): Promise<IssuedKey | undefined> {
    return this.storage.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      if ((await repo.count()) > 0) return undefined;
      const claimed = await new SystemStateRepository(trx).claim('owner_bootstrapped', new Date().toISOString());
      if (!claimed) return undefined;
      const account = toAccount(await repo.create(normaliseEmail(ownerEmail), 'team'));
      return this.issueKey(repo, account);
    });
  }

  /** Sends a newly issued key to the account's address. */
  async mailKey(issued: IssuedKey, reason: 'created' | 'rotated'): Promise<void> {
    const intro =
      reason === 'rotated'
        ? 'Your Vigil API key was rotated. The previous key stopped working at that moment.'
        : 'Your Vigil account was created.';
    await this.mailer.send({
      to: issued.account.email,
      subject: reason === 'rotated' ? 'Your new Vigil API key' : 'Your Vigil API key',
      text: [
        intro,
        '',
        `API key: ${issued.apiKey}`,
        '',
        'Send it in the X-API-Key header. Vigil stores only a hash of it and cannot show it again;',
        'keep it in a secret store. If it leaks, rotate it at once.',
      ].join('\n'),
    });
  }

  private async issueKey(repo: AccountsRepository, account: Account): Promise<IssuedKey> {
    const apiKey = generateApiKey();
    const row = await repo.insertKey(account.id, hashApiKey(apiKey, this.pepper), displayPrefix(apiKey));
    return { account, apiKey, keyPrefix: row.display_prefix, createdAt: new Date(row.created_at) };
  }
}

function toAccount(row: AccountRow): Account {
  return { id: row.id, email: row.email, plan: parsePlan(row.plan), createdAt: new Date(row.created_at) };
}
