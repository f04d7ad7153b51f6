import type { Kysely, Transaction } from 'kysely';
import { newId } from '../../../core/ids.js';
import type { AccountRow, ApiKeyRow, Database } from '../schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ActiveKey {
  readonly key: ApiKeyRow;
  readonly account: AccountRow;
}

/** Accounts and their API keys. Only key hashes and display prefixes are stored. */
export class AccountsRepository {
  constructor(private readonly db: Executor) {}

  async create(email: string, plan: string): Promise<AccountRow> {
    return this.db
      .insertInto('accounts')
      .values({ id: newId(), email, plan })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Creates the account unless the address has one; undefined when it already existed. */
  async createIfAbsent(email: string, plan: string): Promise<AccountRow | undefined> {
    return this.db
      .insertInto('accounts')
      .values({ id: newId(), email, plan })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether the account was ever issued a key (revoked keys count). */
  async hasAnyKey(accountId: string): Promise<boolean> {
    const row = await this.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The account's current key, if it has one. */
  async findActiveKey(accountId: string): Promise<ApiKeyRow | undefined> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Every account, oldest first, with the display prefix of its current key (null when it has none). */
  async listWithKeyPrefix(): Promise<Array<AccountRow & { key_prefix: string | null }>> {
    return this.db
      .selectFrom('accounts as a')
      .selectAll('a')
      .select((eb) =>
        eb
          .selectFrom('api_keys as k')
          .select('k.display_prefix')
          .whereRef('k.account_id', '=', 'a.id')
          .where('k.revoked_at', 'is', null)
          .orderBy('k.created_at', 'desc')
          .limit(1)
          .as('key_prefix'),
      )
      .orderBy('a.created_at')
      .orderBy('a.email')
      .execute();
  }

  async findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Reads the account and locks its row until the transaction ends (serialises rotations). */
  async lockById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Revokes one key if it is still active; true when this call revoked it. */
  async revokeKey(keyId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setPlan(id: string, plan: string): Promise<AccountRow | undefined> {
    return this.db
      .updateTable('accounts')
      .set({ plan, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async insertKey(accountId: string, keyHash: string, displayPrefix: string): Promise<ApiKeyRow> {
    return this.db
      .insertInto('api_keys')
      .values({ id: newId(), account_id: accountId, key_hash: keyHash, display_prefix: displayPrefix })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Revokes every active key of the account; returns how many were revoked. */
  async revokeKeys(accountId: string): Promise<number> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async findActiveKeyByHash(keyHash: string): Promise<ActiveKey | undefined> {
    const row = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select([
        'k.id as key_id',
        'k.account_id',
        'k.key_hash',
        'k.display_prefix',
        'k.created_at as key_created_at',
        'k.revoked_at',
        'a.email',
        'a.plan',
        'a.created_at as account_created_at',
        'a.updated_at as account_updated_at',
      ])
      .where('k.key_hash', '=', keyHash)
      .where('k.revoked_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      key: {
        id: row.key_id,
        account_id: row.account_id,
        key_hash: row.key_hash,
        display_prefix: row.display_prefix,
        created_at: row.key_created_at,
        revoked_at: row.revoked_at,
      },
      account: {
        id: row.account_id,
        email: row.email,
        plan: row.plan,
        created_at: row.account_created_at,
        updated_at: row.account_updated_at,
      },
    };
  }
}
