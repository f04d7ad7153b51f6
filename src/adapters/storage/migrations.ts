import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/**
 * One ordered set of migrations for both backends (embedded PGlite and PostgreSQL).
 * Never edit a migration that has shipped: add a new one.
 */
const migrations: Record<string, Migration> = {
  '0001_accounts_keys_scans': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('free', 'pro', 'team')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('display_prefix', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();

      await db.schema
        .createTable('scans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigserial', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz', (c) => c.notNull())
        .addColumn('completed_at', 'timestamptz')
        .addColumn('finding_count', 'integer', (c) => c.notNull())
        .addColumn('result', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('scans_account_seq_idx').on('scans').columns(['account_id', 'seq desc']).execute();

      await db.schema
        .createTable('system_state')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['system_state', 'scans', 'api_keys', 'accounts']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  '0002_osv_advisories': {
    // Offline vulnerability database: OSV records imported by `vigil osv import`.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('osv_vulns')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('modified', 'text', (c) => c.notNull())
        .addColumn('withdrawn', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('record', 'jsonb', (c) => c.notNull())
        .addColumn('imported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('osv_affected')
        .addColumn('vuln_id', 'text', (c) => c.notNull().references('osv_vulns.id').onDelete('cascade'))
        .addColumn('ecosystem', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('osv_affected_pk', ['vuln_id', 'ecosystem', 'name'])
        .execute();
      await db.schema.createIndex('osv_affected_package_idx').on('osv_affected').columns(['ecosystem', 'name']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('osv_affected').ifExists().execute();
      await db.schema.dropTable('osv_vulns').ifExists().execute();
    },
  },
  '0003_dashboard_sessions': {
    // Dashboard sign-in: single-use email-link tokens and server-side sessions.
    // Both tables hold only SHA-256 hashes of the secrets the browser or the mail carries.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('signin_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('signin_tokens_expiry_idx').on('signin_tokens').column('expires_at').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('key_pending', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();
      await db.schema.createIndex('sessions_expiry_idx').on('sessions').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sessions').ifExists().execute();
      await db.schema.dropTable('signin_tokens').ifExists().execute();
    },
  },
  '0004_webhooks': {
    // Account-registered webhook URLs (secrets sealed) and the log of every delivery.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex('webhooks_account_idx').on('webhooks').column('account_id').execute();
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigserial', (c) => c.notNull())
        .addColumn('webhook_id', 'text', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('scan_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('delivered_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('webhook_deliveries_hook_idx').on('webhook_deliveries').columns(['webhook_id', 'seq desc']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('webhook_deliveries').ifExists().execute();
      await db.schema.dropTable('webhooks').ifExists().execute();
    },
  },
  '0005_quota_counters': {
    // Hourly quota and sign-in counters when there is no Redis, so a restart keeps them.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('quota_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quota_counters_expiry_idx').on('quota_counters').column('expires_at').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('quota_counters').ifExists().execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
