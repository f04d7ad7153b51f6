import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Email sign-in tokens: only their SHA-256 is stored; each row is consumed at most once. */
export class SignInTokensRepository {
  constructor(private readonly db: Executor) {}

  async insert(tokenHash: string, email: string, createdAt: Date, expiresAt: Date): Promise<void> {
    await this.db.insertInto('signin_tokens').values({ token_hash: tokenHash, email, created_at: createdAt, expires_at: expiresAt }).execute();
  }

  /**
   * Deletes the token and returns its address when it had not expired at `now`.
   * The delete is the claim: of two concurrent calls with one token only one gets the row.
   */
  async consume(tokenHash: string, now: Date): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('signin_tokens')
      .where('token_hash', '=', tokenHash)
      .returning(['email', 'expires_at'])
      .executeTakeFirst();
    if (row === undefined || new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
    return row.email;
  }

  /** Removes tokens that expired before `now`; returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db.deleteFrom('signin_tokens').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
