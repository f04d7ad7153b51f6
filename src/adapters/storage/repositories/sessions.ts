import type { Kysely, Transaction } from 'kysely';
import type { Database, SessionRow } from '../schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewSession {
  readonly idHash: string;
  readonly accountId: string;
  readonly csrfToken: string;
  readonly keyPending: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/** Dashboard sessions, keyed by the SHA-256 of the cookie value (the value itself is never stored). */
export class SessionsRepository {
  constructor(private readonly db: Executor) {}

  async insert(session: NewSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: session.idHash,
        account_id: session.accountId,
        csrf_token: session.csrfToken,
        key_pending: session.keyPending,
        created_at: session.createdAt,
        last_seen_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  async find(idHash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  }

  /** Records activity: a new last-seen time and the expiry it implies. */
  async touch(idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id_hash', '=', idHash).execute();
  }

  /** True when a row was deleted. */
  async delete(idHash: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The account has a key now: none of its sessions waits for one any more. */
  async clearKeyPending(accountId: string): Promise<void> {
    await this.db.updateTable('sessions').set({ key_pending: false }).where('account_id', '=', accountId).where('key_pending', '=', true).execute();
  }
}
