import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** One-time markers (for example "the owner account was created"). */
export class SystemStateRepository {
  constructor(private readonly db: Executor) {}

  /** Sets the key if it is absent; true when this call set it. */
  async claim(key: string, value: string): Promise<boolean> {
    const rows = await this.db
      .insertInto('system_state')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    return rows.length === 1;
  }

  async get(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('system_state').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  /** Deletes the key and returns its value; undefined when it was absent (or another transaction took it). */
  async take(key: string): Promise<string | undefined> {
    const row = await this.db.deleteFrom('system_state').where('key', '=', key).returning('value').executeTakeFirst();
    return row?.value;
  }

  /** Deletes the key only while it holds this value. */
  async deleteIf(key: string, value: string): Promise<void> {
    await this.db.deleteFrom('system_state').where('key', '=', key).where('value', '=', value).execute();
  }
}
