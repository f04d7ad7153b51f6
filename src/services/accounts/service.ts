import { AppError, unauthorized } from '../../core/errors.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Transaction } from 'kysely';
import { AccountsRepository, SystemStateRepository, type AccountRow, type ApiKeyRow, type Database, type Storage } from '../../adapters/storage/index.js';
import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from './keys.js';
import { isPlan, PLANS, type Plan } from './plans.js';

export interface Account {
  readonly id: string;
  readonly email: string;
  readonly plan: Plan;
  readonly createdAt: Date;
}

/** An API key as the account page shows it: never the key itself. */
export interface KeyInfo {
  readonly id: string;
  readonly prefix: string;
  readonly createdAt: Date;
}

/**
 * Who a request acts for. `via: 'api_key'`: `key` is the key presented.
 * `via: 'session'`: `key` is the account's current key, or null while the
 * first key of a dashboard-created account has not been issued yet.
 */
export interface Authenticated {
  readonly account: Account;
  readonly key: KeyInfo | null;
  readonly via: 'api_key' | 'session';
}

/** An account as `vigil accounts list` shows it. */
export interface AccountListing extends Account {
  /** Display prefix of the current key; null while the account has none. */
  readonly keyPrefix: string | null;
}

/** The result of a first dashboard sign-in lookup. */
export interface SignInAccount {
  readonly account: Account;
  /** True when this call created the account. */
  readonly created: boolean;
  /** True while the account has never had a key (created by a sign-in, key not revealed yet). */
  readonly keyPending: boolean;
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

  async authenticate(presented: string | undefined): Promise<Authenticated | undefined> {
    if (presented === undefined || !isWellFormedApiKey(presented)) return undefined;
    const found = await new AccountsRepository(this.storage.db).findActiveKeyByHash(hashApiKey(presented, this.pepper));
    if (found === undefined) return undefined;
    return { account: toAccount(found.account), key: toKeyInfo(found.key), via: 'api_key' };
  }

  /** The account behind a dashboard session, with its current key (null while the first key is pending). */
  async authenticateAccount(accountId: string): Promise<Authenticated | undefined> {
    const repo = new AccountsRepository(this.storage.db);
    const row = await repo.findById(accountId);
    if (row === undefined) return undefined;
    const key = await repo.findActiveKey(accountId);
    return { account: toAccount(row), key: key === undefined ? null : toKeyInfo(key), via: 'session' };
  }

  /**
   * The account for an address signing in to the dashboard: created on the Free
   * plan, without a key, when the address has none. Two concurrent first
   * sign-ins of one address end with one account.
   */
  async findOrCreateForSignIn(rawEmail: string): Promise<SignInAccount> {
    const email = normaliseEmail(rawEmail);
    const repo = new AccountsRepository(this.storage.db);
    const created = await repo.createIfAbsent(email, 'free');
    const row = created ?? (await repo.findByEmail(email));
    if (row === undefined) throw new AppError('internal', 'Account lookup failed after sign-in');
    const keyPending = created !== undefined || !(await repo.hasAnyKey(row.id));
    return { account: toAccount(row), created: created !== undefined, keyPending };
  }

  /**
   * The first key of an account created by a dashboard sign-in: generated and
   * returned once, only if the account never had a key. The account row is
   * locked, so of two concurrent calls exactly one gets a key; the other 409.
   */
  async issueFirstKey(accountId: string): Promise<IssuedKey> {
    return this.storage.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      const row = await repo.lockById(accountId);
      if (!row) throw new AppError('not_found', 'Account not found');
      if (await repo.hasAnyKey(accountId)) {
        throw new AppError('conflict', 'This account already has an API key; it is shown only once. Rotate it in Settings to get a new one');
      }
      return this.issueKey(trx, toAccount(row));
    });
  }

  async createAccount(rawEmail: string, plan: Plan): Promise<IssuedKey> {
    const email = normaliseEmail(rawEmail);
    return this.storage.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      if (await repo.findByEmail(email)) throw new AppError('conflict', `An account for ${email} already exists`);
      const account = toAccount(await repo.create(email, plan));
      return this.issueKey(trx, account);
    });
  }

  async findByEmail(rawEmail: string): Promise<Account | undefined> {
    const row = await new AccountsRepository(this.storage.db).findByEmail(normaliseEmail(rawEmail));
    return row && toAccount(row);
  }

  /** Every account with the prefix of its current key: never a key or a hash. */
  async listAccounts(): Promise<AccountListing[]> {
    const rows = await new AccountsRepository(this.storage.db).listWithKeyPrefix();
    return rows.map((row) => ({ ...toAccount(row), keyPrefix: row.key_prefix }));
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
      return this.issueKey(trx, toAccount(row));
    });
  }

  async rotateKeyByEmail(rawEmail: string): Promise<IssuedKey> {
    const account = await this.findByEmail(rawEmail);
    if (!account) throw new AppError('not_found', `No account for ${normaliseEmail(rawEmail)}`);
    return this.rotateKey(account.id);
  }

  /**
   * On the first start with an empty database: an owner account on the Team plan,
   * without a key yet, and a "key not shown" marker naming it. Called before the
   * service listens; the key itself comes from revealOwnerKey once it listens, so
   * a start that fails in between loses nothing. Idempotent and safe to race:
   * one process (of any number) creates the owner.
   */
  async ensureOwner(ownerEmail: string): Promise<void> {
    await this.storage.db.transaction().execute(async (trx) => {
      const repo = new AccountsRepository(trx);
      if ((await repo.count()) > 0) return;
      const state = new SystemStateRepository(trx);
      if (!(await state.claim('owner_bootstrapped', new Date().toISOString()))) return;
      const account = await repo.create(normaliseEmail(ownerEmail), 'team');
      await state.claim(OWNER_KEY_PENDING, account.id);
    });
  }

  /**
   * The owner's key, issued when the "key not shown" marker is still there: the
   * marker is taken (deleted) in the same transaction that issues the key, so of
   * several processes exactly one gets it, and a start that never got this far
   * leaves the marker for the next one. Undefined when there is nothing to show.
   */
  async revealOwnerKey(): Promise<IssuedKey | undefined> {
    return this.storage.db.transaction().execute(async (trx) => {
      const accountId = await new SystemStateRepository(trx).take(OWNER_KEY_PENDING);
      if (accountId === undefined) return undefined;
      const repo = new AccountsRepository(trx);
      const row = await repo.lockById(accountId);
      if (!row) return undefined;
      await repo.revokeKeys(accountId);
      return this.issueKey(trx, toAccount(row));
    });
  }

  /** Sends a newly issued key to the account's address. */
  async mailKey(issued: IssuedKey, reason: 'created' | 'rotated' | 'first-sign-in'): Promise<void> {
    const intro = MAIL_INTROS[reason];
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

  /** Every issued key is handed to someone, so an owner key still waiting for the banner is no longer needed. */
  private async issueKey(trx: Transaction<Database>, account: Account): Promise<IssuedKey> {
    const apiKey = generateApiKey();
    const row = await new AccountsRepository(trx).insertKey(account.id, hashApiKey(apiKey, this.pepper), displayPrefix(apiKey));
    await new SystemStateRepository(trx).deleteIf(OWNER_KEY_PENDING, account.id);
    return { account, apiKey, keyPrefix: row.display_prefix, createdAt: new Date(row.created_at) };
  }
}

/** system_state key whose value is the id of an owner account whose key was never shown. */
const OWNER_KEY_PENDING = 'owner_key_pending';

const MAIL_INTROS: Readonly<Record<'created' | 'rotated' | 'first-sign-in', string>> = Object.freeze({
  created: 'Your Vigil account was created.',
  rotated: 'Your Vigil API key was rotated. The previous key stopped working at that moment.',
  'first-sign-in': 'Welcome to Vigil. This is the API key of the account created at your first sign-in to the dashboard; the dashboard showed it once.',
});

function toKeyInfo(row: ApiKeyRow): KeyInfo {
  return { id: row.id, prefix: row.display_prefix, createdAt: new Date(row.created_at) };
}

function toAccount(row: AccountRow): Account {
  return { id: row.id, email: row.email, plan: parsePlan(row.plan), createdAt: new Date(row.created_at) };
}
