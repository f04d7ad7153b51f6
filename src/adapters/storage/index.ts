export { openStorage, migrate, type Storage, type StorageKind, type StorageOptions } from './database.js';
export { AccountsRepository, type ActiveKey } from './repositories/accounts.js';
export { MAX_CURSOR, ScansRepository, type ScanPage, type ScanSummary, type StoredScan } from './repositories/scans.js';
export { SystemStateRepository } from './repositories/system-state.js';
export { AdvisoriesRepository, type AdvisoryRow, type AdvisoryCounts } from './repositories/advisories.js';
export { SessionsRepository, type NewSession } from './repositories/sessions.js';
export { SignInTokensRepository } from './repositories/signin-tokens.js';
export type { AccountRow, ApiKeyRow, Database, SessionRow } from './schema.js';
export { EmbeddedDatabaseInUse } from './embedded-lock.js';
