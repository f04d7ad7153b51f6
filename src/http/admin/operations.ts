import { AppError } from '../../core/errors.js';
import type { Plan } from '../../services/accounts/plans.js';
import type { Account, AccountListing, AccountService, IssuedKey } from '../../services/accounts/service.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { importOsv, ImportError, type ImportStats } from '../../adapters/osv/import.js';
import { AdvisoriesRepository, type AdvisoryCounts, type Storage } from '../../adapters/storage/index.js';

/** What became of mailing a rotated key. */
export type MailOutcome =
  | { readonly status: 'sent'; readonly via: Mailer['kind'] }
  | { readonly status: 'failed'; readonly reason: string }
  | { readonly status: 'skipped' };

export interface RotatedKey {
  readonly issued: IssuedKey;
  readonly mail: MailOutcome;
}

/**
 * The administration the CLI offers, and nothing more. Two implementations:
 * on the database directly (service stopped, or PostgreSQL), and through the
 * admin socket of a running service that holds the embedded database.
 */
export interface AdminOperations {
  createAccount(email: string, plan: Plan): Promise<IssuedKey>;
  listAccounts(): Promise<AccountListing[]>;
  setPlan(email: string, plan: Plan): Promise<Account>;
  rotateKey(email: string, mail: boolean): Promise<RotatedKey>;
  /** Loads OSV records from a file or folder on this machine (an absolute path). */
  importOsv(path: string): Promise<ImportStats>;
  osvCounts(): Promise<OsvCounts>;
}

export type OsvCounts = AdvisoryCounts;

/** The operations on an open database, with this process's mailer. */
export function localAdmin(deps: { accounts: AccountService; mailer: Mailer; storage: Storage }): AdminOperations {
  const { accounts, mailer, storage } = deps;
  return {
    async importOsv(path) {
      try {
        return await importOsv(path, new AdvisoriesRepository(storage.db));
      } catch (error) {
        // The reasons an import file is refused are the user's to read (not found, not OSV JSON…).
        if (error instanceof ImportError) throw new AppError('bad_request', error.message);
        throw error;
      }
    },
    osvCounts: () => new AdvisoriesRepository(storage.db).counts(),
    createAccount: (email, plan) => accounts.createAccount(email, plan),
    listAccounts: () => accounts.listAccounts(),
    setPlan: (email, plan) => accounts.setPlan(email, plan),
    async rotateKey(email, mail) {
      const issued = await accounts.rotateKeyByEmail(email);
      if (!mail) return { issued, mail: { status: 'skipped' } };
      try {
        await accounts.mailKey(issued, 'rotated');
        return { issued, mail: { status: 'sent', via: mailer.kind } };
      } catch (error) {
        return { issued, mail: { status: 'failed', reason: error instanceof Error ? error.message : String(error) } };
      }
    },
  };
}
